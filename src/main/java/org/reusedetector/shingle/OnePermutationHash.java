package org.reusedetector.shingle;

import java.util.Arrays;

/**
 * The near-copy sketch: one-permutation min-hashing with optimal densification (Li, Owen & Zhang 2012; Shrivastava &
 * Li 2014; Shrivastava 2017), in place of {@link MinHash}'s m independent selectors. Every phrase fingerprint is mixed
 * once ({@link Fingerprints#mix} of it xor a fixed seed, a bijection) into h; the top bits of h pick one of m bins (the
 * 64-bit range cut into m equal parts) and the bin keeps the smallest h that falls in it. A bin that no phrase fell in
 * borrows the value of a non-empty bin: the first non-empty one of a fixed pseudo-random sequence of bins for that bin,
 * the same sequence for every document (optimal densification), so two documents agree on a borrowed value with the
 * probability they agree on a filled bin. The share of agreeing values then estimates the resemblance of the two
 * phrase sets as the m selectors did (unbiased; docs/evaluation.md compares the two on the crawls), at one mix a
 * phrase instead of m multiply-adds. Its values are not those of {@link MinHash}: sketches of the two never compare ({@link Sketches}
 * tells them apart). The constants are fixed, so sketches of different runs and processes compare.
 */
public final class OnePermutationHash {

    /** The bins, as many as the paper's selectors, so that the LSH bands and the threshold keep their meaning. */
    public static final int BINS = MinHash.SELECTORS;

    private static final long SEED = 0x6a09e667f3bcc909L;
    private static final long DENSIFY_SEED = 0xbb67ae8584caa73bL;

    private final int bins;
    private final long[] mins;
    private final boolean[] filled;

    public OnePermutationHash(int bins) {
        if (bins < 1) {
            throw new IllegalArgumentException("bins must be at least 1: " + bins);
        }
        this.bins = bins;
        this.mins = new long[bins];
        this.filled = new boolean[bins];
    }

    public int bins() {
        return bins;
    }

    /** The bin of a mixed phrase value: its place in the 64-bit range cut into {@code bins} equal parts. */
    static int bin(long h, int bins) {
        return (int) (((h >>> 32) * bins) >>> 32);
    }

    /** The mixed value of a phrase fingerprint, whose top bits pick its bin and whose order within the bin ranks it. */
    static long mixed(long phrase) {
        return Fingerprints.mix(phrase ^ SEED);
    }

    /**
     * The sketch of a document whose phrase fingerprints are {@code phrases[0, count)}: one value per bin, densified;
     * empty for a document without phrases. Not thread-safe (reuses its buffers).
     */
    public long[] sketch(long[] phrases, int count) {
        if (count == 0) {
            return new long[0];
        }
        clear();
        for (int p = 0; p < count; p++) {
            add(phrases[p]);
        }
        return densified();
    }

    /**
     * The sketch of a document whose word fingerprints are {@code words[0, count)}, over its circular k-word phrases
     * ({@link Phrases#circular}): the same as {@link #sketch} of those phrases, each phrase taken as it is rolled
     * instead of from an array of them. Empty for a document without words. Not thread-safe (reuses its buffers).
     */
    public long[] sketchOfWords(long[] words, int count, int k) {
        if (count == 0) {
            return new long[0];
        }
        clear();
        long top = 1; // R^(k-1)
        for (int j = 1; j < k; j++) {
            top *= Fingerprints.R;
        }
        long h = 0;
        for (int j = 0; j < k; j++) {
            h = h * Fingerprints.R + words[j % count];
        }
        // as Phrases.circular: only the last k phrases wrap round the circle
        int i = 0;
        for (int straight = count - k; i < straight; i++) {
            add(Fingerprints.mix(h));
            h = (h - words[i] * top) * Fingerprints.R + words[i + k];
        }
        for (; i < count; i++) {
            add(Fingerprints.mix(h));
            h = (h - words[i] * top) * Fingerprints.R + words[(i + k) % count];
        }
        return densified();
    }

    private void clear() {
        Arrays.fill(mins, -1L); // the largest unsigned value
        Arrays.fill(filled, false);
    }

    /** One phrase into its bin. */
    private void add(long phrase) {
        long h = mixed(phrase);
        int b = bin(h, bins);
        filled[b] = true;
        // unsigned order: a bin's values share their top bits, so the rest decides
        if (Long.compareUnsigned(h, mins[b]) < 0) {
            mins[b] = h;
        }
    }

    /** The bins' values, each empty bin's borrowed from its donor. */
    private long[] densified() {
        long[] min = mins;
        boolean[] full = filled;
        int m = bins;
        long[] sketch = min.clone();
        for (int b = 0; b < m; b++) {
            if (!full[b]) {
                sketch[b] = min[donor(b, full, m)];
            }
        }
        return sketch;
    }

    /**
     * The non-empty bin an empty bin {@code b} borrows from: the first non-empty one of bin b's pseudo-random sequence
     * (a fixed function of b and the attempt, so the same for every document). Past 4m attempts (a document with one
     * filled bin of 84 misses that many with probability about 2 %) the next non-empty bin in order, so that it ends.
     */
    static int donor(int b, boolean[] full, int m) {
        for (int attempt = 1; attempt <= 4 * m; attempt++) {
            int candidate = bin(Fingerprints.mix(DENSIFY_SEED + ((long) b << 32) + attempt), m);
            if (full[candidate]) {
                return candidate;
            }
        }
        for (int i = 1; i < m; i++) {
            int candidate = (b + i) % m;
            if (full[candidate]) {
                return candidate;
            }
        }
        throw new IllegalStateException("no filled bin"); // unreachable: count > 0 fills one
    }
}
