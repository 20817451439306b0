package org.reusedetector.discover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.reusedetector.discover.DiscoveryFixture.mirrorFileHash;
import static org.reusedetector.discover.DiscoveryFixture.sha;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.Label;

/** The discovery workflow on a MiniCluster: the rules of blind discovery, end to end over a small corpus. */
class DiscoveryWorkflowITCase {

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER = new MiniClusterExtension(
            new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1).setNumberSlotsPerTaskManager(2).build());

    static StreamExecutionEnvironment env(RuntimeExecutionMode mode) {
        Configuration conf = new Configuration();
        conf.set(ExecutionOptions.RUNTIME_MODE, mode);
        conf.set(PipelineOptions.GENERIC_TYPES, false); // every record must be a POJO: Kryo would fail the job
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        return env;
    }

    /** Runs the workflow over the fixture corpus and orders its results as the command does. */
    static DiscoveryRun run(DiscoveryParams params, boolean withText) throws Exception {
        StreamExecutionEnvironment env = env(RuntimeExecutionMode.BATCH);
        DataStream<HashedPage> pages = env.fromData(DiscoveryFixture.pages()).rebalance();
        DataStream<ChunkSample> samples = withText ? DiscoveryWorkflow.samples(env.fromData(DiscoveryFixture.rawPages()).rebalance(), params) : null;
        DiscoveryWorkflow.Result result = DiscoveryWorkflow.build(pages, samples, params, DiscoveryFixture.RECURSION);
        CloseableIterator<HashCount> frequent = result.frequent().collectAsync();
        CloseableIterator<Label> labels = result.labels().collectAsync();
        CloseableIterator<HistogramRow> histogram = result.histogram().collectAsync();
        CloseableIterator<DiscoverySummary> summary = result.summary().collectAsync();
        env.execute("discovery-itcase");
        DiscoveryRun run = DiscoveryRun.of(single(drain(summary)), drain(frequent), drain(histogram), params.source());
        assertThat(drain(labels)).containsExactlyInAnyOrderElementsOf(run.labels()); // the label stream and the ordered run agree
        return run;
    }

    @Test
    void discoversCopiedContentButNoTemplateInBatch() throws Exception {
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
    void textIsAbsentWithoutSamples() throws Exception {
        assertThat(run(DiscoveryFixture.params(), false).labels()).extracting(Label::text).containsOnlyNulls();
    }

    @Test
    void aHigherThresholdLeavesOnlyTheMostFrequent() throws Exception {
        DiscoveryRun run = run(DiscoveryFixture.params().withThreshold(ThresholdRule.fixed(5)), false);
        assertThat(run.frequent()).extracting(HashCount::count).containsExactly(10L, 6L, 5L);
        assertThat(run.labels()).extracting(Label::hash).containsExactly(sha(DiscoveryFixture.COPIED));
    }

    @Test
    void templateRuleCanBeRelaxed() throws Exception {
        assertThat(run(DiscoveryFixture.params().withTemplate(new TemplateRule(1, 1.0)), false).labels()).hasSize(5);
    }

    @Test
    void shortChunksAreNotCountedAndLongerMinimumDropsMore() throws Exception {
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
        assertThat(run.labels()).extracting(Label::kind, Label::hash).containsExactly(tuple("chunk", sha(DiscoveryFixture.COPIED)));
    }

    @Test
    void refusesStreamingExecution() {
        StreamExecutionEnvironment env = env(RuntimeExecutionMode.STREAMING);
        DataStream<HashedPage> pages = env.fromData(DiscoveryFixture.pages());
        assertThatThrownBy(() -> DiscoveryWorkflow.build(pages, null, DiscoveryFixture.params(), RecursionFilter.none()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("BATCH");
    }

    static <T> List<T> drain(CloseableIterator<T> iterator) throws Exception {
        List<T> out = new ArrayList<>();
        try (iterator) {
            iterator.forEachRemaining(out::add);
        }
        return out;
    }

    static <T> T single(List<T> items) {
        assertThat(items).hasSize(1);
        return items.get(0);
    }
}
