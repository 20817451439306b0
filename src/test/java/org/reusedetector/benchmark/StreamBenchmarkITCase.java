package org.reusedetector.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.cli.Main;
import org.reusedetector.local.SampleCrawl;

/**
 * {@code benchmark stream} on the sample crawl: one cold run, then warm runs alternating parallelism 1 and 2, each on a
 * broker of its own; the figures (not their values, which depend on the machine) are in the JSON line.
 */
class StreamBenchmarkITCase {

    @TempDir
    Path dir;

    @Test
    void timesAColdRunAndWarmRunsAtEachParallelism() throws Exception {
        Path[] crawl = SampleCrawl.write(dir);
        Path labels = dir.resolve("labels.jsonl");
        assertThat(Main.run(
                        "label",
                        "--input",
                        crawl[1].toString(),
                        "--out",
                        labels.toString(),
                        "--source",
                        "informed:sample-reference"))
                .isZero();

        JsonNode figures = BenchmarkFiguresTest.lastLineJson(() -> Main.run(
                "benchmark",
                "stream",
                "--input",
                crawl[0].toString(),
                "--labels",
                labels.toString(),
                "--runs",
                "1",
                "--parallelism",
                "1,2",
                "--json"));
        assertThat(figures.get("parallelism").asInt()).isEqualTo(2);
        assertThat(figures.get("runs").asInt()).isEqualTo(1);
        assertThat(figures.get("pages").asLong())
                .as("pages parsed (the sample has 106, of which 2 broken)")
                .isGreaterThanOrEqualTo(100);
        for (String key : new String[] {"stream_mb_s", "stream_mb_s_p1", "stream_mb_s_p2", "cold_stream_mb_s"}) {
            assertThat(figures.get(key)).as(key).isNotNull();
            assertThat(figures.get(key).isNumber())
                    .as(key)
                    .isTrue(); // rounded to 0.1 MB/s: the sample is too small to be above 0
        }
        assertThat(figures.get("stream_pages_s").asDouble()).isPositive();
        assertThat(figures.get("seconds").asDouble()).isPositive();
        assertThat(figures.get("stream_mb_s").asDouble())
                .isEqualTo(figures.get("stream_mb_s_p2").asDouble());
    }
}
