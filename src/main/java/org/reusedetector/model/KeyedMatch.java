package org.reusedetector.model;

/**
 * Keyed label mode: one input of the join of a page with its label partitions' answers, keyed by {@code page}: either
 * the page itself, with how many answers to wait for, or one answer.
 *
 * @param page the join id, unique among the pages in flight
 * @param hashed the page, or {@code null} in an answer
 * @param expected with the page: how many partitions were asked (one answer each)
 * @param answer an answer, or {@code null} with the page
 */
public record KeyedMatch(long page, HashedPage hashed, int expected, LabelAnswer answer) {

    public static KeyedMatch page(long id, HashedPage hashed, int expected) {
        return new KeyedMatch(id, hashed, expected, null);
    }

    public static KeyedMatch answer(LabelAnswer answer) {
        return new KeyedMatch(answer.page(), null, 0, answer);
    }
}
