package org.reusedetector.util;

/**
 * Strings as valid Unicode. A Java string may hold a lone surrogate (JSON allows the escape {@code \ud800} on its
 * own), and a UTF-8 writer that reports malformed input then fails on it, or one that replaces writes {@code ?}.
 * Records are made valid here before any sink sees them: a lone surrogate becomes U+FFFD, as a browser decodes it.
 */
public final class ValidUnicode {

    /** What a lone surrogate becomes. */
    public static final char REPLACEMENT = '\uFFFD';

    private ValidUnicode() {}

    /** The index of the first lone surrogate in {@code s}, or -1 when it is valid Unicode (or null). */
    public static int firstLoneSurrogate(String s) {
        if (s == null) {
            return -1;
        }
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < Character.MIN_SURROGATE || c > Character.MAX_SURROGATE) {
                continue;
            }
            if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++; // a pair
                continue;
            }
            return i;
        }
        return -1;
    }

    /** {@code s} with every lone surrogate replaced by U+FFFD; the same instance when there is none. */
    public static String repair(String s) {
        int first = firstLoneSurrogate(s);
        if (first < 0) {
            return s;
        }
        char[] chars = s.toCharArray();
        int n = chars.length;
        for (int i = first; i < n; i++) {
            char c = chars[i];
            if (c < Character.MIN_SURROGATE || c > Character.MAX_SURROGATE) {
                continue;
            }
            if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(chars[i + 1])) {
                i++;
                continue;
            }
            chars[i] = REPLACEMENT;
        }
        return new String(chars);
    }

    /**
     * At most the first {@code maxChars} chars of {@code s}, not ending inside a surrogate pair (a pair is cut
     * whole), so that a truncated string is still valid.
     */
    public static String prefix(String s, int maxChars) {
        if (s.length() <= maxChars) {
            return s;
        }
        int end = maxChars;
        if (end > 0 && Character.isHighSurrogate(s.charAt(end - 1)) && Character.isLowSurrogate(s.charAt(end))) {
            end--;
        }
        return s.substring(0, end);
    }

    /** The length of {@code s} in UTF-8 bytes (a lone surrogate counts as the 3 bytes of its replacement). */
    public static long utf8Length(String s) {
        long bytes = 0;
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                bytes++;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }
}
