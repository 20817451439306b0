package org.reusedetector.page;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.List;

/**
 * Collects the SHA-1 and length of every chunk a {@link TokenizingChunker} hands over, straight from its buffer:
 * one digest, one UTF-8 buffer and the packed hash and length arrays are reused from chunk to chunk and page to
 * page, so a page costs two array copies at its end and nothing per chunk. Not thread-safe.
 */
final class ChunkDigests implements TokenizingChunker.ChunkSink {

    private final MessageDigest sha1;
    private byte[] utf8 = new byte[1024];
    private byte[] hashes = new byte[64 * Sha1.LENGTH];
    private int[] lengths = new int[64];
    private int count;
    private List<String> texts;

    ChunkDigests() {
        try {
            sha1 = MessageDigest.getInstance("SHA-1");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is required of every Java platform", e);
        }
    }

    /** Starts a page; chunk texts are added to {@code texts} too when it is not null. */
    void reset(List<String> texts) {
        count = 0;
        this.texts = texts;
    }

    @Override
    public void chunk(char[] text, int length) {
        if (count == lengths.length) {
            lengths = Arrays.copyOf(lengths, count * 2);
            hashes = Arrays.copyOf(hashes, count * 2 * Sha1.LENGTH);
        }
        int bytes = encodeUtf8(text, length);
        sha1.update(utf8, 0, bytes);
        try {
            sha1.digest(hashes, count * Sha1.LENGTH, Sha1.LENGTH);
        } catch (java.security.DigestException e) {
            throw new IllegalStateException(e);
        }
        lengths[count++] = length;
        if (texts != null) {
            texts.add(new String(text, 0, length));
        }
    }

    byte[] packedHashes() {
        return Arrays.copyOf(hashes, count * Sha1.LENGTH);
    }

    int[] chunkLengths() {
        return Arrays.copyOf(lengths, count);
    }

    private int encodeUtf8(char[] text, int length) {
        if (utf8.length < length * 3) {
            utf8 = new byte[Math.max(length * 3, utf8.length * 2)];
        }
        return Utf8.encode(text, length, utf8);
    }
}
