package org.reusedetector.page;

import java.security.MessageDigest;

/**
 * UTF-8 encoding of {@code char} arrays exactly as {@link String#getBytes} with UTF-8 writes it (a lone surrogate
 * becomes {@code ?}), with a fast path for ASCII runs. {@link #digest} streams through a small reused buffer, so
 * hashing a page needs no copy of its bytes (JDK 17's {@code getBytes} of a non-Latin-1 string is slow and
 * allocates three bytes per character).
 */
final class Utf8 {

    private Utf8() {}

    /** Encodes {@code text[0, length)} into {@code out}, which must hold {@code 3 * length} bytes; returns the byte count. */
    static int encode(char[] text, int length, byte[] out) {
        int o = 0;
        int i = 0;
        while (i < length) {
            char c = text[i];
            if (c < 0x80) {
                out[o++] = (byte) c;
                i++;
            } else if (c < 0x800) {
                out[o++] = (byte) (0xC0 | (c >> 6));
                out[o++] = (byte) (0x80 | (c & 0x3F));
                i++;
            } else if (!Character.isSurrogate(c)) { // inline the common cases: other scripts are mostly 2 and 3 bytes
                out[o++] = (byte) (0xE0 | (c >> 12));
                out[o++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                out[o++] = (byte) (0x80 | (c & 0x3F));
                i++;
            } else {
                o = putNonAscii(text, i, length, out, o);
                i += isPairAt(text, i, length) ? 2 : 1;
            }
        }
        return o;
    }

    /**
     * Feeds the UTF-8 bytes of {@code text[0, length)} to {@code digest} through {@code buffer} (at least 16 bytes,
     * a few KB keeps it in the L1 cache) and returns their number.
     */
    static long digest(char[] text, int length, byte[] buffer, MessageDigest digest) {
        int flushAt = buffer.length - 4; // leaves room for the longest sequence
        long total = 0;
        int o = 0;
        int i = 0;
        while (i < length) {
            int asciiEnd = Math.min(length, i + (flushAt - o));
            while (i < asciiEnd && text[i] < 0x80) { // ASCII run: one compare and one store a character
                buffer[o++] = (byte) text[i++];
            }
            if (i < asciiEnd) {
                char c = text[i];
                if (c < 0x800) {
                    buffer[o++] = (byte) (0xC0 | (c >> 6));
                    buffer[o++] = (byte) (0x80 | (c & 0x3F));
                    i++;
                } else if (!Character.isSurrogate(c)) { // inline the common cases, as in encode
                    buffer[o++] = (byte) (0xE0 | (c >> 12));
                    buffer[o++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                    buffer[o++] = (byte) (0x80 | (c & 0x3F));
                    i++;
                } else {
                    o = putNonAscii(text, i, length, buffer, o);
                    i += isPairAt(text, i, length) ? 2 : 1;
                }
            }
            if (o >= flushAt) {
                digest.update(buffer, 0, o);
                total += o;
                o = 0;
            }
        }
        digest.update(buffer, 0, o);
        return total + o;
    }

    private static boolean isPairAt(char[] text, int i, int length) {
        return Character.isHighSurrogate(text[i]) && i + 1 < length && Character.isLowSurrogate(text[i + 1]);
    }

    /** Writes the non-ASCII character at {@code i} (with its low surrogate when it is a pair's first half); returns the new {@code o}. */
    private static int putNonAscii(char[] text, int i, int length, byte[] out, int o) {
        char c = text[i];
        if (c < 0x800) {
            out[o++] = (byte) (0xC0 | (c >> 6));
            out[o++] = (byte) (0x80 | (c & 0x3F));
        } else if (Character.isSurrogate(c)) {
            if (isPairAt(text, i, length)) {
                int cp = Character.toCodePoint(c, text[i + 1]);
                out[o++] = (byte) (0xF0 | (cp >> 18));
                out[o++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
                out[o++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
                out[o++] = (byte) (0x80 | (cp & 0x3F));
            } else {
                out[o++] = '?';
            }
        } else {
            out[o++] = (byte) (0xE0 | (c >> 12));
            out[o++] = (byte) (0x80 | ((c >> 6) & 0x3F));
            out[o++] = (byte) (0x80 | (c & 0x3F));
        }
        return o;
    }
}
