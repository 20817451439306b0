package org.reusedetector.discover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.reusedetector.discover.DiscoveryFixture.sha;

import java.util.List;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.operators.StreamFlatMap;
import org.apache.flink.streaming.util.KeyedBroadcastOperatorTestHarness;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.apache.flink.streaming.util.ProcessFunctionTestHarnesses;
import org.junit.jupiter.api.Test;
import org.reusedetector.detection.TestPages;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.Label;
import org.reusedetector.model.PageRecord;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.page.Sha1;
import org.reusedetector.url.IgnoredParameters;

/** The discovery workflow's Flink functions in Flink's own test harnesses. */
class DiscoveryFunctionsTest {

    private static HashedPage page(String url) {
        return DiscoveryFixture.pages().stream()
                .filter(p -> p.url().equals(url))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void preparingAPageKeepsEachEligibleChunkOnceAndTellsWhyAPageIsLeftOut() throws Exception {
        try (var h = ProcessFunctionTestHarnesses.forProcessFunction(new DiscoveryFunctions.PrepareCounting(
                DiscoveryFixture.params(), DiscoveryFixture.RECURSION, IgnoredParameters.DEFAULT))) {
            h.processElement(
                    page("https://copy1.example/article.html"), 1); // the copied paragraph twice, own content once
            h.processElement(page("https://tiny.example/"), 2); // only a short menu: no chunk, no file
            h.processElement(page("https://copy1.example/loop/loop/loop/article.html"), 3); // crawler recursion
            h.processElement(page("ftp://copy2.example/article.html"), 4); // not an http(s) URL

            List<PageHashes> prepared = h.extractOutputValues();
            assertThat(prepared)
                    .extracting(PageHashes::fate, PageHashes::host, PageHashes::file, PageHashes::chunks)
                    .containsExactly(
                            tuple(PageHashes.COUNTED, "copy1.example", true, 2),
                            tuple(PageHashes.COUNTED, "tiny.example", false, 0),
                            tuple(PageHashes.RECURSION, null, false, 0),
                            tuple(PageHashes.INVALID_URL, null, false, 0));
            byte[] hashes = prepared.get(0).hashes();
            assertThat(List.of(Sha1.hex(hashes, 0), Sha1.hex(hashes, 1), Sha1.hex(hashes, 2)))
                    .containsExactly(
                            DiscoveryFixture.fileHash("https://copy1.example/article.html"),
                            sha(DiscoveryFixture.COPIED),
                            sha(DiscoveryFixture.unique("copy", 1)));
        }
    }

    private static KeyedBroadcastOperatorTestHarness<Long, Tally, DiscoveryThresholds, HashCount> classifyHarness()
            throws Exception {
        return ProcessFunctionTestHarnesses.forKeyedBroadcastProcessFunction(
                new DiscoveryFunctions.Classify(new TemplateRule(3, 0.5, 3.0)),
                Tally::hostSet,
                Types.LONG,
                DiscoveryFunctions.THRESHOLDS);
    }

    private static Tally tally(
            String kind, String hash, long count, long hosts, long sites, long hostSet, long top, String text) {
        return tally(kind, hash, count, hosts, sites, hostSet, top, text, 2);
    }

    /** A tally whose example page holds {@code exampleChunks} countable chunks. */
    private static Tally tally(
            String kind,
            String hash,
            long count,
            long hosts,
            long sites,
            long hostSet,
            long top,
            String text,
            long exampleChunks) {
        return new Tally(
                kind, hash, count, hosts, sites, hostSet, top, "https://" + hash + ".example/", text, exampleChunks);
    }

    @Test
    void classifyInCountModeAppliesTheThresholdsAndTheTemplateRule() throws Exception {
        try (var h = classifyHarness()) {
            h.processBroadcastElement(new DiscoveryThresholds(25, 3, 4, 0), 0);
            h.processElement(tally(Label.KIND_CHUNK, "c1", 5, 5, 5, 11, 1, "text"), 1); // spread across sites: label
            h.processElement(tally(Label.KIND_CHUNK, "c2", 6, 1, 1, 12, 6, null), 2); // one host: template
            h.processElement(tally(Label.KIND_CHUNK, "c3", 9, 3, 3, 13, 7, null), 3); // one host holds most
            h.processElement(tally(Label.KIND_CHUNK, "c4", 2, 2, 2, 14, 1, null), 4); // below the threshold
            h.processElement(tally(Label.KIND_FILE, "f1", 3, 3, 3, 15, 1, null), 5); // below the file threshold (4)
            h.processElement(tally(Label.KIND_CHUNK, "c5", 4, 4, 1, 16, 1, null), 6); // four hosts of one site
            h.processElement(
                    tally(Label.KIND_CHUNK, "c6", 40, 4, 2, 17, 10, null), 7); // ten pages per host on two sites: stop

            assertThat(h.extractOutputValues())
                    .extracting(HashCount::hash, HashCount::verdict, HashCount::text)
                    .containsExactly(
                            tuple("c1", Verdict.LABEL, "text"),
                            tuple("c2", Verdict.FEW_HOSTS, null),
                            tuple("c3", Verdict.CONCENTRATED, null),
                            tuple("c5", Verdict.SAME_SITE, null),
                            tuple("c6", Verdict.STOP, null));
        }
    }

    @Test
    void classifyInStructureModeLabelsCandidatesThatShareTheirHostsWithEnoughOthers() throws Exception {
        try (var h = classifyHarness()) {
            h.processBroadcastElement(new DiscoveryThresholds(25, 1, 1, 3), 0);
            h.processElement(tally(Label.KIND_CHUNK, "a1", 6, 6, 2, 7, 1, null), 1);
            h.processElement(tally(Label.KIND_CHUNK, "a2", 6, 6, 2, 7, 1, null), 2);
            h.processElement(tally(Label.KIND_FILE, "a3", 6, 6, 2, 7, 1, null), 3);
            h.processElement(tally(Label.KIND_CHUNK, "q1", 3, 3, 3, 9, 1, null), 4); // a quote: alone on its hosts
            h.processElement(tally(Label.KIND_CHUNK, "t1", 2, 2, 2, 10, 1, null), 5); // too few hosts: not listed
            // three on other hosts, but their pages hold eight chunks each: less than a page's worth of them
            h.processElement(tally(Label.KIND_CHUNK, "p1", 3, 3, 2, 11, 1, null, 8), 6);
            h.processElement(tally(Label.KIND_CHUNK, "p2", 3, 3, 2, 11, 1, null, 8), 7);
            h.processElement(tally(Label.KIND_CHUNK, "p3", 3, 3, 2, 11, 1, null, 8), 8);
            // three whose pages hold eight chunks, but one of them only three: a whole page of it is in the group
            h.processElement(tally(Label.KIND_CHUNK, "s1", 3, 3, 2, 12, 1, null, 8), 9);
            h.processElement(tally(Label.KIND_CHUNK, "s2", 3, 3, 2, 12, 1, null, 3), 10);
            h.processElement(tally(Label.KIND_CHUNK, "s3", 3, 3, 2, 12, 1, null, 8), 11);
            assertThat(h.extractOutputValues()).isEmpty(); // candidates wait for the end of their key
            h.processWatermark(Long.MAX_VALUE);
            h.processBroadcastWatermark(Long.MAX_VALUE); // a two-input operator's watermark is the lower of its inputs'
            assertThat(h.extractOutputValues())
                    .extracting(HashCount::hash, HashCount::verdict, HashCount::group)
                    .containsExactlyInAnyOrder(
                            tuple("a1", Verdict.LABEL, 3L),
                            tuple("a2", Verdict.LABEL, 3L),
                            tuple("a3", Verdict.LABEL, 3L),
                            tuple("q1", Verdict.SMALL_GROUP, 1L),
                            tuple("p1", Verdict.SMALL_GROUP, 3L),
                            tuple("p2", Verdict.SMALL_GROUP, 3L),
                            tuple("p3", Verdict.SMALL_GROUP, 3L),
                            tuple("s1", Verdict.LABEL, 3L),
                            tuple("s2", Verdict.LABEL, 3L),
                            tuple("s3", Verdict.LABEL, 3L));
        }
    }

    @Test
    void classifyRefusesToGuessWithoutThresholds() throws Exception {
        try (var h = classifyHarness()) {
            assertThatThrownBy(() -> h.processElement(tally(Label.KIND_CHUNK, "c1", 5, 5, 5, 1, 1, null), 1))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("BATCH mode");
        }
    }

    @Test
    void usablePagesPassValidRecordsAndDropTheRest() throws Exception {
        try (var h = ProcessFunctionTestHarnesses.forProcessFunction(new DiscoveryFunctions.UsablePages(4 << 20))) {
            h.processElement(
                    TestPages.page("https://x.org/a.html", "2024-05-01T10:00:00Z", TestPages.paragraph("alpha")), 1);
            h.processElement(new SourceRecord("{not json", "pages/0/1"), 2); // dead-lettered by ParseAndHash, not here
            assertThat(h.extractOutputValues()).extracting(PageRecord::url).containsExactly("https://x.org/a.html");
        }
    }

    @Test
    void sampleChunksKeepTheClippedTextOfEachDistinctCountableChunk() throws Exception {
        PageRecord copy1 = DiscoveryFixture.rawPages().stream()
                .filter(p -> p.url().equals("https://copy1.example/article.html"))
                .findFirst()
                .orElseThrow();
        try (var h = new OneInputStreamOperatorTestHarness<PageRecord, ChunkSample>(
                new StreamFlatMap<>(new DiscoveryFunctions.SampleChunks(DiscoveryFixture.params())))) {
            h.open();
            h.processElement(copy1, 1);
            assertThat(h.extractOutputValues())
                    .containsExactly(
                            new ChunkSample(sha(DiscoveryFixture.COPIED), DiscoveryFixture.COPIED),
                            new ChunkSample(
                                    sha(DiscoveryFixture.unique("copy", 1)), DiscoveryFixture.unique("copy", 1)));
        }
    }
}
