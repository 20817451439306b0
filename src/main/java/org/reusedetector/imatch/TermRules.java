package org.reusedetector.imatch;

/**
 * Which words are terms, and their folded form (paper §6.3): words are lower-cased, and those with fewer than four
 * characters or with more than one digit are dropped. Folding is char by char ({@link Character#toLowerCase(char)}) so
 * that a lexicon built from strings and a lookup in the word stream's buffer agree without allocating.
 */
public final class TermRules {

    /** Shorter words are no terms (§6.3). */
    public static final int MIN_LENGTH = 4;
    /** Words with more digits than this are no terms (§6.3). */
    public static final int MAX_DIGITS = 1;

    private TermRules() {}

    /** Whether {@code text[start, start + length)} is a term. */
    public static boolean isTerm(char[] text, int start, int length) {
        if (length < MIN_LENGTH) {
            return false;
        }
        int digits = 0;
        for (int i = start, end = start + length; i < end; i++) {
            if (Character.isDigit(text[i]) && ++digits > MAX_DIGITS) {
                return false;
            }
        }
        return true;
    }

    public static char fold(char c) {
        if (c < 0x80) { // ASCII fast path: the bulk of the word stream
            return c >= 'A' && c <= 'Z' ? (char) (c | 0x20) : c;
        }
        return Character.toLowerCase(c);
    }

    /** The folded term of a word, or {@code null} when the word is no term. */
    public static String term(char[] text, int start, int length) {
        if (!isTerm(text, start, length)) {
            return null;
        }
        char[] folded = new char[length];
        for (int i = 0; i < length; i++) {
            folded[i] = fold(text[start + i]);
        }
        return new String(folded);
    }

    /** The folded term of a word given as a string, or {@code null}. */
    public static String term(String word) {
        return term(word.toCharArray(), 0, word.length());
    }
}
