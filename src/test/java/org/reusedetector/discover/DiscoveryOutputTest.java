package org.reusedetector.discover;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.format.LabelCodec;

class DiscoveryOutputTest {

    @Test
    void writesAndReadsARunDirectory(@TempDir Path dir) throws Exception {
        String copied = DiscoveryFixture.sha(DiscoveryFixture.COPIED);
        String template = DiscoveryFixture.sha(DiscoveryFixture.BIG_TEMPLATE);
        DiscoverySummary summary = DiscoverySummary.ofRun(DiscoveryFixture.params(), DiscoveryThresholds.of(25, DiscoveryFixture.params().threshold()));
        DiscoveryRun run = DiscoveryRun.of(summary,
                List.of(new HashCount(copied, "chunk", 5, 5, 1, "https://copy1.example/article.html", DiscoveryFixture.COPIED, Verdict.LABEL),
                        new HashCount(template, "chunk", 10, 3, 8, "https://quote1.example/q.html", null, Verdict.CONCENTRATED)),
                List.of(new HistogramRow("chunk", 3, 1), new HistogramRow("chunk", 1, 21), new HistogramRow("file", 1, 22)), "discover:test");
        DiscoveryOutput.write(dir, run);

        assertThat(DiscoveryOutput.readLabels(dir.resolve(DiscoveryOutput.LABELS))).isEqualTo(run.labels());
        assertThat(DiscoveryOutput.readHistogram(dir.resolve(DiscoveryOutput.HISTOGRAM))).isEqualTo(run.histogram());
        assertThat(DiscoveryOutput.readSummary(dir.resolve(DiscoveryOutput.SUMMARY))).isEqualTo(run.summary());
        assertThat(Files.readAllLines(dir.resolve(DiscoveryOutput.HISTOGRAM)))
                .startsWith("kind,occurrences,items", "chunk,1,21", "chunk,3,1");
        // label lines are valid records of the labels topic, in snake_case, nulls left out
        String first = Files.readAllLines(dir.resolve(DiscoveryOutput.LABELS)).get(0);
        assertThat(LabelCodec.parse(first)).isEqualTo(run.labels().get(0));
        assertThat(first).contains("\"example_url\":\"https://copy1.example/article.html\"", "\"source\":\"discover:test\"", "\"op\":\"add\"");
        assertThat(Files.readAllLines(dir.resolve(DiscoveryOutput.FREQUENT))).hasSize(2).first().asString()
                .contains("\"verdict\":\"CONCENTRATED\"", "\"top_host_pages\":8");
    }
}
