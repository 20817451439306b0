package org.reusedetector.page;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Set;
import org.apache.commons.codec.digest.DigestUtils;
import org.reusedetector.model.HashedPage;

/**
 * HTML page → file hash and chunk hash vector (with lengths). TEXT-form chunks come from the one-pass
 * {@link TokenizingChunker} and are hashed from its buffer; HTML-form chunks (and the reference in tests)
 * from jsoup's {@link HtmlChunker}. Holds a digest and buffers: one instance per thread.
 */
public final class PageHasher {

    private final HtmlChunker chunker;
    private final TokenizingChunker tokenizer;
    private final ChunkDigests digests;
    private final Sha1 sha1 = new Sha1();
    private final MessageDigest fileDigest = DigestUtils.getSha1Digest();
    /** UTF-8 of the page is hashed through this block, small enough to stay in the L1 cache. */
    private final byte[] utf8Block = new byte[8192];

    private char[] chars = new char[0];

    /** Chunks with jsoup (the reference implementation, and the only one for HTML form). */
    public PageHasher(HtmlChunker chunker) {
        this.chunker = chunker;
        this.tokenizer = null;
        this.digests = null;
    }

    private PageHasher(TokenizingChunker tokenizer) {
        this.chunker = null;
        this.tokenizer = tokenizer;
        this.digests = new ChunkDigests();
    }

    /** TEXT-form chunks of the given chunk tags, from the one-pass tokenizer. */
    public static PageHasher tokenizing(Set<String> chunkTags) {
        return new PageHasher(new TokenizingChunker(chunkTags));
    }

    public HashedPage hash(String url, long eventTime, String body) {
        return hash(url, eventTime, body, null);
    }

    /** As {@link #hash(String, long, String)}, and hands the chunk texts (same order) to {@code chunkTexts} when given. */
    public HashedPage hash(String url, long eventTime, String body, List<String> chunkTexts) {
        return hash(url, eventTime, body, chunkTexts, null);
    }

    /**
     * As {@link #hash(String, long, String)}, and hands the words of the page's visible text (same pass, document
     * order) to {@code words}, then calls its {@link WordSink#endOfPage()}. This is the word stream of the shingle
     * and I-Match signals: they see exactly the text the chunk hashes cover.
     */
    public HashedPage hashWithWords(String url, long eventTime, String body, WordSink words) {
        WordSplitter splitter = new WordSplitter(words);
        HashedPage hashed = hash(url, eventTime, body, null, splitter);
        splitter.endOfPage();
        return hashed;
    }

    /**
     * As {@link #hashWithWords}, for one consumer that cuts the words itself from the same chunk texts (the I-Match
     * signer fuses splitting with its lookups); it gets no {@code endOfPage()}: the caller ends the page.
     */
    public HashedPage hashWithChunks(String url, long eventTime, String body, TokenizingChunker.ChunkSink chunks) {
        return hash(url, eventTime, body, null, chunks);
    }

    /**
     * As {@link #hashWithChunks}, of a body given as {@code body[0, length)} (a buffer the caller reuses), so that a
     * body decoded straight from its record is not copied into a string and out again. Needs the one-pass chunker.
     */
    public HashedPage hashWithChunks(
            String url, long eventTime, char[] body, int length, TokenizingChunker.ChunkSink chunks) {
        if (tokenizer == null) {
            return hash(url, eventTime, new String(body, 0, length), null, chunks);
        }
        return hashChars(url, eventTime, body, length, null, chunks);
    }

    /** As {@link #hash(String, long, String)}, of {@code body[0, length)} (see the char-array {@link #hashWithChunks}). */
    public HashedPage hash(String url, long eventTime, char[] body, int length) {
        return hashWithChunks(url, eventTime, body, length, null);
    }

    private HashedPage hash(
            String url, long eventTime, String body, List<String> chunkTexts, TokenizingChunker.ChunkSink also) {
        if (tokenizer != null) {
            // one copy of the page's characters, read by both the file hash and the chunker
            int length = body.length();
            if (chars.length < length) {
                chars = new char[Math.max(length, chars.length * 2)];
            }
            body.getChars(0, length, chars, 0);
            return hashChars(url, eventTime, chars, length, chunkTexts, also);
        }
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
            if (also != null) {
                also.chunk(chunk.toCharArray(), chunk.length());
            }
            System.arraycopy(sha1.digest(chunk), 0, hashes, i * Sha1.LENGTH, Sha1.LENGTH);
            lengths[i] = chunk.length();
        }
        return new HashedPage(url, eventTime, fileHash, hashes, lengths, bodyBytes.length);
    }

    private HashedPage hashChars(
            String url,
            long eventTime,
            char[] text,
            int length,
            List<String> chunkTexts,
            TokenizingChunker.ChunkSink also) {
        fileDigest.reset();
        long bodyBytes = Utf8.digest(text, length, utf8Block, fileDigest);
        byte[] fileHash = fileDigest.digest();
        digests.reset(chunkTexts);
        if (also == null) {
            tokenizer.chunk(text, length, digests);
        } else {
            tokenizer.chunk(text, length, (chunk, chunkLength) -> {
                digests.chunk(chunk, chunkLength);
                also.chunk(chunk, chunkLength);
            });
        }
        return new HashedPage(
                url, eventTime, fileHash, digests.packedHashes(), digests.chunkLengths(), Math.toIntExact(bodyBytes));
    }
}
