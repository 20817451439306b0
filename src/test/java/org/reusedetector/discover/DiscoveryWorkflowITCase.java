package org.reusedetector.discover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.Label;
import org.reusedetector.model.PageRecord;

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

    @Test
    void discoversCopiedContentButNoTemplateInBatch() throws Exception {
        StreamExecutionEnvironment env = env(RuntimeExecutionMode.BATCH);
        DiscoveryParams params = DiscoveryFixture.params();
        DataStream<HashedPage> pages = env.fromData(DiscoveryFixture.pages()).rebalance();
        DataStream<PageRecord> raw = env.fromData(DiscoveryFixture.rawPages()).rebalance();

        DiscoveryWorkflow.Result result = DiscoveryWorkflow.build(pages, DiscoveryWorkflow.samples(raw, params), params, DiscoveryFixture.RECURSION);
        CloseableIterator<HashCount> frequent = result.frequent().collectAsync();
        CloseableIterator<Label> labels = result.labels().collectAsync();
        CloseableIterator<HistogramRow> histogram = result.histogram().collectAsync();
        CloseableIterator<DiscoverySummary> summary = result.summary().collectAsync();
        env.execute("discovery-itcase");

        DiscoveryRun run = DiscoveryRun.of(single(drain(summary)), drain(frequent), drain(histogram), params.source());
        List<Label> labelRecords = drain(labels);

        String copied = HashCounterTest.sha(DiscoveryFixture.COPIED);
        String mirrored = HashCounterTest.sha(DiscoveryFixture.MIRRORED);
        String mirrorFile = HashCounterTest.mirrorFileHash();
        assertThat(labelRecords).containsExactlyInAnyOrder(
                new Label(copied, "chunk", "add", "discover:test", "https://copy1.example/article.html", 5L, 5L, DiscoveryFixture.COPIED),
                new Label(mirrored, "chunk", "add", "discover:test", "https://mirror1.example/index.html", 3L, 3L, DiscoveryFixture.MIRRORED),
                new Label(mirrorFile, "file", "add", "discover:test", "https://mirror1.example/index.html", 3L, 3L, null));
        assertThat(run.histogram()).containsExactly(
                new HistogramRow("chunk", 1, 21), new HistogramRow("chunk", 3, 1), new HistogramRow("chunk", 5, 1),
                new HistogramRow("chunk", 6, 1), new HistogramRow("chunk", 10, 1),
                new HistogramRow("file", 1, 21), new HistogramRow("file", 3, 1));
        assertThat(run.frequent()).extracting(HashCount::verdict)
                .containsExactly(Verdict.CONCENTRATED, Verdict.FEW_HOSTS, Verdict.LABEL, Verdict.LABEL, Verdict.LABEL);

        // the Flink workflow and the in-memory counter apply the same rules to the same corpus
        DiscoveryRun expected = HashCounterTest.run(params, true);
        assertThat(run).isEqualTo(expected);
        assertThat(labelRecords).containsExactlyInAnyOrderElementsOf(expected.labels());
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
