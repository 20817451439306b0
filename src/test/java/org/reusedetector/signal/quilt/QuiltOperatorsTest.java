package org.reusedetector.signal.quilt;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.operators.KeyedProcessOperator;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.apache.flink.streaming.util.ProcessFunctionTestHarnesses;
import org.junit.jupiter.api.Test;
import org.reusedetector.detection.TestPages;
import org.reusedetector.detection.functions.ParseAndHash;
import org.reusedetector.model.Alert;
import org.reusedetector.model.AlertType;
import org.reusedetector.model.HashedPage;
import org.reusedetector.shingle.QuiltParams;

class QuiltOperatorsTest {

    /** Every gram sampled, the default rule ((k, m, c, θ) = (5, 50, 3, 0.5), sources of 8 grams or more), 4 shards. */
    private static final QuiltStream QUILT = new QuiltStream(QuiltParams.DEFAULTS, 1, 3_600_000L, 8, 4);

    private static List<String> words(long seed, int n) {
        Random random = new Random(seed);
        List<String> words = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            words.add("w" + random.nextInt(100_000));
        }
        return words;
    }

    /** The page as the job parses it, with the quilt signal on: ParseAndHash samples its grams. */
    private static HashedPage parsed(String url, List<String> words) throws Exception {
        return parsed(url, "2026-01-01T00:00:00Z", words);
    }

    private static HashedPage parsed(String url, String fetchedAt, List<String> words) throws Exception {
        try (var h = ProcessFunctionTestHarnesses.forProcessFunction(
                new ParseAndHash(QuiltSignal.withSettings(TestPages.settings(null, 0), QUILT)))) {
            h.processElement(TestPages.page(url, fetchedAt, String.join(" ", words)), 1);
            return h.extractOutputValues().get(0);
        }
    }

    /** The operators in sequence, the index, the judge, the names and the gatherer keeping their state across pages. */
    private static final class Pipeline implements AutoCloseable {
        final KeyedOneInputStreamOperatorTestHarness<Integer, QuiltBatch, QuiltBatch> index =
                new KeyedOneInputStreamOperatorTestHarness<>(new PatchGrams(QUILT), QuiltBatch::shard, Types.INT);
        final KeyedOneInputStreamOperatorTestHarness<Long, QuiltBatch, QuiltName> judge =
                new KeyedOneInputStreamOperatorTestHarness<>(new JudgeQuilts(QUILT), QuiltBatch::page, Types.LONG);
        final KeyedOneInputStreamOperatorTestHarness<Long, QuiltName, QuiltName> names =
                new KeyedOneInputStreamOperatorTestHarness<>(
                        new KeyedProcessOperator<>(new NameQuiltSources(QUILT)), QuiltName::holder, Types.LONG);
        final KeyedOneInputStreamOperatorTestHarness<String, QuiltName, Alert> alerts =
                new KeyedOneInputStreamOperatorTestHarness<>(
                        new KeyedProcessOperator<>(new QuiltAlerts(QUILT)), QuiltAlerts::key, Types.STRING);
        int answered;
        int requested;
        int named;

        Pipeline() throws Exception {
            index.open();
            judge.open();
            names.open();
            alerts.open();
        }

        /** The page arrives and the watermark passes its fetch time. */
        void page(HashedPage page) throws Exception {
            arrive(page);
            watermark(page.eventTime());
        }

        /** The page arrives: its registration is in, its grams wait in the index for the watermark. */
        void arrive(HashedPage page) throws Exception {
            List<QuiltBatch> grams;
            List<QuiltName> registrations;
            try (var split = ProcessFunctionTestHarnesses.forProcessFunction(new QuiltGrams(QUILT))) {
                split.processElement(page, 1);
                grams = split.extractOutputValues();
                registrations = split.getSideOutput(QuiltGrams.REGISTRATIONS) == null
                        ? List.of()
                        : split.getSideOutput(QuiltGrams.REGISTRATIONS).stream()
                                .map(r -> r.getValue())
                                .toList();
            }
            assertThat(grams)
                    .as("one record per shard, not per gram")
                    .hasSizeLessThanOrEqualTo(QUILT.shards())
                    .allSatisfy(b -> assertThat(b.batches()).isEqualTo(grams.size()));
            assertThat(grams)
                    .as("the URL travels once")
                    .filteredOn(b -> !b.url().isEmpty())
                    .hasSize(1);
            assertThat(registrations).hasSize(1);
            for (QuiltName registration : registrations) {
                names.processElement(registration, 1);
            }
            for (QuiltBatch batch : grams) {
                index.processElement(batch, page.eventTime());
            }
        }

        /** The watermark passes {@code time}, through every operator, each one's output forwarded before it. */
        void watermark(long time) throws Exception {
            index.processWatermark(time);
            answered = forward(index.extractOutputValues(), answered, judge);
            judge.processWatermark(time);
            requested = forward(judge.extractOutputValues(), requested, names);
            names.processWatermark(time);
            named = forward(names.extractOutputValues(), named, alerts);
            alerts.processWatermark(time);
        }

        private static <T> int forward(List<T> output, int done, KeyedOneInputStreamOperatorTestHarness<?, T, ?> next)
                throws Exception {
            for (T record : output.subList(done, output.size())) {
                next.processElement(record, 1);
            }
            return output.size();
        }

        List<Alert> alerts() {
            return alerts.extractOutputValues();
        }

        @Override
        public void close() throws Exception {
            index.close();
            judge.close();
            names.close();
            alerts.close();
        }
    }

    private static <T> org.apache.flink.util.Collector<T> collector(List<T> into) {
        return new org.apache.flink.util.Collector<>() {
            @Override
            public void collect(T record) {
                into.add(record);
            }

            @Override
            public void close() {}
        };
    }

    @Test
    void aPageStitchedFromFourForeignPagesIsAQuiltAndACopyOfOneIsNot() throws Exception {
        List<List<String>> sources = new ArrayList<>();
        for (int s = 0; s < 4; s++) {
            sources.add(words(s, 200));
        }
        List<String> quilt = new ArrayList<>();
        for (List<String> source : sources) {
            quilt.addAll(source.subList(0, 60));
        }
        try (Pipeline p = new Pipeline()) {
            for (int s = 0; s < 4; s++) {
                p.page(parsed("https://source" + s + ".org/page.html", sources.get(s)));
            }
            p.page(parsed("https://quilt.biz/a.html", quilt));
            p.page(parsed("https://copy.biz/b.html", sources.get(0))); // covered by one source
            p.page(parsed(
                    "https://source1.org/other.html", sources.get(1).subList(0, 100))); // own site: no foreign source
            p.page(parsed("https://fresh.net/c.html", words(99, 200))); // nothing seen before

            assertThat(p.alerts()).singleElement().satisfies(a -> {
                assertThat(a.type()).isEqualTo(AlertType.QUILT);
                assertThat(a.url()).isEqualTo("https://quilt.biz/a.html");
                assertThat(a.badness()).isGreaterThanOrEqualTo(0.5).isLessThanOrEqualTo(1.0);
                assertThat(a.threshold()).isEqualTo(0.5);
                assertThat(a.pages()).isEqualTo(4L);
                assertThat(a.evidence())
                        .extracting(e -> e.exampleUrl())
                        .containsExactlyInAnyOrder(
                                "https://source0.org/page.html",
                                "https://source1.org/page.html",
                                "https://source2.org/page.html",
                                "https://source3.org/page.html");
            });
            assertThat(p.judge.numKeyedStateEntries())
                    .as("judged pages leave no state")
                    .isZero();
            assertThat(p.alerts.numKeyedStateEntries())
                    .as("alerted quilts leave no state")
                    .isZero();
        }
    }

    @Test
    void theIndexKeepsAtMostMHoldersAGramAndSamplesByFingerprint() {
        long[] holders = new long[0];
        for (int i = 0; i < 60; i++) {
            holders = QUILT.addHolder(holders, QuiltStream.holderId("https://h" + i + ".org/"));
        }
        assertThat(holders).hasSize(50).doesNotHaveDuplicates();
        long a = QuiltStream.holderId("https://a.org/");
        assertThat(QUILT.addHolder(new long[] {a}, a)).hasSize(1);

        QuiltStream sampled = new QuiltStream(QuiltParams.DEFAULTS, 8, 1000L, 8);
        long[] words = words(5, 400).stream()
                .mapToLong(org.reusedetector.shingle.Fingerprints::word)
                .toArray();
        long[] all = QUILT.sampledGrams(words);
        long[] some = sampled.sampledGrams(words);
        assertThat(java.util.Arrays.stream(some).allMatch(g -> Long.remainderUnsigned(g, 8) == 0))
                .isTrue();
        assertThat(all).contains(some);
        assertThat((double) some.length / all.length).isBetween(0.05, 0.25); // about 1/8
    }

    @Test
    void shardKeysSpreadTheShardsEvenlyOverTheIndexSubtasks() {
        for (int shards : new int[] {2, 4, 8, 16}) {
            int[] keys = QuiltGrams.shardKeys(shards, 128);
            assertThat(keys).doesNotHaveDuplicates();
            for (int parallelism = 1; parallelism <= shards && parallelism <= 8; parallelism *= 2) {
                int[] perSubtask = new int[parallelism];
                for (int key : keys) {
                    perSubtask[
                            org.apache.flink.runtime.state.KeyGroupRangeAssignment.assignKeyToParallelOperator(
                                    key, 128, parallelism)]++;
                }
                int[] even = new int[parallelism];
                java.util.Arrays.fill(even, shards / parallelism);
                assertThat(perSubtask)
                        .as("%d shards over %d subtasks", shards, parallelism)
                        .isEqualTo(even);
            }
        }
    }

    @Test
    void holderIdsTellSitesApartWithoutTheirUrls() {
        long page = QuiltStream.holderId("https://www.example.org/a.html");
        assertThat(QuiltStream.sameSite(page, QuiltStream.holderId("https://docs.example.org/b.html")))
                .as("one registrable domain")
                .isTrue();
        assertThat(QuiltStream.sameSite(page, QuiltStream.holderId("https://example.net/a.html")))
                .isFalse();
        assertThat(QuiltStream.holderId("https://docs.example.org/b.html"))
                .isNotEqualTo(QuiltStream.holderId("https://docs.example.org/c.html"));
        long noSite = QuiltStream.holderId("no-url");
        assertThat(QuiltStream.sameSite(noSite, QuiltStream.holderId("other")))
                .as("pages without a site share none")
                .isFalse();
    }

    @Test
    void theIndexWritesItsChangesBeforeEachCheckpointAndAfterARestoreAnswersFromState() throws Exception {
        QuiltBatch first = new QuiltBatch(
                QuiltStream.holderId("https://a.org/1"),
                "https://a.org/1",
                1L,
                0,
                1,
                new long[] {11L, 12L},
                new int[0],
                new long[0]);
        QuiltBatch second = new QuiltBatch(
                QuiltStream.holderId("https://b.org/1"),
                "https://b.org/1",
                2L,
                0,
                1,
                new long[] {11L, 13L},
                new int[0],
                new long[0]);
        org.apache.flink.runtime.checkpoint.OperatorSubtaskState snapshot;
        try (var index =
                new KeyedOneInputStreamOperatorTestHarness<>(new PatchGrams(QUILT), QuiltBatch::shard, Types.INT)) {
            index.open();
            index.processElement(first, 1);
            index.processWatermark(1);
            assertThat(index.numKeyedStateEntries()).as("written behind").isZero();
            index.prepareSnapshotPreBarrier(1L); // as the task does before each checkpoint's barrier
            assertThat(index.numKeyedStateEntries())
                    .as("the shard's map, with both grams")
                    .isPositive();
            snapshot = index.snapshot(1L, 1L);
            index.processElement(second, 2);
            index.processWatermark(2);
            assertThat(index.extractOutputValues()).last().satisfies(answer -> {
                assertThat(answer.holderCounts()).containsExactly(1, 0);
                assertThat(answer.holders()).containsExactly(first.page());
            });
        }
        try (var restored =
                new KeyedOneInputStreamOperatorTestHarness<>(new PatchGrams(QUILT), QuiltBatch::shard, Types.INT)) {
            restored.initializeState(snapshot);
            restored.open();
            restored.processElement(second, 2);
            restored.processWatermark(2);
            assertThat(restored.extractOutputValues()).singleElement().satisfies(answer -> {
                assertThat(answer.holderCounts())
                        .as("gram 11 held by a.org before the checkpoint")
                        .containsExactly(1, 0);
                assertThat(answer.holders()).containsExactly(first.page());
                assertThat(answer.grams())
                        .as("the judge needs the number of grams only")
                        .isEmpty();
            });
        }
    }

    /** Three answers of page 7: 36 sampled grams, all patch grams, 9 from each of four foreign pages. */
    private static List<QuiltBatch> answersOfAQuilt() {
        List<QuiltBatch> answers = new ArrayList<>();
        for (int batch = 0; batch < 3; batch++) {
            int[] counts = new int[12];
            long[] holders = new long[12];
            for (int g = 0; g < 12; g++) {
                counts[g] = 1;
                holders[g] = QuiltStream.holderId("https://source" + (batch * 12 + g) / 9 + ".org/");
            }
            answers.add(new QuiltBatch(
                    7L, batch == 1 ? "https://quilt.biz/" : "", 1L, batch, 3, new long[0], counts, holders));
        }
        return answers;
    }

    private static KeyedOneInputStreamOperatorTestHarness<Long, QuiltBatch, QuiltName> judgeHarness() throws Exception {
        return new KeyedOneInputStreamOperatorTestHarness<>(new JudgeQuilts(QUILT), QuiltBatch::page, Types.LONG);
    }

    @Test
    void theJudgeGathersAPagesAnswersInShardOrderAndForgetsAPageWhoseAnswersDoNotAllArrive() throws Exception {
        List<QuiltName> inOrder;
        try (var judge = judgeHarness()) {
            judge.open();
            for (QuiltBatch answer : answersOfAQuilt()) {
                judge.processElement(answer, 1);
            }
            inOrder = judge.extractOutputValues();
            assertThat(inOrder).hasSize(4).allSatisfy(name -> {
                assertThat(name.page()).isEqualTo("https://quilt.biz/");
                assertThat(name.sources()).isEqualTo(4);
                assertThat(name.coveredFraction()).isEqualTo(1.0);
            });
            assertThat(judge.numKeyedStateEntries()).as("gathered in the heap").isZero();

            List<QuiltBatch> late = answersOfAQuilt();
            judge.processElement(late.get(0), 2);
            judge.processWatermark(1 + JudgeQuilts.GIVE_UP_MILLIS + 1); // the rest arrives after the give-up time
            judge.processElement(late.get(1), 2);
            judge.processElement(late.get(2), 2);
            assertThat(judge.extractOutputValues())
                    .as("no verdict from part of a page's answers")
                    .hasSize(4);
        }
        org.apache.flink.runtime.checkpoint.OperatorSubtaskState snapshot;
        List<QuiltBatch> answers = answersOfAQuilt();
        try (var judge = judgeHarness()) {
            judge.open();
            judge.processElement(answers.get(2), 1);
            judge.processElement(answers.get(0), 1);
            judge.prepareSnapshotPreBarrier(1L);
            assertThat(judge.numKeyedStateEntries())
                    .as("an incomplete page is written before the barrier")
                    .isPositive();
            snapshot = judge.snapshot(1L, 1L);
        }
        try (var restored = judgeHarness()) {
            restored.initializeState(snapshot);
            restored.open();
            restored.processElement(answers.get(1), 1);
            assertThat(restored.extractOutputValues())
                    .as("the same verdict and cover order, whatever order the answers came in")
                    .isEqualTo(inOrder);
            restored.prepareSnapshotPreBarrier(2L);
            assertThat(restored.numKeyedStateEntries()).as("and then no state").isZero();
        }
    }

    @Test
    void aSourceRequestedBeforeItsRegistrationWaitsForTheWatermarkAndOneNeverRegisteredLeavesUnnamed()
            throws Exception {
        try (var names = new KeyedOneInputStreamOperatorTestHarness<>(
                new KeyedProcessOperator<>(new NameQuiltSources(QUILT)), QuiltName::holder, Types.LONG)) {
            names.open();
            names.processElement(new QuiltName(5L, "", "https://quilt.biz/", 10L, 0, 3, 0.7), 10);
            names.processElement(new QuiltName(6L, "", "https://quilt.biz/", 10L, 1, 3, 0.7), 10);
            names.processWatermark(9);
            assertThat(names.extractOutputValues()).isEmpty();
            names.processElement(QuiltName.registration(5L, "https://five.org/"), 5);
            assertThat(names.extractOutputValues()).singleElement().satisfies(n -> {
                assertThat(n.holderUrl()).isEqualTo("https://five.org/");
                assertThat(n.page()).isEqualTo("https://quilt.biz/");
                assertThat(n.position()).isZero();
            });
            names.processWatermark(10); // every page fetched before the quilt has registered by now
            assertThat(names.extractOutputValues()).hasSize(2).last().satisfies(n -> {
                assertThat(n.holder()).isEqualTo(6L);
                assertThat(n.holderUrl()).isEmpty();
            });
            names.processElement(new QuiltName(5L, "", "https://other.biz/", 20L, 2, 3, 0.6), 20);
            assertThat(names.extractOutputValues())
                    .last()
                    .extracting(QuiltName::holderUrl)
                    .isEqualTo("https://five.org/");
        }
    }

    private static QuiltBatch batch(String url, long time, long... grams) {
        return new QuiltBatch(QuiltStream.holderId(url), url, time, 0, 1, grams, new int[0], new long[0]);
    }

    @Test
    void theIndexAnswersWithThePagesFetchedBeforeWhateverTheArrivalAndAgesByEventTime() throws Exception {
        long ttl = QUILT.ttlMillis();
        QuiltBatch a = batch("https://a.org/1", 1000L, 11L, 12L);
        QuiltBatch b = batch("https://b.org/1", 2000L, 11L);
        QuiltBatch tie = batch("https://e.org/1", 2000L, 11L); // fetched at the same time as b
        QuiltBatch c = batch("https://c.org/1", 1000L + ttl, 12L); // gram 12 was last written by a, ttl before
        QuiltBatch d = batch("https://d.org/1", 2000L + ttl - 1, 11L); // gram 11 by b and e, just under ttl before
        org.apache.flink.runtime.checkpoint.OperatorSubtaskState snapshot;
        try (var index =
                new KeyedOneInputStreamOperatorTestHarness<>(new PatchGrams(QUILT), QuiltBatch::shard, Types.INT)) {
            index.open();
            index.processElement(tie, 2000L);
            index.processElement(b, 2000L);
            index.processElement(a, 1000L); // arrives last, fetched first
            assertThat(index.extractOutputValues())
                    .as("waiting for the watermark")
                    .isEmpty();
            index.prepareSnapshotPreBarrier(1L);
            snapshot = index.snapshot(1L, 1L);
        }
        try (var restored =
                new KeyedOneInputStreamOperatorTestHarness<>(new PatchGrams(QUILT), QuiltBatch::shard, Types.INT)) {
            restored.initializeState(snapshot);
            restored.open();
            restored.processWatermark(2000L);
            restored.processElement(d, d.eventTime());
            restored.processElement(c, c.eventTime());
            restored.processWatermark(Long.MAX_VALUE);
            List<QuiltBatch> answers = restored.extractOutputValues();
            assertThat(answers)
                    .extracting(QuiltBatch::page)
                    .as("fetch time, then page id")
                    .containsExactly(
                            a.page(),
                            Math.min(b.page(), tie.page()),
                            Math.max(b.page(), tie.page()),
                            c.page(),
                            d.page());
            assertThat(answers.get(0).holderCounts()).containsExactly(0, 0);
            assertThat(answers.get(1).holders()).containsExactly(a.page());
            assertThat(answers.get(2).holders()).containsExactlyInAnyOrder(a.page(), Math.min(b.page(), tie.page()));
            assertThat(answers.get(3).holderCounts())
                    .as("gram 12 has expired in event time")
                    .containsExactly(0);
            assertThat(answers.get(4).holders())
                    .as("gram 11 has not")
                    .containsExactlyInAnyOrder(a.page(), b.page(), tie.page());
        }
    }
}
