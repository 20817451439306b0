package org.reusedetector.shingle;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.reusedetector.imatch.DocumentFrequencies;
import org.reusedetector.imatch.Lexicon;
import org.reusedetector.imatch.LexiconParams;
import org.reusedetector.imatch.LexiconTable;
import org.reusedetector.imatch.Signer;
import org.reusedetector.page.PageHasher;
import org.reusedetector.page.PageRecordParser;
import org.reusedetector.page.TokenizingChunker;

/**
 * The near-copy sketcher against the implementation before its word hashing was unrolled and its phrases rolled
 * straight into the sketch ({@link ReferencePageSketcher}, {@link ReferenceOnePermutationHash}, kept here only): the
 * same word fingerprints, phrases and sketch for every page, cutting its own words or taking the I-Match signer's runs
 * of word chars ({@link WordRuns}), and with the phrases asked for before the sketch or not. On generated chunks with
 * every kind of char and every word length at every distance from the chunk's end, and on every page of the standard
 * crawls where they are present (~/.cache/reuse-crawls; skipped where they are not).
 */
class PageSketcherDifferentialTest {

    private static final int K = QuiltParams.DEFAULTS.k();

    /** A sketcher alone, a sketcher fed the signer's runs, the reference, page by page. */
    private static final class Differential {
        final ReferencePageSketcher reference = new ReferencePageSketcher(K);
        final PageSketcher alone = new PageSketcher(K);
        final Signer signer;
        final PageSketcher withRuns;
        int pages;
        int pagesWithWords;

        Differential(LexiconTable table) {
            WordRuns runs = new WordRuns();
            signer = new Signer(table, runs);
            withRuns = PageSketcher.readingRuns(K, runs);
            assertThat(runs.consumer()).as("the signer publishes its runs").isTrue();
        }

        void chunk(char[] text, int length) {
            reference.chunk(text, length);
            alone.chunk(text, length);
            signer.chunk(text, length); // before the sketcher that reads its runs, as the stream feeds them
            withRuns.chunk(text, length);
        }

        void endOfPage(String page) {
            long[] expectedWords = reference.words();
            long[] expectedPhrases = Arrays.copyOf(reference.phrases(), reference.wordCount());
            NearCopyParams params = new NearCopyParams(K, 0.35, 1, 6, 0.05); // the sketchers' k
            long[] expected = Phrases.sampledGramSet(expectedWords, expectedWords.length, params.k(), params);
            reference.reset();
            assertThat(alone.words()).as("words of %s", page).isEqualTo(expectedWords);
            assertThat(withRuns.words()).as("words from runs of %s", page).isEqualTo(expectedWords);
            // one without the circular phrases asked for first, one with
            assertThat(alone.sampledPhrases(params))
                    .as("sampled phrases of %s", page)
                    .isEqualTo(expected);
            alone.reset();
            assertThat(Arrays.copyOf(withRuns.phrases(), withRuns.wordCount()))
                    .as("phrases of %s", page)
                    .isEqualTo(expectedPhrases);
            assertThat(withRuns.sampledPhrases(params))
                    .as("sampled phrases from runs of %s", page)
                    .isEqualTo(expected);
            withRuns.reset();
            signer.endOfPage();
            pages++;
            pagesWithWords += expectedWords.length > 0 ? 1 : 0;
        }
    }

    private static final String ALPHABET =
            "abcxyzABCXYZ0189éßÉŉΩω中文字\u0301\u00A0\uD835\uDC00\uD835\uDC01\uDC00\uD800" + " ,.-;!?\n\t\u2028";

    /** A chunk of words of 1 to 20 chars, separators of 1 to 3 chars, of {@code length} chars. */
    private static String chunkText(Random random, int length) {
        StringBuilder text = new StringBuilder();
        while (text.length() < length) {
            int word = 1 + random.nextInt(random.nextInt(4) == 0 ? 20 : 8);
            for (int i = 0; i < word; i++) {
                text.append(ALPHABET.charAt(random.nextInt(random.nextInt(3) == 0 ? ALPHABET.length() : 12)));
            }
            for (int i = 1 + random.nextInt(3); i > 0; i--) {
                text.append(" ,.-;!?\n\t".charAt(random.nextInt(9)));
            }
        }
        return text.substring(0, length);
    }

    private static LexiconTable lexiconOf(List<String> texts) {
        DocumentFrequencies frequencies = new DocumentFrequencies();
        PageHasher hasher = PageHasher.tokenizing(Set.of("p"));
        for (String text : texts) {
            hasher.hashWithWords("https://example.com/", 0, "<p>" + text + "</p>", frequencies);
        }
        return new LexiconTable(Lexicon.build(frequencies, LexiconParams.defaults(), "test", "1970-01-01T00:00:00Z"));
    }

    @Test
    void generatedChunksGiveTheReferencesWordsPhrasesAndSketches() {
        Random random = new Random(32);
        List<List<String>> pages = new ArrayList<>();
        for (int p = 0; p < 400; p++) {
            List<String> chunks = new ArrayList<>();
            int count = random.nextInt(6);
            for (int c = 0; c < count; c++) {
                // short chunks put word ends at every distance from the chunk's end
                chunks.add(chunkText(random, random.nextInt(3) == 0 ? 1 + random.nextInt(12) : random.nextInt(3000)));
            }
            pages.add(chunks);
        }
        Differential differential =
                new Differential(lexiconOf(pages.stream().flatMap(List::stream).toList()));
        for (int p = 0; p < pages.size(); p++) {
            for (String chunk : pages.get(p)) {
                // in a buffer longer than the chunk, as the chunker's, with letters after its end that are no part of
                // it
                char[] buffer = Arrays.copyOf(chunk.toCharArray(), chunk.length() + random.nextInt(8));
                Arrays.fill(buffer, chunk.length(), buffer.length, 'q');
                differential.chunk(buffer, chunk.length());
            }
            differential.endOfPage("generated page " + p);
        }
        assertThat(differential.pagesWithWords).isGreaterThan(300);
    }

    @ParameterizedTest
    @ValueSource(strings = {"default", "javadoc"})
    void everyPageOfAStandardCrawlGivesTheReferencesWordsPhrasesAndSketches(String crawl) throws Exception {
        Path file = Path.of(System.getProperty("user.home"), ".cache", "reuse-crawls", crawl, "pages.jsonl.gz");
        Assumptions.assumeTrue(Files.isRegularFile(file), "no crawl at " + file);
        PageRecordParser parser = new PageRecordParser(Integer.MAX_VALUE);
        List<String> bodies = new ArrayList<>();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(file), 1 << 16), StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                try {
                    bodies.add(parser.parse(line).body());
                } catch (PageRecordParser.Rejected notAPage) {
                    // as the detector: a dead letter, no signals
                }
            }
        }
        TokenizingChunker chunker = new TokenizingChunker(Set.of("p", "div"));
        List<String> sample = new ArrayList<>();
        for (int i = 0; i < bodies.size(); i += 10) {
            sample.addAll(chunker.chunk(bodies.get(i)));
        }
        Differential differential = new Differential(lexiconOf(sample));
        for (int i = 0; i < bodies.size(); i++) {
            chunker.chunk(bodies.get(i), differential::chunk);
            differential.endOfPage(crawl + " page " + i);
        }
        assertThat(differential.pages).isGreaterThan(1000);
    }
}
