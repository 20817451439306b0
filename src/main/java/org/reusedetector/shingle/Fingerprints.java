package org.reusedetector.shingle;

/**
 * 64-bit fingerprints of words and k-word phrases. The papers use Rabin fingerprints (Fetterly et al. 2005 §3.1:
 * one degree-64 polynomial for words, one for phrases, 84 for the selectors); we use a documented 64-bit hash
 * instead: FNV-1a over the word's UTF-16 code units, then SplitMix64's finaliser ({@link #mix}), which is a bijection
 * of the 64-bit space. A phrase is the polynomial Σ w_j·R^(k−1−j) (mod 2⁶⁴, R odd) of its word fingerprints, then
 * {@link #mix}: order-sensitive, and a rolling hash, so a document's phrases cost O(1) each whatever k
 * (the role of Rabin's prefix deletion and extension in the paper).
 *
 * <p>Collision figure: for n distinct phrases the chance of any collision is about n²/2⁶⁵; for 10⁷ distinct phrases
 * (a 10 000-page crawl) that is 2.7·10⁻⁶, for 10⁹ it is 2.7 %, and a collision merely merges two phrases' counts.
 * As the paper says of its Rabin fingerprints, "near-vanishing" at our data sizes.
 */
public final class Fingerprints {

    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;
    /** The base of the phrase polynomial. */
    static final long R = 0x9e3779b97f4a7c15L;

    private Fingerprints() {}

    /** The fingerprint of the word {@code text[start, start + length)}. */
    public static long word(char[] text, int start, int length) {
        long h = FNV_OFFSET;
        for (int i = start; i < start + length; i++) {
            h = (h ^ text[i]) * FNV_PRIME;
        }
        return mix(h);
    }

    public static long word(String word) {
        return word(word.toCharArray(), 0, word.length());
    }

    /** The fingerprint of the phrase of {@code k} words starting at {@code start}, wrapping round the end of {@code words}. */
    public static long phrase(long[] words, int start, int k) {
        long h = 0;
        int n = words.length;
        for (int j = 0; j < k; j++) {
            h = h * R + words[(start + j) % n];
        }
        return mix(h);
    }

    /** SplitMix64's finaliser: a bijection of the 64-bit integers with good avalanche. */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
