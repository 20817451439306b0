package org.reusedetector.discover;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.reusedetector.page.HtmlChunker;
import org.reusedetector.page.Sha1;

/**
 * The text of a chunk, keyed by its hash: a hashed page keeps only hashes, so the text of frequent chunks
 * (for review) must come from the raw pages.
 *
 * @param hash hex SHA-1 of the normalised chunk, as in the page's chunk hash vector
 * @param text the chunk's first {@link HashCount#TEXT_LENGTH} characters
 */
public record ChunkSample(String hash, String text) {

    /**
     * The samples of one page: its distinct chunks of at least {@code minLength} characters (shorter ones are
     * never counted, so their text is never needed).
     */
    public static List<ChunkSample> of(String body, HtmlChunker chunker, int minLength, Sha1 sha1) {
        List<String> chunks = chunker.chunk(body);
        List<ChunkSample> samples = new ArrayList<>(chunks.size());
        Set<String> seen = new HashSet<>();
        for (String chunk : chunks) {
            if (chunk.length() < minLength) {
                continue;
            }
            String hash = Sha1.hex(sha1.digest(chunk));
            if (seen.add(hash)) {
                samples.add(new ChunkSample(hash, HashCount.clip(chunk)));
            }
        }
        return samples;
    }
}
