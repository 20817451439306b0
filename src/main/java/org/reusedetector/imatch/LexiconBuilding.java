package org.reusedetector.imatch;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import org.reusedetector.page.Chunking;
import org.reusedetector.page.PageHasher;

/**
 * The {@code lexicon} run: document frequencies over a corpus's pages (the word stream of the detection's own chunker,
 * so that the lexicon holds the terms the stream will see), then the idf-band lexicon (paper §3, §6.6).
 */
public final class LexiconBuilding {

    /** What a run did. */
    public record Summary(long pages, long skipped, int distinctTerms, Lexicon lexicon) {
        @Override
        public String toString() {
            return String.format(
                    "%d pages (%d records skipped), %d distinct terms; lexicon %s: %d terms with nidf in [%.2f, %.2f], K = %d, p = %.2f",
                    pages,
                    skipped,
                    distinctTerms,
                    lexicon.id(),
                    lexicon.terms().size(),
                    lexicon.params().nidfLow(),
                    lexicon.params().nidfHigh(),
                    lexicon.params().randomized(),
                    lexicon.params().dropFraction());
        }
    }

    private LexiconBuilding() {}

    public static Summary build(Chunking chunking, int maxBodyBytes, Path input, LexiconParams params, Instant builtAt)
            throws IOException {
        PageHasher hasher = chunking.hasher();
        DocumentFrequencies frequencies = new DocumentFrequencies();
        CorpusPages.Counts counts = CorpusPages.forEach(
                input,
                maxBodyBytes,
                page -> hasher.hashWithWords(page.url(), page.fetchedAtMillis(), page.body(), frequencies));
        Lexicon lexicon = Lexicon.build(frequencies, params, input.toString(), builtAt.toString());
        return new Summary(counts.pages(), counts.skipped(), frequencies.terms(), lexicon);
    }
}
