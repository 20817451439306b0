package org.reusedetector.detection;

/**
 * Stable operator uids of every job (savepoint compatibility: never change a uid of a stateful operator), in one
 * place. In the detection jobs the uid doubles as the name shown in the Flink UI; discovery's operators carry
 * names of their own.
 */
public final class OperatorIds {
    private OperatorIds() {}

    // --- detection (the streaming job, and the parts the batch jobs share) ---
    public static final String PAGES_SOURCE = "pages-source";
    public static final String LABELS_SOURCE = "labels-source";
    public static final String PARSE_AND_HASH = "parse-and-hash";
    public static final String EVENT_TIME = "event-time";
    public static final String MATCH_LABELS = "match-labels";
    public static final String PAGE_ALERTS = "page-alerts";
    // keyed label mode (labels.mode: KEYED) in place of match-labels
    public static final String ROUTE_LABELS = "route-labels";
    public static final String SPLIT_PAGES = "split-pages";
    public static final String LABEL_PARTITIONS = "label-partitions";
    public static final String SUM_LABEL_SOURCE_COUNTS = "sum-label-source-counts";
    public static final String JOIN_LABEL_ANSWERS = "join-label-answers";
    public static final String MATCH_NEAR_DUPLICATES = "match-near-duplicates";
    public static final String MATCH_NEAR_COPIES = "match-near-copies";
    public static final String CORROBORATE_NEAR_COPIES = "corroborate-near-copies";
    public static final String CORROBORATE_NEAR_DUPLICATES = "corroborate-near-duplicates";
    public static final String URL_CONTRIBUTIONS = "url-contributions";
    public static final String NEIGHBOURHOOD_AGGREGATE = "neighbourhood-aggregate";
    public static final String NEIGHBOURHOOD_THRESHOLD = "neighbourhood-threshold";
    public static final String ALERTS_SINK = "alerts-sink";
    public static final String VERDICTS_SINK = "verdicts-sink";
    public static final String ALERTS_FILE_SINK = "alerts-file-sink";
    public static final String DEAD_LETTERS_SINK = "dead-letters-sink";
    public static final String HASH_INDEX_SINK = "hash-index-sink";
    public static final String COUNT_LABELS_BY_KIND = "count-labels-by-kind";
    public static final String COUNT_ALERTS_BY_TYPE = "count-alerts-by-type";
    public static final String COUNT_DEAD_LETTERS_BY_REASON = "count-dead-letters-by-reason";

    // --- batch inputs and outputs ---
    public static final String HASH_INDEX_SOURCE = "hash-index-source";
    public static final String PAGE_FILE_SOURCE = "page-file-source";
    public static final String LABELS_FILE_SOURCE = "labels-file-source";
    public static final String DEAD_LETTERS_FILE_SINK = "dead-letters-file-sink";

    // --- backfill (detect) ---
    public static final String PAGE_RESULTS = "page-results";
    public static final String FINAL_NEIGHBOURHOODS = "final-neighbourhoods";
    public static final String BADNESS_STATISTIC = "badness-statistic";
    public static final String JUDGE_NEIGHBOURHOODS = "judge-neighbourhoods";
    public static final String NEIGHBOURHOOD_ALERTS_BATCH = "neighbourhood-alerts-batch";
    public static final String PAGES_FILE_SINK = "pages-file-sink";
    public static final String NEIGHBOURHOODS_FILE_SINK = "neighbourhoods-file-sink";
    public static final String STATISTIC_FILE_SINK = "statistic-file-sink";

    // --- blind discovery (discover) ---
    public static final String DISCOVER_PAGE_RECORDS = "discover-page-records";
    public static final String DISCOVER_SAMPLE_CHUNKS = "discover-sample-chunks";
    /** Whole sites counted per partition, then blocks of counts merged per hash range. */
    public static final String DISCOVER_PREPARE_COUNTING = "discover-prepare-counting";

    public static final String DISCOVER_COUNT_SITES = "discover-count-sites";
    public static final String DISCOVER_MERGE_RANGES = "discover-merge-ranges";
    public static final String DISCOVER_SAMPLES = "discover-samples";
    public static final String DISCOVER_PER_HASH = "discover-per-hash";
    public static final String DISCOVER_COUNTED = "discover-counted";
    public static final String DISCOVER_HISTOGRAM = "discover-histogram";
    public static final String DISCOVER_PAGE_STATS = "discover-page-stats";
    public static final String DISCOVER_THRESHOLDS = "discover-thresholds";
    public static final String DISCOVER_CLASSIFY = "discover-classify";
    public static final String DISCOVER_LABELLED = "discover-labelled";
    public static final String DISCOVER_LABELS = "discover-labels";
    public static final String DISCOVER_SUMMARY_RUN = "discover-summary-run";
    public static final String DISCOVER_SUMMARY_HISTOGRAM = "discover-summary-histogram";
    public static final String DISCOVER_SUMMARY_FREQUENT = "discover-summary-frequent";
    public static final String DISCOVER_SUMMARY = "discover-summary";
    public static final String DISCOVER_FREQUENT_SINK = "discover-frequent-sink";
    public static final String DISCOVER_HISTOGRAM_SINK = "discover-histogram-sink";
    public static final String DISCOVER_SUMMARY_SINK = "discover-summary-sink";
    public static final String DISCOVER_RECURSION_SINK = "discover-recursion-sink";
    public static final String DISCOVER_DEAD_LETTERS_SINK = "discover-dead-letters-sink";
}
