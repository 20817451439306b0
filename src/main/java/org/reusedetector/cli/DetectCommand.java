package org.reusedetector.cli;

import java.io.BufferedReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.reusedetector.batch.BackfillWorkflow;
import org.reusedetector.batch.BadnessStatistic;
import org.reusedetector.batch.NeighbourhoodResult;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.connector.JsonLinesFileSink;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.JobEnvironment;
import org.reusedetector.format.Json;
import org.reusedetector.format.JsonLines;
import org.reusedetector.model.DeadLetter;
import org.reusedetector.score.RunningStats;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code detect}: backfill detection of a whole corpus against a labels file, in batch mode. */
@Command(name = "detect", mixinStandardHelpOptions = true,
        description = {"Backfill detection of a corpus (JSONL(.gz), WARC(.gz), a directory of them, or a hash index) against a labels file.",
            "Writes pages.jsonl, neighborhoods.jsonl, alerts.jsonl, dead-letters.jsonl and summary.json to --out.",
            "The neighbourhood threshold is exactly mean + k standard deviations over all neighbourhoods, unless fixed."})
public final class DetectCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions configOptions;

    @Option(names = "--input", required = true, paramLabel = "PATH", description = "Pages (JSONL/WARC file or directory) or a hash index directory.")
    Path input;

    @Option(names = "--labels", required = true, paramLabel = "FILE", description = "Labels JSONL(.gz) (from label or discover).")
    Path labels;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output directory.")
    Path out;

    static final String PAGES = "pages.jsonl";
    static final String NEIGHBORHOODS = "neighborhoods.jsonl";
    static final String ALERTS = "alerts.jsonl";
    static final String DEAD_LETTERS = "dead-letters.jsonl";
    static final String STATISTIC = "_statistic.jsonl";
    static final String SUMMARY = "summary.json";

    /** The totals of the last run (for the benchmark). */
    JobSummary lastRun;

    @Override
    public Integer call() throws Exception {
        ReuseDetectorConfig config = configOptions.load();
        DetectionSettings settings = DetectionSettings.from(config, null, 0);
        BatchInputs.clear(out, PAGES, NEIGHBORHOODS, ALERTS, DEAD_LETTERS, STATISTIC, SUMMARY);

        StreamExecutionEnvironment env = JobEnvironment.create(config, RuntimeExecutionMode.BATCH);
        BatchInputs.Pages pages = BatchInputs.pages(env, input, settings);
        BackfillWorkflow.Outputs outputs = BackfillWorkflow.fromHashes(pages.hashed(), BatchInputs.labels(env, labels, settings), settings);
        DataStream<DeadLetter> deadLetters = pages.parsed() == null ? outputs.deadLetters() : outputs.deadLetters().union(pages.parsed().deadLetters());

        sink(outputs.pages(), out.resolve(PAGES), "pages-file-sink");
        sink(outputs.neighbourhoods(), out.resolve(NEIGHBORHOODS), "neighbourhoods-file-sink");
        sink(outputs.alerts(), out.resolve(ALERTS), "alerts-file-sink");
        sink(deadLetters, out.resolve(DEAD_LETTERS), "dead-letters-file-sink");
        sink(outputs.statistic(), out.resolve(STATISTIC), "statistic-file-sink");

        System.out.printf("Backfill of %s (%.1f MB%s) against %s -> %s%n", input, pages.inputBytes() / 1e6, pages.index() ? ", hash index" : "", labels, out);
        JobExecutionResult result = JobProgress.execute(env, "reuse-detector detect", pages.htmlBytesEstimate());
        Map<String, Object> summary = summary(config, settings, JobSummary.of(result));
        Files.writeString(out.resolve(SUMMARY), Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(summary));
        Files.deleteIfExists(out.resolve(STATISTIC));
        lastRun = JobSummary.of(result);
        System.out.println(lastRun);
        System.out.printf("Neighbourhoods: %s, bad: %s, badness mean %.4f sd %.4f, threshold %.4f; summary in %s%n", summary.get("neighborhoods"),
                summary.get("bad_neighborhoods"), (Double) summary.get("badness_mean"), (Double) summary.get("badness_stddev"),
                (Double) summary.get("neighborhood_threshold"), out.resolve(SUMMARY));
        return 0;
    }

    private static <T> void sink(DataStream<T> stream, Path file, String name) {
        stream.sinkTo(new JsonLinesFileSink<>(file)).uid(name).name(name).setParallelism(1);
    }

    private Map<String, Object> summary(ReuseDetectorConfig config, DetectionSettings settings, JobSummary job) throws Exception {
        BadnessStatistic statistic = JsonLines.readAll(out.resolve(STATISTIC), BadnessStatistic.class).stream().findFirst()
                .orElse(BadnessStatistic.empty());
        long neighbourhoods = 0;
        long bad = 0;
        try (BufferedReader reader = JsonLines.reader(out.resolve(NEIGHBORHOODS))) {
            String line;
            while ((line = reader.readLine()) != null) {
                neighbourhoods++;
                if (Json.read(line, NeighbourhoodResult.class).bad()) {
                    bad++;
                }
            }
        }
        RunningStats stats = statistic.toRunningStats();
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("input", input.toString());
        summary.put("labels", labels.toString());
        summary.put("pages", job.pages() > 0 ? job.pages() : null);
        summary.put("pages_scored", job.scored());
        summary.put("partial_targets", job.pageAlerts());
        summary.put("dead_letters", job.deadLetters());
        summary.put("neighborhoods", neighbourhoods);
        summary.put("neighborhoods_counted", statistic.neighbourhoods());
        summary.put("bad_neighborhoods", bad);
        summary.put("badness_mean", stats.mean());
        summary.put("badness_stddev", stats.standardDeviation());
        summary.put("page_threshold", settings.pageThreshold());
        var rule = settings.neighbourhoodThreshold();
        summary.put("neighborhood_threshold", settings.neighbourhoodThreshold().forWholeCorpus().threshold(stats));
        summary.put("neighborhood_threshold_rule", Double.isNaN(settings.neighbourhoodFixedThreshold())
                ? "mean + " + settings.neighbourhoodStandardDeviations() + " sd over neighbourhoods with >= " + settings.neighbourhoodMinPages()
                        + " scorable pages, within [" + rule.floor() + ", " + rule.ceiling() + "]; at least " + rule.minEvidence()
                        + " distinct labelled hashes"
                : "fixed");
        summary.put("min_matched_chunks", settings.minMatchedChunks());
        summary.put("neighborhood_min_pages", settings.neighbourhoodMinPages());
        summary.put("stop_chunk_min_length", settings.stopMinLength());
        summary.put("content_form", settings.chunking().form().name());
        summary.put("seconds", job.seconds());
        return summary;
    }
}
