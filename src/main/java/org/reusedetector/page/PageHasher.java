package org.reusedetector.page;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.reusedetector.model.HashedPage;

/**
 * HTML page → file hash and chunk hash vector (with lengths). Holds a digest: one instance per thread.
 */
public final class PageHasher {

    private final HtmlChunker chunker;
    private final Sha1 sha1 = new Sha1();

    public PageHasher(HtmlChunker chunker) {
        this.chunker = chunker;
    }

    public HashedPage hash(String url, long eventTime, String body) {
        return hash(url, eventTime, body, null);
    }

    /** As {@link #hash(String, long, String)}, and hands the chunk texts (same order) to {@code chunkTexts} when given. */
    public HashedPage hash(String url, long eventTime, String body, List<String> chunkTexts) {
        byte[] bodyBytes = body.getBytes(StandardCharsets.UTF_8);
        byte[] fileHash = sha1.digest(bodyBytes);
        List<String> chunks = chunker.chunk(body);
        if (chunkTexts != null) {
            chunkTexts.addAll(chunks);
        }
        byte[] hashes = new byte[chunks.size() * Sha1.LENGTH];
        int[] lengths = new int[chunks.size()];
        for (int i = 0; i < chunks.size(); i++) {
            String chunk = chunks.get(i);
            System.arraycopy(sha1.digest(chunk), 0, hashes, i * Sha1.LENGTH, Sha1.LENGTH);
            lengths[i] = chunk.length();
        }
        return new HashedPage(url, eventTime, fileHash, hashes, lengths, bodyBytes.length);
    }
}
