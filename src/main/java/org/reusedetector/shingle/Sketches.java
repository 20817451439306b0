package org.reusedetector.shingle;

import java.nio.ByteBuffer;
import java.util.Base64;

/**
 * A page's near-copy sketch ({@link OnePermutationHash}) as text (the {@code shingle} label) and the resemblance of two
 * sketches.
 */
public final class Sketches {

    /**
     * Marks a sketch of {@link OnePermutationHash}. The sketches of the earlier estimator (84 independent min-hashes)
     * were bare Base64: their values are of other functions, and compared with today's pages' they would agree on
     * nothing, so they are refused rather than silently matching nothing (relabel with {@code label}).
     */
    static final String PREFIX = "oph.";

    private Sketches() {}

    /** {@link #PREFIX}, then Base64url of the values, 8 bytes each big-endian: 900 characters for 84 values. */
    public static String encode(long[] shingles) {
        ByteBuffer bytes = ByteBuffer.allocate(shingles.length * 8);
        for (long s : shingles) {
            bytes.putLong(s);
        }
        return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes.array());
    }

    /** The values of a sketch from {@link #encode}; an earlier estimator's sketch or a malformed one is refused. */
    public static long[] decode(String text) {
        if (!text.startsWith(PREFIX)) {
            throw new IllegalArgumentException(
                    "not a one-permutation sketch (a label of the earlier estimator? relabel with 'label'): "
                            + (text.length() > 20 ? text.substring(0, 20) + "…" : text));
        }
        byte[] bytes = Base64.getUrlDecoder().decode(text.substring(PREFIX.length()));
        if (bytes.length != MinHash.SELECTORS * 8) {
            throw new IllegalArgumentException(
                    "a sketch has " + MinHash.SELECTORS + " shingles, got " + bytes.length + " bytes");
        }
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        long[] shingles = new long[MinHash.SELECTORS];
        for (int i = 0; i < shingles.length; i++) {
            shingles[i] = buffer.getLong();
        }
        return shingles;
    }

    /** The share of selectors on which the two sketches agree: the estimate of their phrase sets' resemblance. */
    public static double resemblance(long[] a, long[] b) {
        int n = Math.min(a.length, b.length);
        if (n == 0) {
            return 0;
        }
        int agree = 0;
        for (int i = 0; i < n; i++) {
            if (a[i] == b[i]) {
                agree++;
            }
        }
        return (double) agree / n;
    }

    /** The band keys of a sketch: band j's {@code rows} shingles hashed together with j. */
    public static long[] bands(long[] shingles, int rows) {
        long[] keys = new long[shingles.length / rows];
        for (int j = 0; j < keys.length; j++) {
            long h = j;
            for (int r = 0; r < rows; r++) {
                h = Fingerprints.mix(h * Fingerprints.R + shingles[j * rows + r]);
            }
            keys[j] = h;
        }
        return keys;
    }
}
