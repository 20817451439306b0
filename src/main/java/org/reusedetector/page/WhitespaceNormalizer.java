package org.reusedetector.page;

/** Collapses every run of whitespace (including no-break and other Unicode spaces) to one space and trims. */
public final class WhitespaceNormalizer {

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
        return c <= ' ' || Character.isWhitespace(c) || Character.isSpaceChar(c) || c == '\u200b' || c == '\ufeff';
    }
}
