package org.reusedetector.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.cli.JobSummary;
import org.reusedetector.cli.Main;

/** The shape of {@code benchmark ... --json}: the human lines, then one JSON object with every figure on the last line. */
class BenchmarkFiguresTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    void everyBenchmarkSubcommandTakesJson() {
        picocli.CommandLine benchmark = new picocli.CommandLine(new BenchmarkCommand());
        assertThat(benchmark.getSubcommands()).isNotEmpty();
        benchmark
                .getSubcommands()
                .forEach((name, sub) -> assertThat(sub.getCommandSpec().findOption("--json"))
                        .as(name)
                        .isNotNull());
    }

    @Test
    void jsonIsTheLastLineAndHoldsEveryFigure() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        BenchmarkFigures figures = new BenchmarkFigures(new PrintStream(bytes, true, StandardCharsets.UTF_8), true);
        figures.put("a_mb_s", 12.345).put("pages", 7L).put("name", "x").line("  a: %.1f MB/s", 12.345);
        figures.finish();
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0)).isEqualTo("  a: 12.3 MB/s");
        JsonNode json = MAPPER.readTree(lines.get(1));
        assertThat(json.get("a_mb_s").asDouble()).isEqualTo(12.3);
        assertThat(json.get("pages").asLong()).isEqualTo(7);
        assertThat(json.get("name").asText()).isEqualTo("x");
    }

    @Test
    void withoutJsonOnlyTheHumanLines() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        BenchmarkFigures figures = new BenchmarkFigures(new PrintStream(bytes, true, StandardCharsets.UTF_8), false);
        figures.put("x", 1L).line("one line");
        figures.finish();
        assertThat(bytes.toString(StandardCharsets.UTF_8).lines().toList()).containsExactly("one line");
    }

    @Test
    void chunkerVerifyJsonCountsTheIdenticalPages(@TempDir Path dir) throws Exception {
        Path pages = dir.resolve("pages.jsonl");
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            lines.add(MAPPER.createObjectNode()
                    .put("url", "https://a.org/p" + i + ".html")
                    .put("fetched_at", "2024-03-01T12:00:00Z")
                    .put("status", 200)
                    .put("content_type", "text/html")
                    .put("body", "<html><body><p>hello " + i + "</p><div>world &amp; more</div></body></html>")
                    .toString());
        }
        Files.write(pages, lines);
        JsonNode json =
                lastLineJson(() -> Main.run("benchmark", "chunker", "--input", pages.toString(), "--verify", "--json"));
        assertThat(json.fieldNames()).toIterable().contains("pages", "mb", "verified_pages", "identical_pages");
        assertThat(json.get("pages").asInt()).isEqualTo(5);
        assertThat(json.get("verified_pages").asInt()).isEqualTo(5);
        assertThat(json.get("identical_pages").asInt()).isEqualTo(5);
        // a check, not a timing: without --verify it has nothing to do
        assertThat(Main.run("benchmark", "chunker", "--input", pages.toString()))
                .isNotZero();
    }

    @Test
    void streamJsonHasRateAndParallelism() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        BenchmarkFigures figures = new BenchmarkFigures(new PrintStream(bytes, true, StandardCharsets.UTF_8), true);
        JobSummary job = new JobSummary(100, 100, 5_000_000, 1000, 100, 0, 3, 1, 2000);
        BenchmarkCommand.Stream.report(figures, Path.of("crawl.jsonl"), 2, job, job.seconds());
        figures.finish();
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        JsonNode json = MAPPER.readTree(lines.get(lines.size() - 1));
        assertThat(json.get("stream_mb_s").asDouble()).isEqualTo(2.5);
        assertThat(json.get("parallelism").asInt()).isEqualTo(2);
        assertThat(lines.get(1)).contains("2.5 MB/s");
    }

    @Test
    void labelsJsonHasBytesAndLookups() throws Exception {
        JsonNode json = lastLineJson(() -> Main.run("benchmark", "labels", "--count", "20000", "--json"));
        assertThat(json.fieldNames())
                .toIterable()
                .contains("labels", "bytes_per_label", "heap_store_bytes_per_label", "hashset_bytes_per_label");
        assertThat(json.get("labels").asInt()).isEqualTo(20000);
        assertThat(json.get("found").asInt()).isEqualTo(20000);
        assertThat(json.get("false_hits").asInt()).isZero();
    }

    /**
     * docs/commands.md names the {@code benchmark} subcommands as {@code --help} lists them, and docs/benchmarks.md
     * describes each: a subcommand added or removed shows here.
     */
    @Test
    void theDocsListTheBenchmarkSubcommands() throws Exception {
        Path base = Path.of(System.getProperty("basedir", "."));
        List<String> subcommands = new ArrayList<>(
                new picocli.CommandLine(new BenchmarkCommand()).getSubcommands().keySet());
        String commands = Files.readString(base.resolve("docs/commands.md"));
        java.util.regex.Matcher listed =
                java.util.regex.Pattern.compile("`benchmark ([a-z|]+)`").matcher(commands);
        assertThat(listed.find()).as("docs/commands.md: `benchmark a|b|...`").isTrue();
        assertThat(List.of(listed.group(1).split("\\|"))).containsExactlyInAnyOrderElementsOf(subcommands);
        String benchmarks = Files.readString(base.resolve("docs/benchmarks.md"));
        assertThat(subcommands).allSatisfy(name -> assertThat(benchmarks).contains("- **`" + name + "`**"));
    }

    @Test
    void latencyPercentilesAreNearestRank() {
        long[] sorted = new long[100];
        for (int i = 0; i < 100; i++) {
            sorted[i] = i + 1;
        }
        assertThat(LatencyBenchmark.percentile(sorted, 0.5)).isEqualTo(50);
        assertThat(LatencyBenchmark.percentile(sorted, 0.99)).isEqualTo(99);
        assertThat(LatencyBenchmark.percentile(new long[] {7}, 0.99)).isEqualTo(7);
        assertThat(LatencyBenchmark.percentile(new long[0], 0.5)).isEqualTo(-1);
    }

    static JsonNode lastLineJson(java.util.function.IntSupplier command) throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int status;
        try {
            System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
            status = command.getAsInt();
        } finally {
            System.setOut(original);
        }
        assertThat(status).isZero();
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        return MAPPER.readTree(lines.get(lines.size() - 1));
    }
}
