package org.reusedetector.detection;

/** Names of the job's metrics, in one place (they are part of the operators' contract with dashboards). */
public final class Metrics {
    private Metrics() {}

    /** Input records taken by the parse step: each becomes a page parsed or a dead letter. */
    public static final String RECORDS_READ = "recordsRead";

    public static final String PAGES_PARSED = "pagesParsed";
    public static final String PAGE_BYTES_PARSED = "pageBytesParsed";
    public static final String CHUNKS_HASHED = "chunksHashed";
    public static final String DEAD_LETTERS = "deadLetters";
    public static final String PAGES_SCORED = "pagesScored";
    public static final String PAGES_HELD = "pagesHeldForLabelSnapshot";
    /** Of the held pages, those past {@code job.held-pages.max} that went to keyed (RocksDB) state instead of the heap. */
    public static final String PAGES_HELD_SPILLED = "pagesHeldSpilledToState";

    public static final String LABEL_UPDATES = "labelUpdates";
    public static final String LABELS_INVALID = "labelsInvalid";
    /** Keyed label mode: label records sent to the partitions that own them (markers included). */
    public static final String LABEL_PARTITION_UPDATES = "labelPartitionUpdates";
    /** Keyed label mode: queries of a page's hashes sent to label partitions (one per page and partition). */
    public static final String LABEL_QUERIES = "labelQueries";
    /** Keyed label mode: pages whose answers did not all arrive in time (dead letters). */
    public static final String LABEL_JOIN_TIMEOUTS = "labelJoinTimeouts";
    /** Keyed label mode: label changes sent to remembered pages that held the changed hash (one per page and hash). */
    public static final String LABEL_CHANGES_TO_PAGES = "labelChangesToPages";
    /** Keyed label mode: remembered pages re-scored after a label change whose score changed. */
    public static final String PAGES_RESCORED = "pagesRescored";

    public static final String LABEL_SNAPSHOT_LOADED = "labelSnapshotLoaded";
    public static final String PAGE_ALERTS = "pageAlerts";
    /** Pages whose I-Match signature matched an {@code imatch} label. */
    public static final String NEAR_DUPLICATE_ALERTS = "nearDuplicateAlerts";
    /** Metric group variable naming the I-Match lexicon version a job matches under (its id). */
    public static final String LEXICON_GROUP = "lexicon";
    /** Terms of the job's I-Match lexicon (a gauge in the {@link #LEXICON_GROUP} group, so the id shows in the metrics). */
    public static final String IMATCH_LEXICON_TERMS = "imatchLexiconTerms";

    public static final String NEAR_COPY_ALERTS = "nearCopyAlerts";
    public static final String URL_REVISITS = "urlRevisits";
    public static final String URLS_EXPIRED = "urlsExpired";
    public static final String NEIGHBORHOODS = "neighborhoods";
    public static final String NEIGHBORHOOD_MEAN = "neighborhoodBadnessMean";
    public static final String NEIGHBORHOOD_STDDEV = "neighborhoodBadnessStddev";
    public static final String NEIGHBORHOOD_THRESHOLD = "neighborhoodThreshold";
    public static final String NEIGHBORHOOD_ALERTS = "neighborhoodAlerts";

    // streaming job, counted where records leave or enter it (stream/StreamingJob), one counter per key value
    /** Dead letters written, in group {@code reason}. */
    public static final String DEAD_LETTERS_BY_REASON = "deadLettersWritten";

    public static final String REASON_GROUP = "reason";
    /** Alerts written, in group {@code type} (page, file, phish, neighborhood, cleared). */
    public static final String ALERTS_BY_TYPE = "alertsWritten";

    public static final String TYPE_GROUP = "type";
    /** Label records read from the labels topic, in group {@code kind} (chunk, file, stop). */
    public static final String LABELS_BY_KIND = "labelRecordsRead";

    public static final String KIND_GROUP = "kind";
}
