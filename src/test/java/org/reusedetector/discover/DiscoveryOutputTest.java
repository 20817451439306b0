package org.reusedetector.discover;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.format.Json;
import org.reusedetector.format.LabelCodec;

class DiscoveryOutputTest {

    static final String COPIED = "a".repeat(40);
    static final String TEMPLATE = "b".repeat(40);

    static DiscoveryRun run() {
        DiscoverySummary summary = DiscoverySummary.empty()
                .merge(DiscoverySummary.ofPages(1, 3, 0, 0))
                .merge(DiscoverySummary.ofRun(DiscoveryFixture.params(), new DiscoveryThresholds(1, 1, 1, 3)));
        List<HashCount> frequent = List.of(
                new HashCount(
                        TEMPLATE, "chunk", 8, 2, 2, 7, 0, "https://site.example/", "Footer", Verdict.CONCENTRATED),
                new HashCount(
                        COPIED,
                        "chunk",
                        5,
                        5,
                        2,
                        1,
                        9,
                        "https://copy1.example/article.html",
                        "Copied",
                        Verdict.LABEL,
                        "f0000000000000abc"));
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
                        "\"op\":\"add\"",
                        "\"family\":\"f0000000000000abc\"");
        // frequent.jsonl shows why: hosts, sites and the size of the group on the same hosts
        assertThat(Files.readAllLines(dir.resolve(DiscoveryOutput.FREQUENT)))
                .hasSize(2)
                .first()
                .asString()
                .contains("\"verdict\":\"CONCENTRATED\"", "\"top_host_pages\":7", "\"sites\":2");
        assertThat(run.summary().groupThreshold()).isEqualTo(3);
        assertThat(run.summary().countedChunks()).isEqualTo(3);
    }

    @Test
    void writesFamiliesMostPagesFirstAndCollectsThemFromTheJobsPartFile(@TempDir Path dir) throws Exception {
        Family.Member source = new Family.Member("author.org", 3, 0.5, CopySide.SOURCE, 0.8, 6, 100, 90);
        Family small = new Family(
                "f0000000000000001",
                Families.PARTIAL,
                4,
                0,
                0,
                6,
                2,
                "text",
                "https://author.org/a",
                null,
                new Family.Member[] {source});
        Family large = new Family(
                "f0000000000000002",
                Families.MIRROR,
                9,
                3,
                1,
                12,
                4,
                null,
                "https://author.org/b",
                new Family.FirstSeen("m1.farm.net", "https://m1.farm.net/b", "2026-01-01T00:00:00Z"),
                new Family.Member[] {source});
        // the job's part files, unordered: the summary and the families
        Path run = dir.resolve("run");
        Files.createDirectories(run);
        for (String part : new String[] {DiscoveryOutput.FREQUENT_PART, DiscoveryOutput.HISTOGRAM_PART}) {
            Files.writeString(run.resolve(part), "");
        }
        Files.writeString(run.resolve(DiscoveryOutput.SUMMARY_PART), Json.write(run().summary()) + "\n");
        DiscoveryOutput.writeFamilies(run.resolve(DiscoveryOutput.FAMILIES_PART), List.of(small, large));

        DiscoveryOutput.collect(run, "discover:test");

        List<String> lines = Files.readAllLines(run.resolve(DiscoveryOutput.FAMILIES));
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0))
                .startsWith("{\"id\":\"f0000000000000002\",\"kind\":\"mirror\"")
                .contains(
                        "\"first_seen\":{\"host\":\"m1.farm.net\"",
                        "\"fetched_at\":\"2026-01-01T00:00:00Z\"",
                        "\"host_count\":4",
                        "\"stop_chunks\":1",
                        "\"hosts\":[{\"host\":\"author.org\",\"pages\":3,\"share\":0.5,\"side\":\"source\","
                                + "\"confidence\":0.8,\"host_pages\":6,\"site_pages\":100,\"site_own_pages\":90}]");
        assertThat(DiscoveryOutput.readFamilies(run.resolve(DiscoveryOutput.FAMILIES)))
                .extracting(Family::id)
                .containsExactly("f0000000000000002", "f0000000000000001");
        assertThat(run.resolve(DiscoveryOutput.FAMILIES_PART)).doesNotExist();

        DiscoveryOutput.prepare(run);
        assertThat(run.resolve(DiscoveryOutput.FAMILIES)).doesNotExist();
    }
}
