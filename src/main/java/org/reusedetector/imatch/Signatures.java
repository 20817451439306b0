package org.reusedetector.imatch;

import org.reusedetector.page.Sha1;

/**
 * A page's extended I-Match signature (paper §4), packed: 20 bytes per lexicon in lexicon order (original first),
 * all zero where that lexicon gave no signature (a SHA-1 of all zeros does not occur in practice). An empty array
 * means no signature at all (signatures off, or too few lexicon terms).
 */
public final class Signatures {

    public static final int LENGTH = Sha1.LENGTH;
    public static final byte[] NONE = new byte[0];

    private Signatures() {}

    public static int lexicons(byte[] packed) {
        return packed.length / LENGTH;
    }

    /** Whether lexicon {@code j} gave a signature. */
    public static boolean has(byte[] packed, int j) {
        int base = j * LENGTH;
        if (base + LENGTH > packed.length) {
            return false;
        }
        for (int i = base; i < base + LENGTH; i++) {
            if (packed[i] != 0) {
                return true;
            }
        }
        return false;
    }

    /** Hex of lexicon {@code j}'s signature (check {@link #has} first). */
    public static String hex(byte[] packed, int j) {
        return Sha1.hex(packed, j);
    }

    /** Number of lexicons that gave a signature. */
    public static int count(byte[] packed) {
        int n = 0;
        for (int j = 0; j < lexicons(packed); j++) {
            if (has(packed, j)) {
                n++;
            }
        }
        return n;
    }

    /** Whether two pages share a signature under any of the first {@code lexicons} lexicons (§4: any coordinate). */
    public static boolean share(byte[] a, byte[] b, int lexicons) {
        for (int j = 0; j < lexicons; j++) {
            if (has(a, j)
                    && has(b, j)
                    && java.util.Arrays.equals(a, j * LENGTH, (j + 1) * LENGTH, b, j * LENGTH, (j + 1) * LENGTH)) {
                return true;
            }
        }
        return false;
    }
}
