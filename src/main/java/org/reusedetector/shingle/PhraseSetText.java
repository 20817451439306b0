package org.reusedetector.shingle;

import java.nio.ByteBuffer;
import java.util.Base64;

/** A labelled page's distinctive phrases ({@link DistinctivePhrases}) as the text of its {@code shingle} label. */
public final class PhraseSetText {

    /**
     * Marks a set of distinctive phrases. The labels of the earlier near-copy signal (a min-hash sketch, {@code oph.}
     * or bare Base64) hold values of other functions that would match nothing, so they are refused with a word to
     * relabel rather than silently matching nothing.
     */
    static final String PREFIX = "dp2.";

    /** The most phrases a label may hold: a page of about a megabyte of text, sampled. */
    static final int MAX_PHRASES = 1 << 17;

    private PhraseSetText() {}

    /** {@link #PREFIX}, then Base64url of the phrases, 8 bytes each big-endian. */
    public static String encode(long[] phrases) {
        ByteBuffer bytes = ByteBuffer.allocate(phrases.length * 8);
        for (long s : phrases) {
            bytes.putLong(s);
        }
        return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes.array());
    }

    /** The phrases of a text from {@link #encode}; a label of the earlier signal or a malformed one is refused. */
    public static long[] decode(String text) {
        if (!text.startsWith(PREFIX)) {
            throw new IllegalArgumentException(
                    "not a set of distinctive phrases (a shingle label of an earlier version? relabel with 'label'): "
                            + (text.length() > 20 ? text.substring(0, 20) + "…" : text));
        }
        byte[] bytes;
        try {
            bytes = Base64.getUrlDecoder().decode(text.substring(PREFIX.length()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("a shingle label's phrases are not Base64url: " + e.getMessage());
        }
        if (bytes.length == 0 || bytes.length % 8 != 0 || bytes.length / 8 > MAX_PHRASES) {
            throw new IllegalArgumentException("a shingle label holds 1 to " + MAX_PHRASES + " phrases of 8 bytes, got "
                    + bytes.length + " bytes");
        }
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        long[] phrases = new long[bytes.length / 8];
        for (int i = 0; i < phrases.length; i++) {
            phrases[i] = buffer.getLong();
        }
        return phrases;
    }
}
