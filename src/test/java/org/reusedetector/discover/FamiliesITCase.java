package org.reusedetector.discover;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.batch.BatchInputs;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.format.Json;
import org.reusedetector.format.JsonLines;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.Label;
import org.reusedetector.model.PageRecord;
import org.reusedetector.url.IgnoredParameters;

/** {@code families.jsonl}: the copy families of a discovery run, their hosts and which side of the copy each is on. */
class FamiliesITCase {

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER =
            new MiniClusterExtension(new MiniClusterResourceConfiguration.Builder()
                    .setNumberTaskManagers(1)
                    .setNumberSlotsPerTaskManager(2)
                    .build());

    static final List<String> MIRROR_HOSTS = FamilyFixture.hosts("m", FamilyFixture.MIRRORS, "mirror-farm.net");
    static final List<String> AD_HOSTS = FamilyFixture.hosts("n", FamilyFixture.ADS, "ad-farm.com");

    @Test
    void aRunWritesOneFamilyPerCopyWithItsSourceAndItsCopiers(@TempDir Path dir) throws Exception {
        Path input = dir.resolve("pages.jsonl");
        try (BufferedWriter out = JsonLines.writer(input)) {
            for (PageRecord p : FamilyFixture.rawPages()) {
                Map<String, Object> line = new LinkedHashMap<>();
                line.put("url", p.url());
                line.put("fetched_at", p.fetchedAt());
                line.put("status", 200);
                line.put("content_type", "text/html");
                line.put("body", p.body());
                out.write(Json.write(line));
                out.newLine();
            }
        }
        Path run = dir.resolve("run");
        DiscoveryParams params = FamilyFixture.params();
        DetectionSettings settings = DetectionSettings.from(ReuseDetectorConfig.defaults(), null, 0);
        StreamExecutionEnvironment env = DiscoveryWorkflowITCase.env(RuntimeExecutionMode.BATCH);
        DiscoveryOutput.prepare(run);
        DiscoveryWorkflow.toFiles(
                BatchInputs.pages(env, input, settings.maxBodyBytes()),
                params,
                RecursionFilter.none(),
                settings,
                true,
                run);
        env.execute("families-itcase");
        DiscoveryOutput.collect(run, params.source());

        List<Family> families = DiscoveryOutput.readFamilies(run.resolve(DiscoveryOutput.FAMILIES));
        String mirrorId = FamilyFixture.id(with(FamilyFixture.SOURCE, MIRROR_HOSTS));
        String adId = FamilyFixture.id(with(FamilyFixture.SOURCE, AD_HOSTS));
        // the mirrored pages with the header they carry, the ad-wrapped pages, and the header on its own hosts
        assertThat(families).extracting(Family::id).contains(mirrorId, adId);

        Family mirror = family(families, mirrorId);
        assertThat(mirror.kind()).isEqualTo(Families.MIRROR);
        assertThat(List.of(mirror.chunks(), mirror.files(), mirror.pages(), mirror.hostCount()))
                .containsExactly(12L, 6L, 36L, 6L);
        assertThat(mirror.exampleText()).startsWith("Content paragraph");
        assertThat(mirror.firstSeen().host()).isEqualTo(FamilyFixture.SOURCE);
        assertThat(mirror.hosts())
                .extracting(Family.Member::host)
                .containsExactlyInAnyOrderElementsOf(with(FamilyFixture.SOURCE, MIRROR_HOSTS));
        assertSides(mirror);

        Family ads = family(families, adId);
        assertThat(ads.kind()).isEqualTo(Families.PARTIAL);
        assertThat(List.of(ads.chunks(), ads.files(), ads.pages(), ads.hostCount()))
                .containsExactly(12L, 0L, 36L, 6L);
        // the ad farm was crawled first: the first fetch is no evidence of who copied whom
        assertThat(ads.firstSeen())
                .isEqualTo(new Family.FirstSeen(
                        "n1.ad-farm.com", "https://n1.ad-farm.com/story/7.html", "2026-01-01T00:00:00Z"));
        assertSides(ads);
        Family.Member adHost = member(ads, "n1.ad-farm.com");
        assertThat(adHost.share()).isEqualTo(Families.round(2 / 3.0)); // two of its three chunks a page are copied

        assertThat(families)
                .filteredOn(f -> f.kind().equals(Families.TEMPLATE))
                .allSatisfy(f ->
                        assertThat(f.hosts()).extracting(Family.Member::side).containsOnly(CopySide.UNCLEAR));
        // most pages first
        assertThat(families).isSortedAccordingTo(Families.ORDER);

        // every label names its family, which families.jsonl lists
        List<Label> labels = DiscoveryOutput.readLabels(run.resolve(DiscoveryOutput.LABELS));
        assertThat(labels).isNotEmpty();
        assertThat(labels)
                .extracting(Label::family)
                .allSatisfy(f -> assertThat(families).extracting(Family::id).contains(f));
        assertThat(labels)
                .filteredOn(l -> l.kind().equals(Label.KIND_FILE))
                .extracting(Label::family)
                .containsOnly(mirrorId);
        assertThat(labels)
                .filteredOn(l -> l.text() != null && l.text().contains("author's page 9:"))
                .extracting(Label::family)
                .containsOnly(adId);
    }

    /** The source (its publisher has pages of its own) and the farms (nothing but copies) on their sides. */
    private static void assertSides(Family family) {
        Family.Member source = member(family, FamilyFixture.SOURCE);
        assertThat(source.side()).isEqualTo(CopySide.SOURCE);
        assertThat(List.of(source.sitePages(), source.siteOwnPages())).containsExactly(20L, 8L);
        assertThat(source.confidence()).isBetween(0.05, 0.3);
        assertThat(family.hosts())
                .filteredOn(m -> !m.host().equals(FamilyFixture.SOURCE))
                .hasSize(5)
                .allSatisfy(m -> {
                    assertThat(m.side()).isEqualTo(CopySide.COPIER);
                    assertThat(m.confidence()).isEqualTo(source.confidence());
                    assertThat(List.of(m.pages(), m.hostPages(), m.sitePages(), m.siteOwnPages()))
                            .containsExactly(6L, 6L, 30L, 0L);
                });
    }

    @Test
    void onlyTheLatestFetchCountsAndOnePartitionGivesTheFamiliesOfPartitionsBySite() throws Exception {
        DiscoveryParams params = FamilyFixture.params();
        List<HashedPage> pages = new ArrayList<>(FamilyFixture.pages());
        // a revisit of a mirrored page that dropped its content: only the latest fetch counts
        HashedPage revisited = params.chunking()
                .hasher()
                .hash(
                        "https://m1.mirror-farm.net/p1.html",
                        FamilyFixture.START - 1000,
                        DiscoveryFixture.html(FamilyFixture.own("an old fetch", 1)));
        pages.add(0, revisited);

        List<List<String>> runs = new ArrayList<>();
        // parallelism 1 chains the counting stages (no partitioning), 2 partitions by site and by range
        for (int parallelism : new int[] {1, 2}) {
            StreamExecutionEnvironment env = DiscoveryWorkflowITCase.env(RuntimeExecutionMode.BATCH);
            env.setParallelism(parallelism);
            DiscoveryWorkflow.Result result = DiscoveryWorkflow.build(
                    env.fromData(pages).rebalance(), null, params, RecursionFilter.none(), IgnoredParameters.DEFAULT);
            runs.add(collect(
                    env,
                    DiscoveryWorkflow.families(DiscoveryWorkflow.latestPrepared(result.pages()), result.frequent())));
        }
        assertThat(runs.get(0))
                .anySatisfy(f -> assertThat(f).contains("\"kind\":\"mirror\"", "\"pages\":36,\"host_count\":6"))
                .anySatisfy(f -> assertThat(f).contains("\"kind\":\"partial\"", "\"pages\":36,\"host_count\":6"));
        assertThat(runs.get(1)).isEqualTo(runs.get(0));
    }

    /** The families as JSON lines in file order (a record with an array has no value equality). */
    private static List<String> collect(StreamExecutionEnvironment env, DataStream<Family> families) throws Exception {
        CloseableIterator<Family> it = families.collectAsync();
        env.execute("families-itcase");
        List<Family> all = DiscoveryWorkflowITCase.drain(it);
        all.sort(Families.ORDER);
        return all.stream().map(Json::write).toList();
    }

    private static List<String> with(String host, List<String> hosts) {
        List<String> all = new ArrayList<>(hosts);
        all.add(0, host);
        return all;
    }

    private static Family family(List<Family> families, String id) {
        return families.stream().filter(f -> f.id().equals(id)).findFirst().orElseThrow();
    }

    private static Family.Member member(Family family, String host) {
        for (Family.Member m : family.hosts()) {
            if (m.host().equals(host)) {
                return m;
            }
        }
        throw new AssertionError(host + " not among the hosts of " + family.id());
    }
}
