package org.reusedetector.page;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.apache.commons.codec.binary.Hex;
import org.apache.commons.codec.digest.DigestUtils;

/** SHA-1 digests of text (UTF-8) as raw 20-byte arrays and as hex, via commons-codec. */
public final class Sha1 {

    public static final int LENGTH = 20;

    private final MessageDigest digest = DigestUtils.getSha1Digest();

    /** Digest of the UTF-8 bytes of {@code text}. Not thread-safe: one instance per thread. */
    public byte[] digest(String text) {
        return digest(text.getBytes(StandardCharsets.UTF_8));
    }

    public byte[] digest(byte[] bytes) {
        digest.reset();
        return digest.digest(bytes);
    }

    public static byte[] of(String text) {
        return DigestUtils.sha1(text);
    }

    public static String hex(byte[] hash) {
        return Hex.encodeHexString(hash);
    }

    /** Hex of the {@code index}-th 20-byte hash in a packed array. */
    public static String hex(byte[] packed, int index) {
        char[] out = new char[LENGTH * 2];
        int base = index * LENGTH;
        for (int i = 0; i < LENGTH; i++) {
            int b = packed[base + i] & 0xff;
            out[2 * i] = Character.forDigit(b >>> 4, 16);
            out[2 * i + 1] = Character.forDigit(b & 0xf, 16);
        }
        return new String(out);
    }

    /** Parses 40 hex digits; throws {@link IllegalArgumentException} otherwise. */
    public static byte[] fromHex(String hex) {
        if (hex == null || hex.length() != LENGTH * 2) {
            throw new IllegalArgumentException("not a SHA-1 hex digest (40 hex digits): " + hex);
        }
        byte[] out = new byte[LENGTH];
        for (int i = 0; i < LENGTH; i++) {
            int hi = hexDigit(hex.charAt(2 * i));
            int lo = hexDigit(hex.charAt(2 * i + 1));
            if (hi < 0 || lo < 0) {
                throw new IllegalArgumentException("not a SHA-1 hex digest (40 hex digits): " + hex);
            }
            out[i] = (byte) ((hi << 4) | lo);
        }
        return out;
    }

    /** ASCII hex digits only ({@link Character#digit} also takes other scripts' and full-width digits). */
    private static int hexDigit(char c) {
        return c < 0x80 ? Character.digit(c, 16) : -1;
    }
}
