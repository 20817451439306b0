package org.reusedetector.model;

/**
 * What an {@link Alert} says. Each type has one factory on {@link Alert}; its {@link #wireName() wire name} is the
 * {@code type} field of the alert topic's JSON and of {@code alerts.jsonl}, and the value of the {@code type} metric
 * group.
 */
public enum AlertType {
    /** A page whose labelled share reached the page threshold (a partial target). */
    PAGE("page"),
    /** A page that is a labelled file as a whole. */
    FILE("file"),
    /** A partial target under the phishing profile, naming the brand whose content it copies. */
    PHISH("phish"),
    /** A bad neighbourhood (URL prefix). */
    NEIGHBORHOOD("neighborhood"),
    /** A neighbourhood alerted earlier is no longer bad: its alert no longer stands. */
    CLEARED("cleared"),
    /** An I-Match signature matched an {@code imatch} label. */
    NEAR_DUPLICATE("near-duplicate"),
    /** The page's min-hash sketch resembles a {@code shingle} label's. */
    NEAR_COPY("near-copy"),
    /** A quilted page (Najork 2012), found by the batch {@code quilts} and published with {@code quilts --publish}. */
    QUILT("quilt");

    private final String wireName;

    AlertType(String wireName) {
        this.wireName = wireName;
    }

    /** The name consumers see: lower case, words joined by {@code -}. */
    public String wireName() {
        return wireName;
    }

    /** The type of a wire name; throws {@link IllegalArgumentException} naming the known ones for any other. */
    public static AlertType fromWireName(String name) {
        for (AlertType type : values()) {
            if (type.wireName.equals(name)) {
                return type;
            }
        }
        throw new IllegalArgumentException("unknown alert type '" + name + "', expected one of "
                + java.util.Arrays.stream(values()).map(AlertType::wireName).toList());
    }
}
