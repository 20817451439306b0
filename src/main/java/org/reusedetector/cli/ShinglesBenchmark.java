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
@Command(
        name = "shingles",
        mixinStandardHelpOptions = true,
        description =
                "Pages/s of phrases and quilts, and chunk hashing with and without the shingle signals (word stream, 84 selectors, k-gram set).")
final class ShinglesBenchmark implements Callable<Integer> {

    @Mixin
    ConfigOptions configOptions;

    @Option(
            names = "--input",
            required = true,
            paramLabel = "PATH",
            description = "A crawl (JSONL/WARC file or directory).")
    Path input;

    @Option(
            names = "--rounds",
            paramLabel = "N",
            description = "Passes over the pages for the parse figures (default: ${DEFAULT-VALUE}).")
    int rounds = 3;

    @picocli.CommandLine.Mixin
    BenchmarkFigures figures;

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
                sink += hasher.hash(page.url(), page.fetchedAtMillis(), page.body())
                        .chunkCount();
            }
            off = Math.min(off, (System.nanoTime() - start) / 1e9);
            start = System.nanoTime();
            for (PageRecord page : pages) {
                sink += hasher.hashWithWords(page.url(), page.fetchedAtMillis(), page.body(), words)
                        .chunkCount();
                long[] w = words.take(page.url()).words();
                long[] phrases = Phrases.circular(w, QuiltParams.DEFAULTS.k());
                sink += minHash.selectPositions(phrases).length
                        + Phrases.gramSetOfPhrases(phrases, QuiltParams.DEFAULTS.k()).length;
            }
            on = Math.min(on, (System.nanoTime() - start) / 1e9);
        }
        Path work = Files.createTempDirectory("reuse-detector-shingles-bench");
        PhrasesRun.Summary phrases = PhrasesRun.run(input, hasher, maxBody, 5, 5, 10, work.resolve("phrases"));
        QuiltsRun.Summary quilts =
                QuiltsRun.run(input, hasher, maxBody, QuiltParams.DEFAULTS, false, work.resolve("quilts"));
        figures.put("pages", pages.size())
                .put("mchars", bytes / 1e6)
                .put("hash_pages_s", pages.size() / off)
                .put("hash_mb_s", bytes / 1e6 / off)
                .put("shingles_pages_s", pages.size() / on)
                .put("shingles_mb_s", bytes / 1e6 / on)
                .put("shingles_cost_pct", 100 * (on / off - 1))
                .put("phrases_pages_s", phrases.pagesPerSecond())
                .put("quilts_pages_s", quilts.pagesPerSecond())
                .put("cores", Runtime.getRuntime().availableProcessors());
        figures.line("benchmark shingles: %s (%d pages, %.1f M chars)", input, pages.size(), bytes / 1e6);
        figures.line(
                "  chunk hashing alone:              %.0f pages/s, %.1f MB/s", pages.size() / off, bytes / 1e6 / off);
        figures.line(
                "  with words, 84 selectors, grams:  %.0f pages/s, %.1f MB/s  (cost %+.0f %%)",
                pages.size() / on, bytes / 1e6 / on, 100 * (on / off - 1));
        figures.line(
                "  phrases (read, shingle, collapse, covers): %.0f pages/s (%.1f s)",
                phrases.pagesPerSecond(), phrases.seconds());
        figures.line(
                "  quilts (read, grams, covers):    %.0f pages/s (%.1f s)", quilts.pagesPerSecond(), quilts.seconds());
        figures.line("  cores: %d%s", Runtime.getRuntime().availableProcessors(), sink == 42 ? " " : "");
        figures.finish();
        return 0;
    }
}
