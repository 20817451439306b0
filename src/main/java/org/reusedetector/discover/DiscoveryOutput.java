package org.reusedetector.discover;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.reusedetector.format.Json;
import org.reusedetector.format.JsonLines;
import org.reusedetector.format.LabelFiles;
import org.reusedetector.model.Label;

/**
 * The output directory of a discovery run:
 *
 * <ul>
 *   <li>{@code labels.jsonl}: the label candidates, one {@link Label} per line (the labels topic schema);
 *   <li>{@code frequent.jsonl}: every hash at or above the threshold with its verdict, most frequent first,
 *       for review (copy lines of benign ones into an exclude file);
 *   <li>{@code histogram.csv}: the frequency-occurrence curves ({@code kind,occurrences,items});
 *   <li>{@code summary.json}: the {@link DiscoverySummary};
 *   <li>{@code families.jsonl}: the copy families ({@link Families}), one {@link Family} per line;
 *   <li>{@code recursion.jsonl}, {@code dead-letters.jsonl} and, with a previous run, {@code label-changes.jsonl}.
 * </ul>
 */
public final class DiscoveryOutput {

    public static final String LABELS = "labels.jsonl";
    public static final String FREQUENT = "frequent.jsonl";
    public static final String HISTOGRAM = "histogram.csv";
    public static final String SUMMARY = "summary.json";
    /** The URLs left out as crawler recursion errors, one {@link RecursionUrl} per line. */
    public static final String RECURSION = "recursion.jsonl";
    /** Records that were not usable pages (from raw pages only). */
    public static final String DEAD_LETTERS = "dead-letters.jsonl";
    /** The copy families, one {@link Family} per line, most pages first. */
    public static final String FAMILIES = "families.jsonl";
    /** With a previous run's labels: the adds and removes to publish. */
    public static final String CHANGES = "label-changes.jsonl";

    /** The job's unordered results, read into the files above by {@link #collect} and then removed. */
    static final String FREQUENT_PART = "_frequent.jsonl";

    static final String HISTOGRAM_PART = "_histogram.jsonl";
    static final String FAMILIES_PART = "_families.jsonl";
    static final String SUMMARY_PART = "_summary.jsonl";

    private DiscoveryOutput() {}

    /** Creates the directory and removes earlier outputs, so that the job's append-only file sinks start empty. */
    public static void prepare(Path dir) throws IOException {
        Files.createDirectories(dir);
        for (String name : new String[] {
            LABELS,
            FREQUENT,
            HISTOGRAM,
            SUMMARY,
            RECURSION,
            DEAD_LETTERS,
            CHANGES,
            FAMILIES,
            FREQUENT_PART,
            FAMILIES_PART,
            HISTOGRAM_PART,
            SUMMARY_PART
        }) {
            Files.deleteIfExists(dir.resolve(name));
        }
    }

    /**
     * After the job: orders its results into a {@link DiscoveryRun}, writes the run's files and removes the
     * job's part files.
     */
    public static DiscoveryRun collect(Path dir, String source) throws IOException {
        DiscoverySummary summary = JsonLines.readAll(dir.resolve(SUMMARY_PART), DiscoverySummary.class).stream()
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("discovery produced no summary (empty input?)"));
        List<Family> families = Files.exists(dir.resolve(FAMILIES_PART))
                ? JsonLines.readAll(dir.resolve(FAMILIES_PART), Family.class)
                : null;
        DiscoveryRun run = DiscoveryRun.of(
                summary,
                JsonLines.readAll(dir.resolve(FREQUENT_PART), HashCount.class),
                JsonLines.readAll(dir.resolve(HISTOGRAM_PART), HistogramRow.class),
                source,
                families == null ? java.util.Map.of() : Families.sourceUrls(families));
        write(dir, run);
        if (families != null) {
            writeFamilies(dir.resolve(FAMILIES), families);
        }
        for (String part : new String[] {FREQUENT_PART, HISTOGRAM_PART, SUMMARY_PART, FAMILIES_PART}) {
            Files.deleteIfExists(dir.resolve(part));
        }
        return run;
    }

    /** Whether the directory holds the output of a discovery run. */
    public static boolean isDiscovery(Path dir) {
        return Files.exists(dir.resolve(HISTOGRAM)) || Files.exists(dir.resolve(LABELS));
    }

    public static void write(Path dir, DiscoveryRun run) throws IOException {
        Files.createDirectories(dir);
        writeLabels(dir.resolve(LABELS), run.labels());
        try (BufferedWriter out = JsonLines.writer(dir.resolve(FREQUENT))) {
            for (HashCount c : run.frequent()) {
                out.write(Json.write(c));
                out.newLine();
            }
        }
        writeHistogram(dir.resolve(HISTOGRAM), run.histogram());
        Files.writeString(
                dir.resolve(SUMMARY),
                Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(run.summary()) + "\n",
                StandardCharsets.UTF_8);
    }

    public static void writeLabels(Path file, Iterable<Label> labels) throws IOException {
        LabelFiles.write(file, labels);
    }

    public static void writeHistogram(Path file, List<HistogramRow> rows) throws IOException {
        List<HistogramRow> sorted = new ArrayList<>(rows);
        sorted.sort(Comparator.comparing(HistogramRow::kind).thenComparingLong(HistogramRow::occurrences));
        try (BufferedWriter out = JsonLines.writer(file)) {
            out.write(HistogramRow.CSV_HEADER);
            out.newLine();
            for (HistogramRow row : sorted) {
                out.write(row.csv());
                out.newLine();
            }
        }
    }

    /** Writes families in {@link Families#ORDER}. */
    public static void writeFamilies(Path file, List<Family> families) throws IOException {
        List<Family> sorted = new ArrayList<>(families);
        sorted.sort(Families.ORDER);
        try (BufferedWriter out = JsonLines.writer(file)) {
            for (Family f : sorted) {
                out.write(Json.write(f));
                out.newLine();
            }
        }
    }

    public static List<Family> readFamilies(Path file) throws IOException {
        return JsonLines.readAll(file, Family.class);
    }

    /** Reads a labels file (plain or {@code .gz}); every line is validated. */
    public static List<Label> readLabels(Path file) throws IOException {
        return LabelFiles.read(file);
    }

    public static List<HistogramRow> readHistogram(Path file) throws IOException {
        List<HistogramRow> rows = new ArrayList<>();
        try (BufferedReader in = JsonLines.reader(file)) {
            String line;
            while ((line = in.readLine()) != null) {
                if (!line.isBlank() && !line.startsWith("kind,")) {
                    rows.add(HistogramRow.parseCsv(line));
                }
            }
        }
        return rows;
    }

    public static DiscoverySummary readSummary(Path file) throws IOException {
        return Json.read(Files.readString(file, StandardCharsets.UTF_8), DiscoverySummary.class);
    }
}
