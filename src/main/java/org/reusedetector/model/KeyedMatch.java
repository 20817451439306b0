package org.reusedetector.model;

/**
 * Keyed label mode: one input of the join of a page with its label partitions' answers, keyed by {@code page}: either
 * the page itself, with how many answers to wait for, or one answer.
 *
 * @param page the join id, unique among the pages in flight
 * @param hashed the page, or {@code null} in an answer
 * @param expected with the page: how many partitions were asked (one answer each); 0 with an answer; {@link #UPDATE}
 *     with a label update
 * @param answer an answer, or a label update: a label of one of the page's hashes changed after its partition answered
 *     (the index names the hash, kind 0 says it is no longer labelled); {@code null} with the page
 */
public record KeyedMatch(long page, HashedPage hashed, int expected, LabelAnswer answer) {

    public static KeyedMatch page(long id, HashedPage hashed, int expected) {
        return new KeyedMatch(id, hashed, expected, null);
    }

    /** {@link #expected} of a label update. */
    public static final int UPDATE = -1;

    public static KeyedMatch answer(LabelAnswer answer) {
        return new KeyedMatch(answer.page(), null, 0, answer);
    }

    /** A change of the label of a hash the page holds, after its partition answered (keyed label mode's re-scores). */
    public static KeyedMatch update(LabelAnswer change) {
        return new KeyedMatch(change.page(), null, UPDATE, change);
    }

    public boolean isUpdate() {
        return expected == UPDATE && hashed == null;
    }
}
