package org.reusedetector.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.format.FiniteNumbers;
import org.reusedetector.format.JsonLines;
import org.reusedetector.local.SampleCrawl;

/**
 * Every JSON record the batch commands write (labels, alerts, verdicts, neighbourhoods, dead letters, summaries,
 * families, clusters, quilts, phrases, a lexicon) holds only numbers a JSON reader accepts: no {@code NaN} or
 * {@code Infinity}, as a number or as a string. The stream writes the same records (alerts, verdicts, dead letters).
 */
class WrittenNumbersITCase {

    @TempDir
    Path dir;

    @Test
    void everyWrittenRecordHoldsFiniteNumbers() throws Exception {
        Path[] sample = SampleCrawl.write(dir.resolve("sample"));
        String pages = sample[0].toString();
        String state = "job.state-dir=" + dir.resolve("state");
        Path out = dir.resolve("out");
        assertThat(Main.run(
                        "label",
                        "--input",
                        sample[1].toString(),
                        "--out",
                        out.resolve("labels.jsonl").toString()))
                .isZero();
        assertThat(Main.run(
                        "detect",
                        "--input",
                        pages,
                        "--labels",
                        out.resolve("labels.jsonl").toString(),
                        "--out",
                        out.resolve("detect").toString(),
                        "--set",
                        state))
                .isZero();
        assertThat(Main.run(
                        "discover",
                        "--input",
                        pages,
                        "--out",
                        out.resolve("discover").toString(),
                        "--set",
                        state))
                .isZero();
        assertThat(Main.run(
                        "lexicon",
                        "--input",
                        pages,
                        "--out",
                        out.resolve("lexicon.json.gz").toString()))
                .isZero();
        assertThat(Main.run(
                        "near-dups",
                        "--input",
                        pages,
                        "--lexicon",
                        out.resolve("lexicon.json.gz").toString(),
                        "--out",
                        out.resolve("near-dups").toString()))
                .isZero();
        assertThat(Main.run(
                        "phrases",
                        "--input",
                        pages,
                        "--out",
                        out.resolve("phrases").toString()))
                .isZero();
        assertThat(Main.run(
                        "quilts",
                        "--input",
                        pages,
                        "--out",
                        out.resolve("quilts").toString()))
                .isZero();
        for (String report : List.of("detect", "discover")) {
            assertThat(Main.run("report", "--in", out.resolve(report).toString()))
                    .isZero();
        }

        List<Path> written;
        try (Stream<Path> files = Files.walk(out)) {
            written = files.filter(f -> {
                        String name = f.getFileName().toString();
                        return name.endsWith(".json")
                                || name.endsWith(".jsonl")
                                || name.endsWith(".json.gz")
                                || name.endsWith(".jsonl.gz");
                    })
                    .toList();
        }
        assertThat(written)
                .extracting(f -> out.relativize(f).toString())
                .contains(
                        "labels.jsonl",
                        "detect/alerts.jsonl",
                        "detect/verdicts.jsonl",
                        "detect/summary.json",
                        "discover/labels.jsonl",
                        "discover/summary.json");
        List<String> records = new ArrayList<>();
        for (Path file : written) {
            String name = file.getFileName().toString();
            if (name.endsWith(".jsonl") || name.endsWith(".jsonl.gz")) {
                try (BufferedReader reader = JsonLines.reader(file)) {
                    for (String line; (line = reader.readLine()) != null; ) {
                        if (!line.isBlank()) {
                            FiniteNumbers.assertFinite(line);
                            records.add(line);
                        }
                    }
                }
            } else {
                try (BufferedReader reader = JsonLines.reader(file)) {
                    StringBuilder whole = new StringBuilder();
                    for (String line; (line = reader.readLine()) != null; ) {
                        whole.append(line).append('\n');
                    }
                    FiniteNumbers.assertFinite(whole.toString());
                    records.add(whole.toString());
                }
            }
        }
        assertThat(records).as("records checked").hasSizeGreaterThan(50);
        assertThat(String.join("\n", records)).contains("\"type\":\"neighborhood\"", "\"badness_low\"");
    }
}
