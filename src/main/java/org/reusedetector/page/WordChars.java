package org.reusedetector.page;

/**
 * Which chars are word chars (letters and digits, {@link Character#isLetterOrDigit(int)}), by one table read for any
 * char of the BMP outside the surrogates: the word splitters' per-char test, where the Unicode lookup of
 * {@code Character} costs several dependent table reads per non-ASCII char. Surrogates are judged per code point by
 * the caller ({@link #isSurrogate}).
 */
public final class WordChars {

    /** One bit per BMP char: set for a letter or digit (never for a surrogate). 8 KB. */
    private static final long[] LETTER_OR_DIGIT = new long[1 << 10];

    static {
        for (int c = 0; c < 1 << 16; c++) {
            if (!Character.isSurrogate((char) c) && Character.isLetterOrDigit(c)) {
                LETTER_OR_DIGIT[c >>> 6] |= 1L << c;
            }
        }
    }

    private WordChars() {}

    /** Whether a char that is no surrogate is a letter or digit; {@code false} for a surrogate. */
    public static boolean isLetterOrDigit(char c) {
        return (LETTER_OR_DIGIT[c >>> 6] & 1L << c) != 0;
    }

    /** Whether the char is half of a surrogate pair: the caller judges the whole code point. */
    public static boolean isSurrogate(char c) {
        return c >= Character.MIN_SURROGATE && c <= Character.MAX_SURROGATE;
    }
}
