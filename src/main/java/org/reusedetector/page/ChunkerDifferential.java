package org.reusedetector.page;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.reusedetector.model.HashedPage;

/**
 * Compares the TEXT-form chunk hashes and lengths of the one-pass tokenizer with those of jsoup's chunker
 * (the reference), page by page; the file hash and UTF-8 length, hashed from the chars, must equal those of
 * {@code String.getBytes} (else {@link IllegalStateException}). Not thread-safe.
 */
public final class ChunkerDifferential {

    /** A page whose chunks differ: the first differing chunk of each side ({@code null} past the end). */
    public record Difference(String url, int chunkIndex, String jsoupChunk, String tokenizerChunk) {}

    private final PageHasher reference;
    private final PageHasher tokenizer;
    private long pages;
    private long identical;
    private final List<Difference> differences = new ArrayList<>();

    public ChunkerDifferential(Set<String> chunkTags) {
        this.reference = new PageHasher(new HtmlChunker(chunkTags, ContentForm.TEXT));
        this.tokenizer = PageHasher.tokenizing(chunkTags);
    }

    /** Compares one page; returns whether both chunkers gave the same hashes and lengths. */
    public boolean compare(String url, String body) {
        pages++;
        HashedPage expected = reference.hash(url, 0, body);
        HashedPage actual = tokenizer.hash(url, 0, body);
        if (!Arrays.equals(expected.fileHash(), actual.fileHash()) || expected.bodyBytes() != actual.bodyBytes()) {
            throw new IllegalStateException("file hash or UTF-8 length differs from String.getBytes: " + url);
        }
        if (Arrays.equals(expected.chunkHashes(), actual.chunkHashes())
                && Arrays.equals(expected.chunkLengths(), actual.chunkLengths())) {
            identical++;
            return true;
        }
        List<String> expectedTexts = new ArrayList<>();
        List<String> actualTexts = new ArrayList<>();
        reference.hash(url, 0, body, expectedTexts);
        tokenizer.hash(url, 0, body, actualTexts);
        int i = 0;
        while (i < expectedTexts.size()
                && i < actualTexts.size()
                && expectedTexts.get(i).equals(actualTexts.get(i))) {
            i++;
        }
        differences.add(new Difference(
                url,
                i,
                i < expectedTexts.size() ? expectedTexts.get(i) : null,
                i < actualTexts.size() ? actualTexts.get(i) : null));
        return false;
    }

    public long pages() {
        return pages;
    }

    public long identical() {
        return identical;
    }

    public List<Difference> differences() {
        return differences;
    }
}
