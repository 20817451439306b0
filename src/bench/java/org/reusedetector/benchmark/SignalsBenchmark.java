package org.reusedetector.benchmark;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.reusedetector.cli.JobSummary;
import org.reusedetector.cli.LabelCommand;
import org.reusedetector.cli.LexiconCommand;
import org.reusedetector.config.ConfigArguments;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code benchmark signals}: the streaming job exact-only (chunk hashes and labels alone) and with every word signal on
 * (I-Match with the lexicon's randomized lexicons, near-copy), in alternating runs of one command, so that load
 * from other processes slows both alike; the runs are the {@code stream} command's, so the wiring is the job's own
 * ({@code signal.PageSignals} in the parse step, each signal's operators after it). Issue 22's target is the ratio of
 * the two speeds. Without {@code --labels} and {@code --lexicon} it makes them from the crawl first, as a user would:
 * {@code label} of the crawl's {@code reference.jsonl.gz} with near-copy sketches, {@code lexicon} of its pages.
 */
@Command(
        name = "signals",
        mixinStandardHelpOptions = true,
        description =
                "MB/s of the streaming job exact-only and with every word signal on (I-Match with randomized lexicons, near-copy),"
                        + " alternating runs in one command; the ratio of the two.")
final class SignalsBenchmark implements Callable<Integer> {

    @Mixin
    ConfigArguments configOptions;

    @Option(
            names = "--input",
            required = true,
            paramLabel = "CRAWL",
            description = "A crawl directory (pages.jsonl.gz, reference.jsonl.gz), or a JSONL(.gz) file of pages.")
    Path input;

    @Option(
            names = "--labels",
            paramLabel = "FILE",
            description =
                    "Labels with 'shingle' sketches (default: 'label' of the crawl's reference.jsonl.gz, made first).")
    Path labels;

    @Option(
            names = "--lexicon",
            paramLabel = "FILE",
            description = "An I-Match lexicon (default: 'lexicon' of the crawl's pages, made first).")
    Path lexicon;

    @Option(
            names = "--runs",
            defaultValue = "6",
            description =
                    "Runs per setting, alternating exact-only and all signals (the order swapped every round); the fastest of "
                            + "each is compared (default: ${DEFAULT-VALUE}: the first two or three runs of a JVM are still compiling).")
    int runs;

    @Option(
            names = "--signals",
            split = ",",
            defaultValue = "imatch,near-copy",
            paramLabel = "S[,S...]",
            description =
                    "The word signals the second setting turns on: imatch, near-copy (default: ${DEFAULT-VALUE}, every one; "
                            + "fewer tell what each costs).")
    List<String> signals;

    @Mixin
    BenchmarkFigures figures;

    /** Exact chunk hashes and labels only: every word signal off. */
    static final List<String> EXACT_ONLY = List.of("imatch.lexicon=", "shingles.near-copy.enabled=false");

    /** The named word signals on and the others off; I-Match with the lexicon at {@code lexicon}. */
    static List<String> signalSettings(Path lexicon, List<String> on) {
        for (String signal : on) {
            if (!List.of("imatch", "near-copy").contains(signal)) {
                throw new IllegalArgumentException("--signals: imatch or near-copy, not " + signal);
            }
        }
        return List.of(
                "imatch.lexicon=" + (on.contains("imatch") ? lexicon : ""),
                "shingles.near-copy.enabled=" + on.contains("near-copy"));
    }

    @Override
    public Integer call() throws Exception {
        if (runs < 1) {
            throw new picocli.CommandLine.ParameterException(
                    new picocli.CommandLine(this), "--runs must be at least 1, not " + runs);
        }
        ReuseDetectorConfig config = configOptions.load();
        Path pages = Files.isDirectory(input) ? input.resolve("pages.jsonl.gz") : input;
        Path work = Files.createTempDirectory("reuse-detector-signals-bench");
        Path lexiconFile = lexicon != null ? lexicon : makeLexicon(pages, work);
        Path labelsFile = labels != null ? labels : makeLabels(pages, lexiconFile, work);
        double loadBefore = loadAverage();
        figures.line(
                "benchmark signals: %s (labels %s, lexicon %s), exact-only against %s",
                pages, labelsFile, lexiconFile, String.join(", ", signals));
        SignalCost.Paired paired = SignalCost.interleaved(
                configOptions, pages, labelsFile, runs, EXACT_ONLY, signalSettings(lexiconFile, signals));
        double loadAfter = loadAverage();
        JobSummary job = paired.lastOn();
        figures.put("signals", String.join(",", signals))
                .put("pages", job.pages())
                .put("mb", job.bytes() / 1e6)
                .put("runs", runs)
                .put("parallelism", config.get(ReuseDetectorOptions.PARALLELISM))
                .put("job_exact_mb_s", paired.jobOffMbs())
                .put("job_all_signals_mb_s", paired.jobOnMbs())
                .put("job_ratio", paired.jobRatio(), 3)
                .put("median_pair_ratio", paired.medianRatio(), 3)
                .put("cpu_exact_s", paired.cpuOffSeconds())
                .put("cpu_all_signals_s", paired.cpuOnSeconds())
                .put("cpu_ratio", paired.cpuRatio(), 3)
                .put("load_average_before", loadBefore, 2)
                .put("load_average_after", loadAfter, 2)
                .put("cores", Runtime.getRuntime().availableProcessors())
                .put("exact_mb_s", paired.offMbs())
                .put("all_signals_mb_s", paired.onMbs())
                .put("ratio", paired.ratio(), 3);
        figures.line(
                "  %d pages, %.1f MB; parallelism %s; %d runs each, alternating (processing span, and whole job): %s",
                job.pages(),
                job.bytes() / 1e6,
                config.get(ReuseDetectorOptions.PARALLELISM),
                runs,
                String.join("; ", paired.times()));
        figures.line(
                "  exact-only %.1f MB/s, with the signals %.1f MB/s: ratio %.3f (median of the rounds' ratios %.3f)",
                paired.offMbs(), paired.onMbs(), paired.ratio(), paired.medianRatio());
        figures.line(
                "  whole job: exact-only %.1f MB/s, with the signals %.1f MB/s: ratio %.3f",
                paired.jobOffMbs(), paired.jobOnMbs(), paired.jobRatio());
        figures.line(
                "  process CPU of a whole run (least of each): exact-only %.1f s, with the signals %.1f s: ratio %.3f",
                paired.cpuOffSeconds(), paired.cpuOnSeconds(), paired.cpuRatio());
        figures.line(
                "  load average (1 min) before %.2f, after %.2f; cores: %d",
                loadBefore, loadAfter, Runtime.getRuntime().availableProcessors());
        figures.finish();
        return 0;
    }

    private Path makeLexicon(Path pages, Path work) throws Exception {
        Path out = work.resolve("lexicon.json.gz");
        int code = BenchmarkCommand.parsed(
                        new LexiconCommand(), configOptions, "--input", pages.toString(), "--out", out.toString())
                .call();
        if (code != 0) {
            throw new IllegalStateException("lexicon of " + pages + " failed (exit " + code + ")");
        }
        return out;
    }

    private Path makeLabels(Path pages, Path lexiconFile, Path work) throws Exception {
        Path reference = pages.resolveSibling("reference.jsonl.gz");
        if (!Files.exists(reference)) {
            throw new picocli.CommandLine.ParameterException(
                    new picocli.CommandLine(this),
                    "--labels is needed: no reference.jsonl.gz beside " + pages + " to label");
        }
        Path out = work.resolve("labels.jsonl");
        int code = BenchmarkCommand.parsed(
                        new LabelCommand(),
                        configOptions,
                        "--input",
                        reference.toString(),
                        "--out",
                        out.toString(),
                        "--set",
                        "shingles.near-copy.enabled=true",
                        "--set",
                        "imatch.lexicon=" + lexiconFile)
                .call();
        if (code != 0) {
            throw new IllegalStateException("label of " + reference + " failed (exit " + code + ")");
        }
        return out;
    }

    /** The system's load average over the last minute, or -1 where the platform has none. */
    private static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }
}
