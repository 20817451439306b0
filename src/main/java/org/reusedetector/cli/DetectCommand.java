package org.reusedetector.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.reusedetector.batch.BackfillOutput;
import org.reusedetector.batch.BackfillSummary;
import org.reusedetector.batch.BackfillWorkflow;
import org.reusedetector.batch.BatchInputs;
import org.reusedetector.config.ConfigArguments;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.JobEnvironment;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code detect}: backfill detection of a whole corpus against a labels file, in batch mode. */
@Command(
        name = "detect",
        mixinStandardHelpOptions = true,
        description = {
            "Backfill detection of a corpus (JSONL(.gz), WARC(.gz), a directory of them, or a hash index) against a labels file.",
            "Writes pages.jsonl, neighborhoods.jsonl, alerts.jsonl, verdicts.jsonl (the bad neighborhoods now), dead-letters.jsonl and summary.json to --out.",
            "The neighborhood threshold is the stream's rule (median + k * 1.4826 MAD, or mean + k sd), computed exactly over all neighborhoods, unless fixed."
        })
public final class DetectCommand implements Callable<Integer> {

    @Mixin
    ConfigArguments configOptions;

    @Option(
            names = "--input",
            required = true,
            paramLabel = "PATH",
            description = "Pages (JSONL/WARC file or directory) or a hash index directory.")
    Path input;

    @Option(
            names = "--labels",
            required = true,
            paramLabel = "FILE",
            description = "Labels JSONL(.gz) (from label or discover).")
    Path labels;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output directory.")
    Path out;

    @Override
    public Integer call() throws Exception {
        run();
        return 0;
    }

    /** Runs the job and writes the summary; returns the job's totals. */
    JobSummary run() throws Exception {
        ReuseDetectorConfig config = configOptions.load();
        DetectionSettings settings = DetectionSettings.from(config, null, 0);
        BackfillOutput.prepare(out);

        StreamExecutionEnvironment env = JobEnvironment.create(config, RuntimeExecutionMode.BATCH);
        BatchInputs.Pages pages = BatchInputs.pages(env, input, settings.maxBodyBytes());
        BackfillWorkflow.toFiles(env, pages, labels, settings, out);

        System.out.printf(
                "Backfill of %s (%.1f MB%s) against %s -> %s%n",
                input, pages.inputBytes() / 1e6, pages.index() ? ", hash index" : "", labels, out);
        JobSummary job = JobSummary.of(JobProgress.execute(env, "reuse-detector detect", pages.htmlBytesEstimate()));
        BackfillSummary summary = BackfillOutput.finish(out, input, labels, settings, job.totals(pages.index()));
        job = job.withNeighbourhoodAlerts(summary.alerts().getOrDefault("neighborhood", 0L));
        System.out.println(job);
        System.out.println("Alerts in " + out.resolve(BackfillOutput.ALERTS) + ": "
                + summary.alerts().values().stream().mapToLong(Long::longValue).sum() + " " + summary.alerts());
        System.out.printf(
                "Neighborhoods: %s, bad: %s, badness mean %s sd %s, threshold %s; summary in %s%n",
                summary.neighborhoods(),
                summary.badNeighborhoods(),
                fourPlaces(summary.badnessMean()),
                fourPlaces(summary.badnessStddev()),
                fourPlaces(summary.neighborhoodThreshold()),
                out.resolve(BackfillOutput.SUMMARY));
        return job;
    }

    /** A number for people: four decimals, or {@code n/a} when it is not known. */
    static String fourPlaces(Double value) {
        return value == null ? "n/a" : String.format(java.util.Locale.ROOT, "%.4f", value);
    }
}
