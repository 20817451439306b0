package org.reusedetector.batch;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.format.Json;
import org.reusedetector.format.JsonLines;
import org.reusedetector.model.Alert;
import org.reusedetector.model.DeadLetter;
import org.reusedetector.model.PrefixVerdict;
import org.reusedetector.score.NeighbourhoodThreshold;
import org.reusedetector.score.PageRule;
import org.reusedetector.score.RunningStats;

/**
 * The output directory of a backfill ({@code detect}), the counterpart of {@code discover.DiscoveryOutput}:
 *
 * <ul>
 *   <li>{@code pages.jsonl}: one {@link PageResult} per page;
 *   <li>{@code neighborhoods.jsonl}: one {@link NeighbourhoodResult} per neighbourhood;
 *   <li>{@code alerts.jsonl}: the page, file and neighbourhood {@link Alert}s;
 *   <li>{@code verdicts.jsonl}: the verdicts table, one {@link PrefixVerdict} per bad neighbourhood (its latest), in
 *       prefix order: what the streaming job's compacted {@code verdicts} topic holds;
 *   <li>{@code dead-letters.jsonl}: the {@link DeadLetter}s of unusable pages and labels;
 *   <li>{@code summary.json}: the {@link BackfillSummary}.
 * </ul>
 */
public final class BackfillOutput {

    public static final String PAGES = "pages.jsonl";
    public static final String NEIGHBORHOODS = "neighborhoods.jsonl";
    public static final String ALERTS = "alerts.jsonl";
    public static final String VERDICTS = "verdicts.jsonl";
    public static final String DEAD_LETTERS = "dead-letters.jsonl";
    public static final String SUMMARY = "summary.json";
    /** The job's exact badness statistic, read into the summary and then removed. */
    static final String STATISTIC = "_statistic.jsonl";

    private BackfillOutput() {}

    /** Whether the directory holds the output of a backfill. */
    public static boolean isBackfill(Path dir) {
        return Files.exists(dir.resolve(NEIGHBORHOODS)) || Files.exists(dir.resolve(PAGES));
    }

    /** Creates the directory and removes earlier outputs, so that the job's append-only file sinks start empty. */
    public static void prepare(Path dir) throws IOException {
        Files.createDirectories(dir);
        for (String name : new String[] {PAGES, NEIGHBORHOODS, ALERTS, VERDICTS, DEAD_LETTERS, STATISTIC, SUMMARY}) {
            Files.deleteIfExists(dir.resolve(name));
        }
    }

    /**
     * After the job: the verdicts table from its alerts ({@code verdicts.jsonl}), and the summary from the job's
     * statistic and its neighbourhoods, written to {@code summary.json} (the statistic file is removed).
     *
     * @param job the job's totals: pages parsed, pages scored, page alerts, dead letters
     */
    public static BackfillSummary finish(Path dir, Path input, Path labels, DetectionSettings settings, JobTotals job)
            throws IOException {
        writeVerdicts(dir);
        BadnessStatistic statistic = JsonLines.readAll(dir.resolve(STATISTIC), BadnessStatistic.class).stream()
                .findFirst()
                .orElse(BadnessStatistic.empty());
        long[] neighbourhoods = new long[2]; // all, bad
        forEachNeighbourhood(dir, n -> {
            neighbourhoods[0]++;
            neighbourhoods[1] += n.bad() ? 1 : 0;
        });
        RunningStats stats = statistic.toRunningStats();
        NeighbourhoodThreshold threshold = settings.neighbourhoodThreshold();
        PageRule pageRule = settings.pageRule();
        Map<String, Long> alerts = new TreeMap<>();
        forEachAlertType(dir, type -> alerts.merge(type, 1L, Long::sum));
        BackfillSummary summary = new BackfillSummary(
                input.toString(),
                labels.toString(),
                job.index() ? null : job.records(),
                job.index() ? null : job.pages(),
                job.scored(),
                job.pageAlerts(),
                job.deadLetters(),
                neighbourhoods[0],
                statistic.neighbourhoods(),
                neighbourhoods[1],
                known(stats.mean()),
                known(stats.standardDeviation()),
                pageRule.threshold(),
                known(threshold.forWholeCorpus().threshold(stats)),
                Double.isNaN(threshold.fixedThreshold())
                        ? (threshold.robust()
                                        ? "median + " + threshold.standardDeviations() + " * 1.4826 MAD"
                                        : "mean + " + threshold.standardDeviations() + " sd")
                                + " over neighborhoods with >= " + threshold.minPages()
                                + " scorable pages, within [" + threshold.floor() + ", " + threshold.ceiling()
                                + "]; at least "
                                + threshold.minEvidence() + " distinct labelled hashes; pages need "
                                + pageRule.minMatchedChunks()
                                + " matched chunks"
                        : "fixed",
                Math.toIntExact(threshold.minPages()),
                settings.stopMinLength(),
                settings.chunking().form().name(),
                job.seconds(),
                alerts);
        writeSummary(dir, summary);
        Files.deleteIfExists(dir.resolve(STATISTIC));
        return summary;
    }

    /** A number for JSON: {@code null} (left out) when it is not known (not a finite number). */
    private static Double known(double value) {
        return Double.isFinite(value) ? value : null;
    }

    /**
     * A finished job's totals, as the summary needs them.
     *
     * @param index whether the input was a hash index (nothing parsed: no records or pages counted)
     */
    public record JobTotals(
            long records, long pages, long scored, long pageAlerts, long deadLetters, double seconds, boolean index) {}

    /** The type of every alert in {@code alerts.jsonl} (nothing if absent). */
    static void forEachAlertType(Path dir, Consumer<String> action) throws IOException {
        Path file = dir.resolve(ALERTS);
        if (!Files.exists(file)) {
            return;
        }
        try (BufferedReader reader = JsonLines.reader(file)) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (!line.isBlank()) {
                    action.accept(Json.MAPPER.readTree(line).path("type").asText("unknown"));
                }
            }
        }
    }

    /** Folds {@code alerts.jsonl} into {@code verdicts.jsonl}: each bad neighbourhood's latest verdict. */
    static void writeVerdicts(Path dir) throws IOException {
        List<Alert> changes = new ArrayList<>();
        forEachAlert(dir, alert -> {
            if (PrefixVerdict.changesVerdict(alert)) {
                changes.add(alert);
            }
        });
        try (BufferedWriter writer = JsonLines.writer(dir.resolve(VERDICTS))) {
            for (PrefixVerdict verdict : PrefixVerdict.fold(changes).values()) {
                writer.write(Json.write(verdict));
                writer.newLine();
            }
        }
    }

    /** Streams {@code verdicts.jsonl} (nothing if absent). */
    public static void forEachVerdict(Path dir, Consumer<PrefixVerdict> action) throws IOException {
        forEach(dir.resolve(VERDICTS), PrefixVerdict.class, action);
    }

    public static void writeSummary(Path dir, BackfillSummary summary) throws IOException {
        Files.writeString(
                dir.resolve(SUMMARY),
                Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(summary));
    }

    /** The summary, or {@code null} when there is none. */
    public static BackfillSummary readSummary(Path dir) throws IOException {
        Path file = dir.resolve(SUMMARY);
        return Files.exists(file)
                ? Json.read(Files.readString(file, StandardCharsets.UTF_8), BackfillSummary.class)
                : null;
    }

    /** Streams {@code pages.jsonl} (nothing if absent). */
    public static void forEachPage(Path dir, Consumer<PageResult> action) throws IOException {
        forEach(dir.resolve(PAGES), PageResult.class, action);
    }

    /** Streams {@code neighborhoods.jsonl} (nothing if absent). */
    public static void forEachNeighbourhood(Path dir, Consumer<NeighbourhoodResult> action) throws IOException {
        forEach(dir.resolve(NEIGHBORHOODS), NeighbourhoodResult.class, action);
    }

    /** Streams {@code alerts.jsonl} (nothing if absent). */
    public static void forEachAlert(Path dir, Consumer<Alert> action) throws IOException {
        forEach(dir.resolve(ALERTS), Alert.class, action);
    }

    private static <T> void forEach(Path file, Class<T> type, Consumer<T> action) throws IOException {
        if (Files.exists(file)) {
            JsonLines.forEach(file, type, action);
        }
    }
}
