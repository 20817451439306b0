package org.reusedetector.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.format.JsonLines;
import org.reusedetector.format.PageFiles;
import org.reusedetector.model.PageRecord;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.page.PageHasher;
import org.reusedetector.page.PageRecordParser;
import org.reusedetector.shingle.MinHash;
import org.reusedetector.shingle.PageWords;
import org.reusedetector.shingle.Phrases;
import org.reusedetector.shingle.PhrasesRun;
import org.reusedetector.shingle.QuiltParams;
import org.reusedetector.shingle.QuiltsRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code benchmark shingles}: pages/s of the {@code phrases} and {@code quilts} runs, and the per-page cost of the
 * shingle signals in the parse (chunk hashing alone vs with the word stream, 84 min-hash selectors and the k-gram
 * set), on pages held in memory, in one run.
 */
@Command(name = "shingles", mixinStandardHelpOptions = true,
        description = "Pages/s of phrases and quilts, and chunk hashing with and without the shingle signals (word stream, 84 selectors, k-gram set).")
final class ShinglesBenchmark implements Callable<Integer> {

    @Mixin
    ConfigOptions configOptions;

    @Option(names = "--input", required = true, paramLabel = "PATH", description = "A crawl (JSONL/WARC file or directory).")
    Path input;

    @Option(names = "--rounds", paramLabel = "N", description = "Passes over the pages for the parse figures (default: ${DEFAULT-VALUE}).")
    int rounds = 3;

    @Override
    public Integer call() throws Exception {
        ReuseDetectorConfig config = configOptions.load();
        int maxBody = config.get(ReuseDetectorOptions.MAX_BODY_BYTES);
        PageHasher hasher = config.chunking().hasher();
        List<PageRecord> pages = new ArrayList<>();
        PageRecordParser parser = new PageRecordParser(maxBody);
        long bytes = 0;
        for (Path file : PageFiles.list(input)) {
            try (JsonLines.CloseableIterator<SourceRecord> it = PageFiles.open(file, maxBody)) {
                while (it.hasNext()) {
                    try {
                        PageRecord page = parser.parse(it.next().value());
                        pages.add(page);
                        bytes += page.body().length();
                    } catch (PageRecordParser.Rejected ignored) {
                        // not a page: not timed
                    }
                }
            }
        }
        MinHash minHash = new MinHash(MinHash.SELECTORS);
        PageWords.Collector words = new PageWords.Collector(false);
        long sink = 0;
        double off = Double.MAX_VALUE;
        double on = Double.MAX_VALUE;
        for (int r = 0; r < rounds; r++) { // best of rounds, alternating, so both see the same warm JIT
            long start = System.nanoTime();
            for (PageRecord page : pages) {
                sink += hasher.hash(page.url(), page.fetchedAtMillis(), page.body()).chunkCount();
            }
            off = Math.min(off, (System.nanoTime() - start) / 1e9);
            start = System.nanoTime();
            for (PageRecord page : pages) {
                sink += hasher.hashWithWords(page.url(), page.fetchedAtMillis(), page.body(), words).chunkCount();
                long[] w = words.take(page.url()).words();
                long[] phrases = Phrases.circular(w, QuiltParams.DEFAULTS.k());
                sink += minHash.selectPositions(phrases).length + Phrases.gramSetOfPhrases(phrases, QuiltParams.DEFAULTS.k()).length;
            }
            on = Math.min(on, (System.nanoTime() - start) / 1e9);
        }
        Path work = Files.createTempDirectory("reuse-detector-shingles-bench");
        PhrasesRun.Summary phrases = PhrasesRun.run(input, hasher, maxBody, 5, 5, 10, work.resolve("phrases"));
        QuiltsRun.Summary quilts = QuiltsRun.run(input, hasher, maxBody, QuiltParams.DEFAULTS, true, work.resolve("quilts"));
        System.out.println("benchmark shingles: " + input + " (" + pages.size() + " pages, " + String.format("%.1f", bytes / 1e6) + " M chars)");
        System.out.printf("  chunk hashing alone:              %.0f pages/s, %.1f MB/s%n", pages.size() / off, bytes / 1e6 / off);
        System.out.printf("  with words, 84 selectors, grams:  %.0f pages/s, %.1f MB/s  (cost %+.0f %%)%n", pages.size() / on, bytes / 1e6 / on,
                100 * (on / off - 1));
        System.out.printf("  phrases (read, shingle, collapse, covers): %.0f pages/s (%.1f s)%n", phrases.pagesPerSecond(), phrases.seconds());
        System.out.printf("  quilts (read, grams, collapse, covers):    %.0f pages/s (%.1f s)%n", quilts.pagesPerSecond(), quilts.seconds());
        System.out.printf("  cores: %d%s%n", Runtime.getRuntime().availableProcessors(), sink == 42 ? " " : "");
        return 0;
    }
}
