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

    /** ASCII letters and digits: the bulk of the text, judged without the larger table. */
    private static final boolean[] ASCII_LETTER_OR_DIGIT = new boolean[128];

    static {
        for (char c = 0; c < 128; c++) {
            ASCII_LETTER_OR_DIGIT[c] = Character.isLetterOrDigit(c);
        }
    }

    private WordChars() {}

    /**
     * The code point at {@code text[i]} (before {@code length}) for the word splitters: its width in chars (1, or 2
     * for a surrogate pair) when it is a letter or digit, minus its width when it is not.
     */
    public static int letterOrDigitWidth(char[] text, int i, int length) {
        char c = text[i];
        if (c < 128) {
            return ASCII_LETTER_OR_DIGIT[c] ? 1 : -1;
        }
        if (!isSurrogate(c)) {
            return isLetterOrDigit(c) ? 1 : -1;
        }
        int cp = Character.codePointAt(text, i, length);
        int width = Character.charCount(cp);
        return Character.isLetterOrDigit(cp) ? width : -width;
    }

    /**
     * 1 when {@code text[i]} belongs to a letter or digit, else 0, with no branch for a char of the BMP outside the
     * surrogates (the word cutters' char loops: a branch on the class is mispredicted about once a word). Both halves
     * of a surrogate pair get the class of their code point; a lone surrogate is no word char.
     */
    public static int wordCharBit(char[] text, int i, int length) {
        char c = text[i];
        if (isSurrogate(c)) { // rare, and predictable
            int codePoint = Character.isLowSurrogate(c) && i > 0 && Character.isHighSurrogate(text[i - 1])
                    ? Character.toCodePoint(text[i - 1], c)
                    : Character.codePointAt(text, i, length);
            return Character.isLetterOrDigit(codePoint) ? 1 : 0;
        }
        return (int) (LETTER_OR_DIGIT[c >>> 6] >>> c) & 1;
    }

    /** Whether a char that is no surrogate is a letter or digit; {@code false} for a surrogate. */
    public static boolean isLetterOrDigit(char c) {
        return (LETTER_OR_DIGIT[c >>> 6] & 1L << c) != 0;
    }

    /** Whether the char is half of a surrogate pair: the caller judges the whole code point. */
    public static boolean isSurrogate(char c) {
        return c >= Character.MIN_SURROGATE && c <= Character.MAX_SURROGATE;
    }
}
