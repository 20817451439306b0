package org.reusedetector.detection;

/**
 * Stable operator uids (savepoint compatibility: never change a uid of a stateful operator) and names.
 * The uid doubles as the name shown in the Flink UI.
 */
public final class OperatorIds {
    private OperatorIds() {}

    public static final String PAGES_SOURCE = "pages-source";
    public static final String LABELS_SOURCE = "labels-source";
    public static final String PARSE_AND_HASH = "parse-and-hash";
    public static final String EVENT_TIME = "event-time";
    public static final String MATCH_LABELS = "match-labels";
    public static final String PAGE_ALERTS = "page-alerts";
    public static final String URL_CONTRIBUTIONS = "url-contributions";
    public static final String NEIGHBOURHOOD_AGGREGATE = "neighbourhood-aggregate";
    public static final String NEIGHBOURHOOD_THRESHOLD = "neighbourhood-threshold";
    public static final String NEIGHBOURHOOD_ALERTS = "neighbourhood-alerts";
    public static final String ALERTS_SINK = "alerts-sink";
    public static final String ALERTS_FILE_SINK = "alerts-file-sink";
    public static final String DEAD_LETTERS_SINK = "dead-letters-sink";
    public static final String ALERTS_TO_JSON = "alerts-to-json";
    public static final String DEAD_LETTERS_TO_JSON = "dead-letters-to-json";
    public static final String HASH_INDEX_SINK = "hash-index-sink";
}
