package org.reusedetector.discover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.Label;
import org.reusedetector.model.PageRecord;
import org.reusedetector.page.Sha1;

class HashCounterTest {

    static String sha(String chunk) {
        return Sha1.hex(Sha1.of(chunk));
    }

    static DiscoveryRun run(DiscoveryParams params, boolean withText) {
        HashCounter counter = new HashCounter(params, params.eligibility(), DiscoveryFixture.RECURSION);
        DiscoveryFixture.pages().forEach(counter::add);
        if (withText) {
            Sha1 sha1 = new Sha1();
            for (PageRecord raw : DiscoveryFixture.rawPages()) {
                ChunkSample.of(raw.body(), DiscoveryFixture.chunker(), params.minChunkLength(), sha1).forEach(counter::addSample);
            }
        }
        return counter.finish();
    }

    @Test
    void labelsContentSpreadAcrossSitesAndNotTemplates() {
        DiscoveryRun run = run(DiscoveryFixture.params(), true);

        assertThat(run.frequent()).extracting(HashCount::hash, HashCount::kind, HashCount::count, HashCount::hosts, HashCount::topHostPages, HashCount::verdict)
                .containsExactly(
                        tuple(sha(DiscoveryFixture.BIG_TEMPLATE), "chunk", 10L, 3L, 8L, Verdict.CONCENTRATED),
                        tuple(sha(DiscoveryFixture.TEMPLATE), "chunk", 6L, 1L, 6L, Verdict.FEW_HOSTS),
                        tuple(sha(DiscoveryFixture.COPIED), "chunk", 5L, 5L, 1L, Verdict.LABEL),
                        tuple(sha(DiscoveryFixture.MIRRORED), "chunk", 3L, 3L, 1L, Verdict.LABEL),
                        tuple(mirrorFileHash(), "file", 3L, 3L, 1L, Verdict.LABEL));

        assertThat(run.labels()).containsExactly(
                new Label(sha(DiscoveryFixture.COPIED), "chunk", "add", "discover:test", "https://copy1.example/article.html", 5L, 5L, DiscoveryFixture.COPIED),
                new Label(sha(DiscoveryFixture.MIRRORED), "chunk", "add", "discover:test", "https://mirror1.example/index.html", 3L, 3L, DiscoveryFixture.MIRRORED),
                new Label(mirrorFileHash(), "file", "add", "discover:test", "https://mirror1.example/index.html", 3L, 3L, null));

        assertThat(run.histogram()).containsExactly(
                new HistogramRow("chunk", 1, 21), new HistogramRow("chunk", 3, 1), new HistogramRow("chunk", 5, 1),
                new HistogramRow("chunk", 6, 1), new HistogramRow("chunk", 10, 1),
                new HistogramRow("file", 1, 21), new HistogramRow("file", 3, 1));

        DiscoverySummary s = run.summary();
        assertThat(s.pages()).isEqualTo(25);
        assertThat(s.recursionPages()).isEqualTo(1);
        assertThat(s.invalidUrlPages()).isEqualTo(1);
        assertThat(s.chunkThreshold()).isEqualTo(3);
        assertThat(s.fileThreshold()).isEqualTo(3);
        assertThat(s.distinctChunks()).isEqualTo(25);
        assertThat(s.distinctFiles()).isEqualTo(22);
        assertThat(s.frequentChunks()).isEqualTo(4);
        assertThat(s.frequentFiles()).isEqualTo(1);
        assertThat(s.chunkLabels()).isEqualTo(2);
        assertThat(s.fileLabels()).isEqualTo(1);
        assertThat(s.fewHosts()).isEqualTo(1);
        assertThat(s.concentrated()).isEqualTo(1);
        assertThat(s.thresholdRule()).isEqualTo("max(3, ceil(0.35 * pages^0.5))");
    }

    @Test
    void textIsAbsentWithoutSamples() {
        assertThat(run(DiscoveryFixture.params(), false).labels()).extracting(Label::text).containsOnlyNulls();
    }

    @Test
    void aHigherThresholdLeavesOnlyTheMostFrequent() {
        DiscoveryRun run = run(DiscoveryFixture.params().withThreshold(ThresholdRule.fixed(5)), false);
        assertThat(run.frequent()).extracting(HashCount::count).containsExactly(10L, 6L, 5L);
        assertThat(run.labels()).extracting(Label::hash).containsExactly(sha(DiscoveryFixture.COPIED));
    }

    @Test
    void templateRuleCanBeRelaxed() {
        DiscoveryRun run = run(DiscoveryFixture.params().withTemplate(new TemplateRule(1, 1.0)), false);
        assertThat(run.labels()).hasSize(5);
    }

    @Test
    void shortChunksAreNotCountedAndLongerMinimumDropsMore() {
        // the menu is short at the default minimum; at 200 characters no fixture chunk counts, nor any file
        DiscoveryRun run = run(DiscoveryFixture.params().withMinChunkLength(200), false);
        assertThat(run.histogram()).isEmpty();
        assertThat(run.labels()).isEmpty();
        DiscoveryRun all = run(DiscoveryFixture.params().withMinChunkLength(0), false);
        assertThat(all.frequent()).extracting(HashCount::hash).contains(sha(DiscoveryFixture.MENU));
    }

    @Test
    void excludedHashesAreNotCounted(@TempDir Path dir) throws Exception {
        Path exclude = dir.resolve("exclude.txt");
        Files.writeString(exclude, "# reviewed: benign\n" + sha(DiscoveryFixture.COPIED) + "\n"
                + "{\"hash\":\"" + mirrorFileHash() + "\",\"kind\":\"file\"}\n");
        DiscoveryRun run = run(DiscoveryFixture.params().withLists(false, null, exclude.toString()), false);
        assertThat(run.labels()).extracting(Label::hash).containsExactly(sha(DiscoveryFixture.MIRRORED));
    }

    @Test
    void stopListChunksAreNotCounted(@TempDir Path dir) throws Exception {
        Path stop = dir.resolve("stop.tsv");
        Files.writeString(stop, "x\t\"<p>" + DiscoveryFixture.MIRRORED + "</p>\"\n");
        DiscoveryRun run = run(DiscoveryFixture.params().withLists(false, stop.toString(), null), false);
        assertThat(run.labels()).extracting(Label::kind, Label::hash)
                .containsExactly(tuple("chunk", sha(DiscoveryFixture.COPIED)));
    }

    static String mirrorFileHash() {
        List<HashedPage> pages = DiscoveryFixture.pages();
        return pages.stream().filter(p -> p.url().startsWith("https://mirror1.")).map(p -> Sha1.hex(p.fileHash())).findFirst().orElseThrow();
    }
}
