package org.reusedetector.discover;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.format.LabelCodec;

class DiscoveryOutputTest {

    static final String COPIED = "a".repeat(40);
    static final String TEMPLATE = "b".repeat(40);

    static DiscoveryRun run() {
        DiscoverySummary summary = DiscoverySummary.empty()
                .merge(DiscoverySummary.ofPage(true, 3, false, false))
                .merge(DiscoverySummary.ofRun(DiscoveryFixture.params(), new DiscoveryThresholds(1, 1, 1, 3)));
        List<HashCount> frequent = List.of(
                new HashCount(
                        TEMPLATE, "chunk", 8, 2, 2, 7, 0, "https://site.example/", "Footer", Verdict.CONCENTRATED),
                new HashCount(
                        COPIED, "chunk", 5, 5, 2, 1, 9, "https://copy1.example/article.html", "Copied", Verdict.LABEL));
        List<HistogramRow> histogram = List.of(
                new HistogramRow("chunk", 1, 21), new HistogramRow("chunk", 5, 1), new HistogramRow("chunk", 8, 1));
        return DiscoveryRun.of(summary, frequent, histogram, "discover:test");
    }

    @Test
    void writesAndReadsARunDirectory(@TempDir Path dir) throws Exception {
        DiscoveryRun run = run();
        DiscoveryOutput.write(dir, run);

        assertThat(DiscoveryOutput.readLabels(dir.resolve(DiscoveryOutput.LABELS)))
                .isEqualTo(run.labels());
        assertThat(DiscoveryOutput.readHistogram(dir.resolve(DiscoveryOutput.HISTOGRAM)))
                .isEqualTo(run.histogram());
        assertThat(DiscoveryOutput.readSummary(dir.resolve(DiscoveryOutput.SUMMARY)))
                .isEqualTo(run.summary());
        assertThat(Files.readAllLines(dir.resolve(DiscoveryOutput.HISTOGRAM)))
                .startsWith("kind,occurrences,items", "chunk,1,21", "chunk,5,1");
        // label lines are valid records of the labels topic, in snake_case, nulls left out
        List<String> labels = Files.readAllLines(dir.resolve(DiscoveryOutput.LABELS));
        assertThat(labels).hasSize(1);
        assertThat(LabelCodec.parse(labels.get(0))).isEqualTo(run.labels().get(0));
        assertThat(labels.get(0))
                .contains(
                        "\"example_url\":\"https://copy1.example/article.html\"",
                        "\"source\":\"discover:test\"",
                        "\"op\":\"add\"");
        // frequent.jsonl shows why: hosts, sites and the size of the group on the same hosts
        assertThat(Files.readAllLines(dir.resolve(DiscoveryOutput.FREQUENT)))
                .hasSize(2)
                .first()
                .asString()
                .contains("\"verdict\":\"CONCENTRATED\"", "\"top_host_pages\":7", "\"sites\":2");
        assertThat(run.summary().groupThreshold()).isEqualTo(3);
        assertThat(run.summary().countedChunks()).isEqualTo(3);
    }
}
