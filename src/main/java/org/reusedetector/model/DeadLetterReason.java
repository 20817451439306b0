package org.reusedetector.model;

import java.util.Locale;

/** Why a record went to the dead-letter output. */
public enum DeadLetterReason {
    INVALID_JSON,
    MISSING_FIELD,
    INVALID_URL,
    INVALID_FETCH_TIME,
    NOT_HTML,
    NOT_SUCCESS_STATUS,
    BODY_TOO_LARGE,
    PARSE_FAILED,
    INVALID_LABEL,
    /** A crawler recursion error (paper §4.4.1): the URL's path repeats components; not scored. */
    CRAWLER_RECURSION;

    public String code() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
