package org.reusedetector.page;

/** Collapses every run of whitespace (including no-break and other Unicode spaces) to one space and trims. */
public final class WhitespaceNormalizer {

    /**
     * {@link #isSpaceByDefinition} for every char as a bit set (8 KB): one load instead of two Unicode category
     * look-ups per non-ASCII character, which matters on pages in other scripts.
     */
    private static final long[] SPACES = new long[1 << 10];

    static {
        for (int c = 0; c <= Character.MAX_VALUE; c++) {
            if (isSpaceByDefinition((char) c)) {
                SPACES[c >>> 6] |= 1L << c;
            }
        }
    }

    private WhitespaceNormalizer() {}

    public static String normalize(CharSequence in) {
        StringBuilder out = new StringBuilder(in.length());
        boolean pendingSpace = false;
        for (int i = 0; i < in.length(); i++) {
            char c = in.charAt(i);
            if (isSpace(c)) {
                pendingSpace = out.length() > 0;
            } else {
                if (pendingSpace) {
                    out.append(' ');
                    pendingSpace = false;
                }
                out.append(c);
            }
        }
        return out.toString();
    }

    static boolean isSpace(char c) {
        return (SPACES[c >>> 6] & (1L << c)) != 0;
    }

    private static boolean isSpaceByDefinition(char c) {
        return c <= ' ' || Character.isWhitespace(c) || Character.isSpaceChar(c) || c == '\u200b' || c == '\ufeff';
    }
}
