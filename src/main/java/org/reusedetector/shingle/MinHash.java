package org.reusedetector.shingle;

/**
 * Min-hash selection (Fetterly et al. 2005 §3.1): m selector functions are applied to every phrase fingerprint of
 * a document and the smallest value of each is kept; the i-th kept value is the document's i-th shingle. The paper
 * uses m = 84 Rabin fingerprinting functions; our selector i is {@code mix(p ^ seed_i)}, a permutation of the 64-bit
 * space (XOR with a constant, then the {@link Fingerprints#mix} bijection), which is what min-wise selection needs.
 * The seeds are fixed, so shingles of different runs and processes compare.
 */
public final class MinHash {

    /** Fetterly et al. §3.1: "feature vectors of length 84". */
    public static final int SELECTORS = 84;

    private final long[] seeds;

    public MinHash(int selectors) {
        seeds = new long[selectors];
        long state = 0x2545f4914f6cdd1dL;
        for (int i = 0; i < selectors; i++) {
            state += 0x9e3779b97f4a7c15L;
            seeds[i] = Fingerprints.mix(state);
        }
    }

    public int selectors() {
        return seeds.length;
    }

    /** Selector {@code i} applied to a phrase fingerprint. */
    public long select(int i, long phrase) {
        return Fingerprints.mix(phrase ^ seeds[i]);
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
        int[] positions = new int[seeds.length];
        for (int i = 0; i < seeds.length; i++) {
            long seed = seeds[i];
            long min = Long.MAX_VALUE;
            int at = 0;
            for (int p = 0; p < phrases.length; p++) {
                long v = Fingerprints.mix(phrases[p] ^ seed);
                // unsigned order: the whole 64-bit range is the permutation's image
                if (p == 0 || Long.compareUnsigned(v, min) < 0) {
                    min = v;
                    at = p;
                }
            }
            positions[i] = at;
        }
        return positions;
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
