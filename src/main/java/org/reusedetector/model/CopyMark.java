package org.reusedetector.model;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * A signal's verdict that a page nearly copies a labelled page, which the label match reads to raise the page's
 * badness ({@code score.PageScorer#withNearCopy}): the one signal result the exact-hash core reads, so its key is here
 * and not in the signal's package.
 *
 * @param labelledUrl the labelled page's URL
 * @param resemblance the page's resemblance to it, in (0, 1]
 */
public record CopyMark(String labelledUrl, double resemblance) {

    /** The key of a page's copy mark. */
    public static final ResultKey<CopyMark> KEY = ResultKey.of("copy-mark", CopyMark::encode, CopyMark::decode);

    static byte[] encode(CopyMark mark) {
        byte[] url = mark.labelledUrl.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(Double.BYTES + url.length)
                .putDouble(mark.resemblance)
                .put(url)
                .array();
    }

    static CopyMark decode(byte[] bytes) {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        double resemblance = buffer.getDouble();
        return new CopyMark(
                new String(bytes, Double.BYTES, bytes.length - Double.BYTES, StandardCharsets.UTF_8), resemblance);
    }
}
