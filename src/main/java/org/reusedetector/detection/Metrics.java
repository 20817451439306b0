package org.reusedetector.detection;

/** Names of the job's metrics, in one place (they are part of the operators' contract with dashboards). */
public final class Metrics {
    private Metrics() {}

    public static final String PAGES_PARSED = "pagesParsed";
    public static final String PAGE_BYTES_PARSED = "pageBytesParsed";
    public static final String CHUNKS_HASHED = "chunksHashed";
    public static final String DEAD_LETTERS = "deadLetters";
    public static final String PAGES_SCORED = "pagesScored";
    public static final String PAGES_HELD = "pagesHeldForLabelSnapshot";
    public static final String LABEL_UPDATES = "labelUpdates";
    public static final String LABELS_INVALID = "labelsInvalid";
    public static final String LABEL_SNAPSHOT_LOADED = "labelSnapshotLoaded";
    public static final String PAGE_ALERTS = "pageAlerts";
    /** Pages whose I-Match signature matched an {@code imatch} label. */
    public static final String NEAR_DUPLICATE_ALERTS = "nearDuplicateAlerts";
    public static final String NEAR_COPY_ALERTS = "nearCopyAlerts";
    public static final String QUILT_ALERTS = "quiltAlerts";
    public static final String URL_REVISITS = "urlRevisits";
    public static final String URLS_EXPIRED = "urlsExpired";
    public static final String NEIGHBOURHOODS = "neighbourhoods";
    public static final String NEIGHBOURHOOD_MEAN = "neighbourhoodBadnessMean";
    public static final String NEIGHBOURHOOD_STDDEV = "neighbourhoodBadnessStddev";
    public static final String NEIGHBOURHOOD_THRESHOLD = "neighbourhoodThreshold";
    public static final String NEIGHBOURHOOD_ALERTS = "neighbourhoodAlerts";
}
