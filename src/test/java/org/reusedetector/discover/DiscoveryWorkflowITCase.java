package org.reusedetector.discover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
import org.reusedetector.page.Sha1;
import org.reusedetector.url.IgnoredParameters;

class DiscoveryWorkflowITCase {

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER =
            new MiniClusterExtension(new MiniClusterResourceConfiguration.Builder()
                    .setNumberTaskManagers(1)
                    .setNumberSlotsPerTaskManager(2)
                    .build());

    static StreamExecutionEnvironment env(RuntimeExecutionMode mode) {
        Configuration conf = new Configuration();
        conf.set(ExecutionOptions.RUNTIME_MODE, mode);
        conf.set(PipelineOptions.GENERIC_TYPES, false); // every record must be a POJO: Kryo would fail the job
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        return env;
    }

    static String sha(String chunk) {
        return Sha1.hex(Sha1.of(chunk));
    }

    static DiscoveryRun run(
            StreamExecutionEnvironment env,
            List<HashedPage> hashed,
            List<PageRecord> rawPages,
            DiscoveryParams params,
            RecursionFilter recursion,
            List<Label> labelsOut)
            throws Exception {
        DataStream<HashedPage> pages = env.fromData(hashed).rebalance();
        DataStream<PageRecord> raw = env.fromData(rawPages).rebalance();
        DiscoveryWorkflow.Result result = DiscoveryWorkflow.build(
                pages, DiscoveryWorkflow.samples(raw, params), params, recursion, IgnoredParameters.DEFAULT);
        CloseableIterator<HashCount> frequent = result.frequent().collectAsync();
        CloseableIterator<Label> labels = result.labels().collectAsync();
        CloseableIterator<HistogramRow> histogram = result.histogram().collectAsync();
        CloseableIterator<DiscoverySummary> summary = result.summary().collectAsync();
        env.execute("discovery-itcase");
        DiscoveryRun run = DiscoveryRun.of(single(drain(summary)), drain(frequent), drain(histogram), params.source());
        labelsOut.addAll(drain(labels));
        return run;
    }

    @Test
    void countModeLabelsContentSpreadAcrossSitesAndPublishesSharedBoilerplateAsStop() throws Exception {
        DiscoveryParams params = DiscoveryFixture.params().withThreshold(ThresholdRule.scaled(0.35, 0.5, 3));
        List<Label> labelRecords = new ArrayList<>();
        DiscoveryRun run = run(
                env(RuntimeExecutionMode.BATCH),
                DiscoveryFixture.pages(),
                DiscoveryFixture.rawPages(),
                params,
                DiscoveryFixture.RECURSION,
                labelRecords);

        String copied = sha(DiscoveryFixture.COPIED);
        String mirrored = sha(DiscoveryFixture.MIRRORED);
        String mirrorFile = Sha1.hex(DiscoveryFixture.pages().stream()
                .filter(p -> p.url().startsWith("https://mirror1."))
                .findFirst()
                .orElseThrow()
                .fileHash());
        assertThat(labelRecords)
                .extracting(DiscoveryWorkflowITCase::withoutFamily)
                .containsExactlyInAnyOrder(
                        new Label(
                                copied,
                                "chunk",
                                "add",
                                "discover:test",
                                "https://copy1.example/article.html",
                                5L,
                                5L,
                                DiscoveryFixture.COPIED),
                        new Label(
                                mirrored,
                                "chunk",
                                "add",
                                "discover:test",
                                "https://mirror1.example/index.html",
                                3L,
                                3L,
                                DiscoveryFixture.MIRRORED),
                        new Label(
                                mirrorFile,
                                "file",
                                "add",
                                "discover:test",
                                "https://mirror1.example/index.html",
                                3L,
                                3L,
                                null),
                        // the big site's footer, quoted by two other sites: 10 pages on 3 hosts is boilerplate, shared
                        // by 3 sites
                        new Label(
                                sha(DiscoveryFixture.BIG_TEMPLATE),
                                "stop",
                                "add",
                                "discover:test",
                                "http://quote1.example/q.html",
                                10L,
                                3L,
                                DiscoveryFixture.BIG_TEMPLATE));
        // each label names the family of its hosts: the mirror's chunk and its file sit on the same hosts
        Map<String, String> familyOf = new HashMap<>();
        labelRecords.forEach(l -> familyOf.put(l.hash(), l.family()));
        assertThat(familyOf.values()).allSatisfy(f -> assertThat(f).matches("f[0-9a-f]{16}"));
        assertThat(familyOf.get(mirrored)).isEqualTo(familyOf.get(mirrorFile));
        assertThat(familyOf.get(copied)).isNotEqualTo(familyOf.get(mirrored));
        assertThat(run.histogram())
                .containsExactly(
                        new HistogramRow("chunk", 1, 21),
                        new HistogramRow("chunk", 3, 1),
                        new HistogramRow("chunk", 5, 1),
                        new HistogramRow("chunk", 6, 1),
                        new HistogramRow("chunk", 10, 1),
                        new HistogramRow("file", 1, 21),
                        new HistogramRow("file", 3, 1));
        // the one-host template is not listed: a hash on one host can be neither label nor stop
        assertThat(run.frequent())
                .extracting(HashCount::verdict)
                .containsExactly(Verdict.STOP, Verdict.LABEL, Verdict.LABEL, Verdict.LABEL);
        DiscoverySummary s = run.summary();
        assertThat(s.pages()).isEqualTo(25);
        assertThat(s.recursionPages()).isEqualTo(1);
        assertThat(s.invalidUrlPages()).isEqualTo(1);
        assertThat(s.chunkThreshold()).isEqualTo(3);
        assertThat(s.groupThreshold()).isZero();
        assertThat(s.chunkLabels()).isEqualTo(2);
        assertThat(s.fileLabels()).isEqualTo(1);
        assertThat(s.stopLabels()).isEqualTo(1);
    }

    @Test
    void structureModeLabelsACopiedSiteAndNothingElse() throws Exception {
        DiscoveryParams params = StructureFixture.params();
        List<Label> labelRecords = new ArrayList<>();
        DiscoveryRun run = run(
                env(RuntimeExecutionMode.BATCH),
                StructureFixture.pages(),
                StructureFixture.rawPages(),
                params,
                RecursionFilter.none(),
                labelRecords);

        // every content chunk and file of the source, copied onto five farm hosts, and the source's template as a stop
        // chunk
        assertThat(labelRecords)
                .filteredOn(l -> l.kind().equals("chunk"))
                .extracting(Label::text)
                .containsExactlyInAnyOrderElementsOf(StructureFixture.sourceContent());
        assertThat(labelRecords).filteredOn(l -> l.kind().equals("file")).hasSize(StructureFixture.SOURCE_PAGES);
        assertThat(labelRecords)
                .filteredOn(l -> l.kind().equals("stop"))
                .extracting(Label::text)
                .containsExactly(StructureFixture.TEMPLATE);
        assertThat(labelRecords).allSatisfy(l -> assertThat(l.hosts()).isEqualTo(6L));
        // the source and its five mirrors: one family, whose id is the fingerprint of exactly these hosts
        long hostSet = HostSets.fingerprint("docs.source-site.org");
        for (int m = 1; m <= StructureFixture.MIRRORS; m++) {
            hostSet += HostSets.fingerprint("m" + m + ".copy-farm.net");
        }
        assertThat(labelRecords).extracting(Label::family).containsOnly(Families.id(hostSet));

        Map<String, Verdict> verdicts = new HashMap<>();
        run.frequent().forEach(c -> verdicts.put(c.text() == null ? c.hash() : c.text(), c.verdict()));
        assertThat(verdicts)
                .containsEntry(StructureFixture.QUOTE, Verdict.SMALL_GROUP)
                .containsEntry(StructureFixture.TRANSLATED, Verdict.SAME_SITE)
                .containsEntry(StructureFixture.TEMPLATE, Verdict.STOP);
        assertThat(run.frequent())
                .filteredOn(c -> c.verdict() == Verdict.LABEL)
                .allSatisfy(c -> assertThat(c.group())
                        .isEqualTo(StructureFixture.sourceContent().size() + StructureFixture.SOURCE_PAGES))
                .allSatisfy(c -> assertThat(c.sites()).isEqualTo(2));

        DiscoverySummary s = run.summary();
        assertThat(s.groupThreshold()).isEqualTo(StructureFixture.expectedGroupThreshold());
        assertThat(s.chunkLabels()).isEqualTo(StructureFixture.sourceContent().size());
        assertThat(s.smallGroup()).isEqualTo(1);
        assertThat(s.sameSite()).isEqualTo(1);
        assertThat(s.thresholdRule()).startsWith("structure");
    }

    /** A run's results, from {@link DiscoveryWorkflow#build} without chunk texts. */
    static DiscoveryRun run(StreamExecutionEnvironment env, DiscoveryWorkflow.Result result, DiscoveryParams params)
            throws Exception {
        CloseableIterator<HashCount> frequent = result.frequent().collectAsync();
        CloseableIterator<HistogramRow> histogram = result.histogram().collectAsync();
        CloseableIterator<DiscoverySummary> summary = result.summary().collectAsync();
        env.execute("discovery-itcase");
        return DiscoveryRun.of(single(drain(summary)), drain(frequent), drain(histogram), params.source());
    }

    @Test
    void oneCountingPartitionGivesTheResultsOfPartitionsBySiteAndRange() throws Exception {
        record Case(List<HashedPage> pages, DiscoveryParams params, RecursionFilter recursion) {}
        for (Case c : List.of(
                new Case(StructureFixture.pages(), StructureFixture.params(), RecursionFilter.none()),
                new Case(
                        DiscoveryFixture.pages(),
                        DiscoveryFixture.params().withThreshold(ThresholdRule.scaled(0.35, 0.5, 3)),
                        DiscoveryFixture.RECURSION))) {
            List<DiscoveryRun> runs = new ArrayList<>();
            // parallelism 1 chains the counting stages (no partitioning), 2 partitions by site and by range
            for (int parallelism : new int[] {1, 2}) {
                StreamExecutionEnvironment env = env(RuntimeExecutionMode.BATCH);
                env.setParallelism(parallelism);
                DiscoveryWorkflow.Result result = DiscoveryWorkflow.build(
                        env.fromData(c.pages()).rebalance(),
                        null,
                        c.params(),
                        c.recursion(),
                        IgnoredParameters.DEFAULT);
                runs.add(run(env, result, c.params()));
            }
            DiscoveryRun chained = runs.get(0);
            DiscoveryRun partitioned = runs.get(1);
            assertThat(chained.labels()).isNotEmpty();
            assertThat(partitioned.frequent()).isEqualTo(chained.frequent());
            assertThat(partitioned.labels()).isEqualTo(chained.labels());
            assertThat(partitioned.histogram()).isEqualTo(chained.histogram());
            assertThat(partitioned.summary()).isEqualTo(chained.summary());
        }
    }

    @Test
    void refusesStreamingExecution() {
        StreamExecutionEnvironment env = env(RuntimeExecutionMode.STREAMING);
        DataStream<HashedPage> pages = env.fromData(DiscoveryFixture.pages());
        assertThatThrownBy(() -> DiscoveryWorkflow.build(
                        pages, null, DiscoveryFixture.params(), RecursionFilter.none(), IgnoredParameters.DEFAULT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("BATCH");
    }

    static Label withoutFamily(Label l) {
        return new Label(l.hash(), l.kind(), l.op(), l.source(), l.exampleUrl(), l.count(), l.hosts(), l.text());
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
