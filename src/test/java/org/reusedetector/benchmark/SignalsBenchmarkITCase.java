package org.reusedetector.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.cli.Main;
import org.reusedetector.local.SampleCrawl;

/**
 * {@code benchmark signals} on the sample crawl: a lexicon made from the pages first, then one round of the streaming
 * job exact-only and with every word signal on; the ratio and its parts (not their values, which depend on the
 * machine) close the JSON line.
 */
class SignalsBenchmarkITCase {

    @TempDir
    Path dir;

    @Test
    void runsTheJobExactOnlyAndWithEveryWordSignalAndEndsOnTheRatio() throws Exception {
        Path[] crawl = SampleCrawl.write(dir);
        Path labels = dir.resolve("labels.jsonl");
        assertThat(Main.run(
                        "label",
                        "--input",
                        crawl[1].toString(),
                        "--out",
                        labels.toString(),
                        "--source",
                        "informed:sample-reference",
                        "--set",
                        "shingles.near-copy.enabled=true"))
                .isZero();

        JsonNode figures = BenchmarkFiguresTest.lastLineJson(() -> Main.run(
                "benchmark",
                "signals",
                "--input",
                crawl[0].toString(),
                "--labels",
                labels.toString(),
                "--runs",
                "1",
                "--json"));
        assertThat(figures.get("signals").asText()).isEqualTo("imatch,near-copy");
        assertThat(figures.get("runs").asInt()).isEqualTo(1);
        assertThat(figures.get("pages").asLong()).isGreaterThanOrEqualTo(100);
        List<String> keys = new ArrayList<>();
        figures.fieldNames().forEachRemaining(keys::add);
        assertThat(keys.subList(keys.size() - 3, keys.size()))
                .containsExactly("exact_mb_s", "all_signals_mb_s", "ratio");
        assertThat(figures.get("cpu_exact_s").asDouble()).isPositive();
        assertThat(figures.get("cpu_all_signals_s").asDouble()).isPositive();
        assertThat(figures.get("ratio").isNumber()).isTrue();
        // the processing span (ProcessingSpanReporter) leaves out the job's start and final checkpoint
        assertThat(figures.get("exact_mb_s").asDouble())
                .isGreaterThan(figures.get("job_exact_mb_s").asDouble());
    }

    @Test
    void exactOnlyTurnsEveryWordSignalOffAndTheSecondSettingOnlyTheNamedOnes() {
        assertThat(SignalsBenchmark.EXACT_ONLY).containsExactly("imatch.lexicon=", "shingles.near-copy.enabled=false");
        assertThat(SignalsBenchmark.signalSettings(Path.of("lex.json.gz"), List.of("imatch", "near-copy")))
                .containsExactly("imatch.lexicon=lex.json.gz", "shingles.near-copy.enabled=true");
        assertThat(SignalsBenchmark.signalSettings(Path.of("lex.json.gz"), List.of("near-copy")))
                .containsExactly("imatch.lexicon=", "shingles.near-copy.enabled=true");
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> SignalsBenchmark.signalSettings(Path.of("x"), List.of("quilt")))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
