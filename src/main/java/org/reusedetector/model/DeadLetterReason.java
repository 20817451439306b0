package org.reusedetector.model;

import java.util.Locale;
import java.util.Optional;

/** Why a record went to the dead-letter output. */
public enum DeadLetterReason {
    /** Not one JSON object: malformed, not an object, or more than one value on the line. */
    INVALID_JSON,
    MISSING_FIELD,
    /** A field of the wrong type or form: a body that is not a string, a status that is not an integer. */
    INVALID_FIELD,
    INVALID_URL,
    INVALID_FETCH_TIME,
    NOT_HTML,
    NOT_SUCCESS_STATUS,
    /** The body, or the whole record, is larger than the configured limit; it was not parsed. */
    BODY_TOO_LARGE,
    PARSE_FAILED,
    INVALID_LABEL,
    /** A crawler recursion error (paper §4.4.1): the URL's path repeats components; not scored. */
    CRAWLER_RECURSION,
    /** A file cut short or corrupt (a truncated gzip or WARC): what was read stands, the rest could not be read. */
    UNREADABLE_INPUT,
    /** A WARC response record that is not a usable HTTP capture (malformed header, bad date, undecodable content). */
    INVALID_WARC_RECORD,
    /**
     * Keyed label mode: a page whose label partitions did not all answer within {@code labels.keyed.join-timeout}
     * after the label snapshot loaded; not scored.
     */
    LABEL_JOIN_TIMEOUT;

    /** The reason of a code ({@code invalid-url}), or empty when there is none such. */
    public static Optional<DeadLetterReason> ofCode(String code) {
        for (DeadLetterReason reason : values()) {
            if (reason.code().equals(code)) {
                return java.util.Optional.of(reason);
            }
        }
        return java.util.Optional.empty();
    }

    public String code() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
