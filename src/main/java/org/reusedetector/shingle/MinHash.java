package org.reusedetector.shingle;

import java.util.Arrays;

/**
 * Min-hash selection (Fetterly et al. 2005 §3.1): m selector functions are applied to every phrase fingerprint of
 * a document and the smallest value of each is kept; the i-th kept value is the document's i-th shingle. The paper
 * uses m = 84 Rabin fingerprinting functions; our selector i is {@code a_i · p + b_i (mod 2⁶⁴)} with odd {@code a_i}:
 * an affine bijection of the 64-bit space applied to the already well-mixed phrase fingerprint p, so each selector is
 * a permutation, which is what min-wise selection needs (the agreement of two documents' shingles estimates their
 * resemblance: see the test). One multiply-add a phrase and selector, where a second full mix cost three times the
 * chunk hashing of a page ({@code benchmark shingles}). The constants are fixed, so shingles of different runs and
 * processes compare.
 */
public final class MinHash {

    /** Fetterly et al. §3.1: "feature vectors of length 84". */
    public static final int SELECTORS = 84;

    private final long[] multipliers;
    private final long[] offsets;

    public MinHash(int selectors) {
        this(selectors, 0x2545f4914f6cdd1dL);
    }

    /** Selectors drawn from another seed: the same estimator with other random functions (a yardstick of its noise). */
    public MinHash(int selectors, long seed) {
        multipliers = new long[selectors];
        offsets = new long[selectors];
        long state = seed;
        for (int i = 0; i < selectors; i++) {
            state += 0x9e3779b97f4a7c15L;
            multipliers[i] = Fingerprints.mix(state) | 1L;
            state += 0x9e3779b97f4a7c15L;
            offsets[i] = Fingerprints.mix(state);
        }
    }

    public int selectors() {
        return multipliers.length;
    }

    /** Selector {@code i} applied to a phrase fingerprint. */
    public long select(int i, long phrase) {
        return phrase * multipliers[i] + offsets[i];
    }

    /**
     * The shingles of a document with the given phrase fingerprints (none for an empty document).
     *
     * @return per selector, the index into {@code phrases} of the phrase it selected (the first on ties)
     */
    public int[] selectPositions(long[] phrases) {
        if (phrases.length == 0) {
            return new int[0];
        }
        int[] positions = new int[multipliers.length];
        for (int i = 0; i < multipliers.length; i++) {
            long a = multipliers[i];
            // unsigned order (the whole 64-bit range is the permutation's image), as signed order of v + 2⁶³
            long b = offsets[i] + Long.MIN_VALUE;
            long min = Long.MAX_VALUE;
            int at = 0;
            for (int p = 0; p < phrases.length; p++) {
                long v = phrases[p] * a + b;
                if (v < min) {
                    min = v;
                    at = p;
                }
            }
            positions[i] = at;
        }
        return positions;
    }

    /**
     * The shingle values directly, equal to {@code shingles(phrases, selectPositions(phrases))}: phrase by phrase,
     * all selectors in an inner loop over small arrays, without positions. The unsigned minimum is taken with bit
     * operations only (no compare and branch or conditional move), which the JIT vectorises.
     */
    public long[] shingles(long[] phrases, int count) {
        if (count == 0) {
            return new long[0];
        }
        int m = multipliers.length;
        long[] mins = new long[m];
        Arrays.fill(mins, -1L); // the largest unsigned value
        long[] a = multipliers;
        long[] b = offsets;
        for (int p = 0; p < count; p++) {
            long phrase = phrases[p];
            for (int i = 0; i < m; i++) {
                long x = phrase * a[i] + b[i];
                long y = mins[i];
                // all ones when x < y unsigned: the borrow of x - y (Hacker's Delight 2-12)
                long less = ((~x & y) | (~(x ^ y) & (x - y))) >> 63;
                mins[i] = y ^ ((x ^ y) & less);
            }
        }
        return mins;
    }

    /** The shingle values (the selectors' minima), for {@link #selectPositions}'s positions. */
    public long[] shingles(long[] phrases, int[] positions) {
        long[] shingles = new long[positions.length];
        for (int i = 0; i < positions.length; i++) {
            shingles[i] = select(i, phrases[positions[i]]);
        }
        return shingles;
    }
}
