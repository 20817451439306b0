package org.reusedetector.benchmark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.reusedetector.config.ConfigArguments;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.page.PageHasher;
import org.reusedetector.shingle.PhrasesRun;
import org.reusedetector.shingle.QuiltParams;
import org.reusedetector.shingle.QuiltsRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code benchmark shingles}: pages/s of the whole {@code phrases} and {@code quilts} runs on a crawl, in one run. The
 * per-page cost of the shingle signals in the parse (word stream, 84 min-hash selectors, k-gram set) is measured by the
 * JMH benchmarks (docs/benchmarks.md).
 */
@Command(
        name = "shingles",
        mixinStandardHelpOptions = true,
        description =
                "Pages/s of the phrases and quilts runs on a crawl (the shingle signals' per-page cost: the JMH micro-benchmarks, docs/benchmarks.md).")
final class ShinglesBenchmark implements Callable<Integer> {

    @Mixin
    ConfigArguments configOptions;

    @Option(
            names = "--input",
            required = true,
            paramLabel = "PATH",
            description = "A crawl (JSONL/WARC file or directory).")
    Path input;

    @Mixin
    BenchmarkFigures figures;

    @Override
    public Integer call() throws Exception {
        ReuseDetectorConfig config = configOptions.load();
        int maxBody = config.get(ReuseDetectorOptions.MAX_BODY_BYTES);
        PageHasher hasher = config.chunking().hasher();
        Path work = Files.createTempDirectory("reuse-detector-shingles-bench");
        PhrasesRun.Summary phrases = PhrasesRun.run(input, hasher, maxBody, 5, 5, 10, work.resolve("phrases"));
        QuiltsRun.Summary quilts =
                QuiltsRun.run(input, hasher, maxBody, QuiltParams.DEFAULTS, false, work.resolve("quilts"));
        figures.put("pages", phrases.pages())
                .put("mchars", phrases.htmlBytes() / 1e6) // the runs count the bodies' chars
                .put("phrases_pages_s", phrases.pagesPerSecond())
                .put("quilts_pages_s", quilts.pagesPerSecond())
                .put("cores", Runtime.getRuntime().availableProcessors());
        figures.line(
                "benchmark shingles: %s (%d pages, %.1f M chars of HTML)",
                input, phrases.pages(), phrases.htmlBytes() / 1e6);
        figures.line(
                "  phrases (read, shingle, collapse, covers): %.0f pages/s (%.1f s)",
                phrases.pagesPerSecond(), phrases.seconds());
        figures.line(
                "  quilts (read, grams, covers):    %.0f pages/s (%.1f s)", quilts.pagesPerSecond(), quilts.seconds());
        figures.line("  cores: %d", Runtime.getRuntime().availableProcessors());
        figures.finish();
        return 0;
    }
}
