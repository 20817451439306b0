package org.reusedetector.imatch;

import java.util.Arrays;

/**
 * A sample of a page's distinct k-word phrases (Broder's shingles), by which a join of two pages that share an I-Match
 * signature is confirmed ({@link JoinRule}): the smallest of the phrases' 64-bit fingerprints, at most the sample size (a
 * bottom-k sketch). A page with no more distinct phrases than that is held whole, so small pages, where I-Match's
 * false joins are, compare exactly. Two samples are compared below the lower of their two cut-offs, where each holds
 * every phrase of its page: the phrases there are a uniform sample of the union of the two pages' phrases, from which
 * both resemblance and containment are estimated ({@link #overlap}).
 *
 * @param values the sampled fingerprints, distinct, in increasing (signed) order
 * @param complete whether they are all of the page's distinct phrases
 * @param phrases the page's phrases, repeats included (its size, for ordering pages)
 */
public record PhraseSample(long[] values, boolean complete, int phrases) {

    /** A page without words. */
    public static final PhraseSample EMPTY = new PhraseSample(new long[0], true, 0);

    /**
     * What two samples share below the lower of their cut-offs.
     *
     * @param shared phrases of both pages
     * @param first phrases of the first page (this sample)
     * @param second phrases of the second page
     * @param firstWhole whether the first page's phrases compared are all its phrases
     * @param secondWhole the same for the second page
     */
    public record Overlap(int shared, int first, int second, boolean firstWhole, boolean secondWhole) {

        /** The estimated resemblance |A ∩ B| / |A ∪ B| (Broder 1997). */
        public double resemblance() {
            int union = first + second - shared;
            return union == 0 ? 0 : (double) shared / union;
        }

        /** The estimated containment of the page with fewer phrases compared in the other: |A ∩ B| / min(|A|, |B|). */
        public double containment() {
            int smaller = Math.min(first, second);
            return smaller == 0 ? 0 : (double) shared / smaller;
        }

        /** Phrases compared of the page with fewer of them. */
        public int smallerCompared() {
            return Math.min(first, second);
        }

        /** Whether the phrases compared of the page with fewer of them are all its phrases. */
        public boolean smallerWhole() {
            return first < second ? firstWhole : second < first ? secondWhole : firstWhole || secondWhole;
        }
    }

    /** The largest fingerprint this sample speaks for: every phrase of the page up to it is in the sample. */
    long cutOff() {
        return complete || values.length == 0 ? Long.MAX_VALUE : values[values.length - 1];
    }

    /** The two samples compared below the lower of their cut-offs (one merge of the sorted values). */
    public Overlap overlap(PhraseSample other) {
        long cut = Math.min(cutOff(), other.cutOff());
        long[] a = values;
        long[] b = other.values;
        int i = 0;
        int j = 0;
        int shared = 0;
        while (i < a.length && j < b.length && a[i] <= cut && b[j] <= cut) {
            if (a[i] == b[j]) {
                shared++;
                i++;
                j++;
            } else if (a[i] < b[j]) {
                i++;
            } else {
                j++;
            }
        }
        int first = upTo(a, i, cut);
        int second = upTo(b, j, cut);
        return new Overlap(shared, first, second, first == a.length && complete, second == b.length && other.complete);
    }

    /** The number of values up to {@code cut}, counting on from {@code from} (all before it are). */
    private static int upTo(long[] sorted, int from, long cut) {
        int n = from;
        while (n < sorted.length && sorted[n] <= cut) {
            n++;
        }
        return n;
    }

    /**
     * The sample of a page's phrase fingerprints {@code phrases[0, count)}: the {@code size} smallest distinct ones.
     * The first {@code 2 · size} phrases are sorted once; after that a phrase costs one compare with the cut-off (the
     * largest value kept), and the few under it (about size · ln(count / size) of them) are inserted in order.
     *
     * @param buffer room for at least {@code 2 · size} values, reused between pages
     */
    public static PhraseSample of(long[] phrases, int count, int size, long[] buffer) {
        if (count == 0) {
            return EMPTY;
        }
        long[] kept = buffer;
        int first = Math.min(count, 2 * size);
        System.arraycopy(phrases, 0, kept, 0, first);
        int distinct = distinctSorted(kept, first);
        boolean dropped = distinct > size; // some distinct phrase is not kept
        int n = Math.min(distinct, size);
        for (int p = first; p < count; p++) {
            long v = phrases[p];
            if (n == size && v >= kept[n - 1]) {
                dropped |= v > kept[n - 1]; // v equal to the cut-off is a repeat of a kept phrase
                continue;
            }
            int at = Arrays.binarySearch(kept, 0, n, v);
            if (at >= 0) {
                continue; // a repeat
            }
            at = -at - 1;
            if (n == size) {
                dropped = true; // the largest kept value makes room
                n--;
            }
            System.arraycopy(kept, at, kept, at + 1, n - at);
            kept[at] = v;
            n++;
        }
        return new PhraseSample(Arrays.copyOf(kept, n), !dropped, count);
    }

    /** As {@link #of(long[], int, int, long[])} with a buffer of its own. */
    public static PhraseSample of(long[] phrases, int count, int size) {
        return of(phrases, count, size, new long[2 * size]);
    }

    /** Sorts {@code values[0, n)} and moves its distinct values to the front; returns how many there are. */
    private static int distinctSorted(long[] values, int n) {
        Arrays.sort(values, 0, n);
        int distinct = 0;
        for (int i = 0; i < n; i++) {
            if (distinct == 0 || values[i] != values[distinct - 1]) {
                values[distinct++] = values[i];
            }
        }
        return distinct;
    }
}
