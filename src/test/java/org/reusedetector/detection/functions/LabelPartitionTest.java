package org.reusedetector.detection.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.reusedetector.detection.TestPages.paragraph;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.state.rocksdb.EmbeddedRocksDBStateBackend;
import org.apache.flink.streaming.api.operators.co.KeyedCoProcessOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.KeyedTwoInputStreamOperatorTestHarness;
import org.junit.jupiter.api.Test;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.TestPages;
import org.reusedetector.format.LabelCodec;
import org.reusedetector.labels.LabelIndex;
import org.reusedetector.labels.keyed.PageQueries;
import org.reusedetector.model.KeyedMatch;
import org.reusedetector.model.Label;
import org.reusedetector.model.LabelAnswer;
import org.reusedetector.model.LabelQuery;
import org.reusedetector.model.PartitionLabel;
import org.reusedetector.model.SourceCounts;
import org.reusedetector.page.Sha1;

/**
 * A label partition on RocksDB: it holds queries until it has the run's marker from every labels-topic partition,
 * then answers them, and reports its chunk labels per source when the snapshot is in and a second after a change.
 */
class LabelPartitionTest {

    private static final int PARTITIONS = 4;
    private static final LabelPartitionKeys KEYS = new LabelPartitionKeys(PARTITIONS);
    private static final DetectionSettings SETTINGS =
            TestPages.settings("run-1", 2, "labels.mode=KEYED", "labels.keyed.partitions=" + PARTITIONS);

    private static KeyedTwoInputStreamOperatorTestHarness<Integer, PartitionLabel, LabelQuery, KeyedMatch> harness()
            throws Exception {
        return harness(SETTINGS);
    }

    private static KeyedTwoInputStreamOperatorTestHarness<Integer, PartitionLabel, LabelQuery, KeyedMatch> harness(
            DetectionSettings settings) throws Exception {
        var h = new KeyedTwoInputStreamOperatorTestHarness<>(
                new KeyedCoProcessOperator<>(new LabelPartition(settings)),
                PartitionLabel::partitionKey,
                LabelQuery::partitionKey,
                Types.INT,
                PARTITIONS,
                1,
                0);
        h.setStateBackend(new EmbeddedRocksDBStateBackend());
        h.open();
        return h;
    }

    private static int keyOf(String hash) {
        return KEYS.keyOf(PageQueries.partitionOf(Sha1.fromHex(hash), 0, PARTITIONS));
    }

    private static PartitionLabel label(String paragraph, String exampleUrl) {
        Label label = LabelCodec.parse(TestPages.label(paragraph, "add").value());
        label = new Label(label.hash(), label.kind(), label.op(), label.source(), exampleUrl, null, null, null);
        return new PartitionLabel(keyOf(label.hash()), label, null, 0);
    }

    private static PartitionLabel marker(int key, String run, int partition) {
        return new PartitionLabel(key, null, run, partition);
    }

    private static LabelQuery query(long page, String... paragraphs) {
        return query(page, 0L, paragraphs);
    }

    private static LabelQuery query(long page, long fetchedAt, String... paragraphs) {
        byte[] hashes = new byte[paragraphs.length * Sha1.LENGTH];
        int[] indices = new int[paragraphs.length];
        for (int i = 0; i < paragraphs.length; i++) {
            System.arraycopy(Sha1.fromHex(TestPages.chunkHash(paragraphs[i])), 0, hashes, i * Sha1.LENGTH, Sha1.LENGTH);
            indices[i] = i;
        }
        return new LabelQuery(page, keyOf(TestPages.chunkHash(paragraphs[0])), indices, hashes, fetchedAt);
    }

    private static List<LabelAnswer> answers(
            KeyedTwoInputStreamOperatorTestHarness<Integer, PartitionLabel, LabelQuery, KeyedMatch> h) {
        List<LabelAnswer> out = new ArrayList<>();
        for (Object o : h.getOutput()) {
            if (o instanceof StreamRecord<?> r && !((KeyedMatch) r.getValue()).isUpdate()) {
                out.add(((KeyedMatch) r.getValue()).answer());
            }
        }
        return out;
    }

    /** The label changes sent to remembered pages, in order. */
    private static List<LabelAnswer> changes(
            KeyedTwoInputStreamOperatorTestHarness<Integer, PartitionLabel, LabelQuery, KeyedMatch> h) {
        List<LabelAnswer> out = new ArrayList<>();
        for (Object o : h.getOutput()) {
            if (o instanceof StreamRecord<?> r && ((KeyedMatch) r.getValue()).isUpdate()) {
                out.add(((KeyedMatch) r.getValue()).answer());
            }
        }
        return out;
    }

    private static List<SourceCounts> counts(
            KeyedTwoInputStreamOperatorTestHarness<Integer, PartitionLabel, LabelQuery, KeyedMatch> h) {
        var out = h.getSideOutput(LabelPartition.COUNTS);
        return out == null
                ? List.of()
                : out.stream().map(StreamRecord::getValue).toList();
    }

    /** A paragraph whose hash lies in the same partition as {@code a}'s. */
    private static String samePartitionAs(String a) {
        for (int i = 0; ; i++) {
            String candidate = paragraph("other-" + i);
            if (keyOf(TestPages.chunkHash(candidate)) == keyOf(TestPages.chunkHash(a))) {
                return candidate;
            }
        }
    }

    @Test
    void queriesWaitForTheRunsMarkerOfEveryLabelsPartitionThenAreAnswered() throws Exception {
        String a = paragraph("a");
        String unlabelled = samePartitionAs(a);
        int key = keyOf(TestPages.chunkHash(a));
        try (var h = harness()) {
            h.setProcessingTime(0);
            h.processElement1(new StreamRecord<>(label(a, "https://expert.example/1")));
            h.processElement2(new StreamRecord<>(query(1L, a, unlabelled)));
            h.processElement1(new StreamRecord<>(marker(key, "run-1", 0)));
            h.processElement1(new StreamRecord<>(marker(key, "run-0", 1))); // an earlier run's marker
            assertThat(answers(h)).isEmpty();
            assertThat(counts(h)).isEmpty();

            h.processElement1(new StreamRecord<>(marker(key, "run-1", 1)));

            assertThat(answers(h)).singleElement().satisfies(answer -> {
                assertThat(answer.page()).isEqualTo(1L);
                assertThat(answer.indices()).containsExactly(0); // the labelled one only
                assertThat(answer.kinds()).containsExactly(LabelIndex.KIND_CHUNK);
                assertThat(answer.origins()[0]).contains("https://expert.example/1");
            });
            assertThat(counts(h)).singleElement().satisfies(c -> {
                assertThat(c.partitionKey()).isEqualTo(key);
                assertThat(c.run()).isEqualTo("run-1");
                assertThat(c.sources()).containsExactly("expert.example");
                assertThat(c.counts()).containsExactly(1L);
            });

            // after the snapshot: answered at once
            h.processElement2(new StreamRecord<>(query(2L, unlabelled)));
            assertThat(answers(h))
                    .hasSize(2)
                    .last()
                    .satisfies(answer -> assertThat(answer.indices()).isEmpty());
        }
    }

    @Test
    void countsThatChangeAfterTheSnapshotGoOutASecondLaterOncePerSource() throws Exception {
        String a = paragraph("a");
        String b = samePartitionAs(a);
        int key = keyOf(TestPages.chunkHash(a));
        try (var h = harness()) {
            h.setProcessingTime(0);
            h.processElement1(new StreamRecord<>(marker(key, "run-1", 0)));
            h.processElement1(new StreamRecord<>(marker(key, "run-1", 1)));
            assertThat(counts(h))
                    .singleElement()
                    .satisfies(c -> assertThat(c.sources()).isEmpty());

            h.processElement1(new StreamRecord<>(label(a, "https://expert.example/1")));
            h.processElement1(new StreamRecord<>(label(b, "https://expert.example/2")));
            assertThat(counts(h)).hasSize(1);
            h.setProcessingTime(LabelPartition.COUNT_DELAY_MILLIS);

            assertThat(counts(h)).hasSize(2).last().satisfies(c -> {
                assertThat(c.sources()).containsExactly("expert.example");
                assertThat(c.counts()).containsExactly(2L);
            });
        }
    }

    // --- the memory of which pages held each hash (re-scores after a label change) ---------------------------------

    private static final long DAY = 86_400_000L;

    private static PartitionLabel removal(String paragraph) {
        Label label = LabelCodec.parse(TestPages.label(paragraph, "remove").value());
        return new PartitionLabel(keyOf(label.hash()), label, null, 0);
    }

    private static KeyedTwoInputStreamOperatorTestHarness<Integer, PartitionLabel, LabelQuery, KeyedMatch> loaded(
            DetectionSettings settings, int key) throws Exception {
        var h = harness(settings);
        h.setProcessingTime(0);
        h.processElement1(new StreamRecord<>(marker(key, "run-1", 0)));
        h.processElement1(new StreamRecord<>(marker(key, "run-1", 1)));
        return h;
    }

    @Test
    void aLabelAddedAfterPagesWereAnsweredGoesToEachPageThatHeldTheHash() throws Exception {
        String a = paragraph("a");
        String other = samePartitionAs(a);
        int key = keyOf(TestPages.chunkHash(a));
        try (var h = loaded(SETTINGS, key)) {
            h.processElement2(new StreamRecord<>(query(1L, 10 * DAY, other, a)));
            h.processElement2(new StreamRecord<>(query(2L, 10 * DAY, a)));
            h.processElement2(new StreamRecord<>(query(3L, 10 * DAY, other)));
            assertThat(changes(h)).isEmpty();

            h.processElement1(new StreamRecord<>(label(a, "https://expert.example/1")));

            assertThat(changes(h)).hasSize(2).allSatisfy(change -> {
                assertThat(change.kinds()).containsExactly(LabelIndex.KIND_CHUNK);
                assertThat(change.origins()[0]).contains("https://expert.example/1");
            });
            assertThat(changes(h)).extracting(LabelAnswer::page).containsExactly(1L, 2L); // not page 3
            assertThat(changes(h).get(0).indices()).containsExactly(1); // where page 1 holds it
            assertThat(changes(h).get(1).indices()).containsExactly(0);

            h.processElement1(new StreamRecord<>(label(a, "https://expert.example/1"))); // no change: nothing sent
            assertThat(changes(h)).hasSize(2);
        }
    }

    @Test
    void aRemovedLabelGoesOutAsKindZeroAndAReAddedOneAsTheLabelAgain() throws Exception {
        String a = paragraph("a");
        int key = keyOf(TestPages.chunkHash(a));
        try (var h = loaded(SETTINGS, key)) {
            h.processElement1(new StreamRecord<>(label(a, "https://expert.example/1")));
            h.processElement2(new StreamRecord<>(query(1L, DAY, a)));
            assertThat(answers(h))
                    .singleElement()
                    .satisfies(answer -> assertThat(answer.indices()).containsExactly(0));

            h.processElement1(new StreamRecord<>(removal(a)));
            assertThat(changes(h)).singleElement().satisfies(change -> {
                assertThat(change.page()).isEqualTo(1L);
                assertThat(change.indices()).containsExactly(0);
                assertThat(change.kinds()).containsExactly((byte) 0);
                assertThat(change.origins()).containsExactly((String) null);
            });

            h.processElement1(new StreamRecord<>(removal(a))); // already gone: nothing sent
            assertThat(changes(h)).hasSize(1);

            h.processElement1(new StreamRecord<>(label(a, "https://expert.example/2")));
            assertThat(changes(h)).hasSize(2).last().satisfies(change -> {
                assertThat(change.kinds()).containsExactly(LabelIndex.KIND_CHUNK);
                assertThat(change.origins()[0]).contains("https://expert.example/2");
            });
        }
    }

    @Test
    void pagesLeaveTheMemoryOnceTheNewestFetchTimeIsTheRetentionPastThem() throws Exception {
        String a = paragraph("a");
        String b = samePartitionAs(a);
        int key = keyOf(TestPages.chunkHash(a));
        DetectionSettings settings = TestPages.settings(
                "run-1",
                2,
                "labels.mode=KEYED",
                "labels.keyed.partitions=" + PARTITIONS,
                "labels.keyed.rescore.retention=7 d");
        try (var h = loaded(settings, key)) {
            h.processElement2(new StreamRecord<>(query(1L, 10 * DAY, a)));
            h.processElement2(new StreamRecord<>(query(2L, 13 * DAY, a)));
            h.processElement2(new StreamRecord<>(query(3L, 2 * DAY, a))); // already 8 days behind the newest
            h.processElement2(new StreamRecord<>(query(4L, 18 * DAY, b))); // moves the window: page 1 falls out

            h.processElement1(new StreamRecord<>(label(a, "https://expert.example/1")));

            assertThat(changes(h)).extracting(LabelAnswer::page).containsExactly(2L);
        }
    }

    @Test
    void atMostTheCapOfPagesPerHashTheNewestByFetchTime() throws Exception {
        String a = paragraph("a");
        int key = keyOf(TestPages.chunkHash(a));
        DetectionSettings settings = TestPages.settings(
                "run-1",
                2,
                "labels.mode=KEYED",
                "labels.keyed.partitions=" + PARTITIONS,
                "labels.keyed.rescore.max-pages=2");
        try (var h = loaded(settings, key)) {
            h.processElement2(new StreamRecord<>(query(1L, 3 * DAY, a)));
            h.processElement2(new StreamRecord<>(query(2L, DAY, a)));
            h.processElement2(new StreamRecord<>(query(3L, 2 * DAY, a)));
            h.processElement2(new StreamRecord<>(query(4L, DAY / 2, a))); // older than both kept: not kept

            h.processElement1(new StreamRecord<>(label(a, "https://expert.example/1")));

            assertThat(changes(h)).extracting(LabelAnswer::page).containsExactlyInAnyOrder(1L, 3L);
        }
    }

    @Test
    void withoutRetentionNothingIsRememberedNorSent() throws Exception {
        String a = paragraph("a");
        int key = keyOf(TestPages.chunkHash(a));
        DetectionSettings settings = TestPages.settings(
                "run-1",
                2,
                "labels.mode=KEYED",
                "labels.keyed.partitions=" + PARTITIONS,
                "labels.keyed.rescore.retention=0 s");
        try (var h = loaded(settings, key)) {
            h.processElement2(new StreamRecord<>(query(1L, DAY, a)));
            h.processElement1(new StreamRecord<>(label(a, "https://expert.example/1")));
            assertThat(changes(h)).isEmpty();
        }
    }

    @Test
    void theMemoryIsCheckpointedWithTheLabels() throws Exception {
        String a = paragraph("a");
        int key = keyOf(TestPages.chunkHash(a));
        org.apache.flink.runtime.checkpoint.OperatorSubtaskState snapshot;
        try (var h = loaded(SETTINGS, key)) {
            h.processElement2(new StreamRecord<>(query(1L, DAY, a)));
            snapshot = h.snapshot(1L, 1L);
        }
        var restored = new KeyedTwoInputStreamOperatorTestHarness<>(
                new KeyedCoProcessOperator<>(new LabelPartition(SETTINGS)),
                PartitionLabel::partitionKey,
                LabelQuery::partitionKey,
                Types.INT,
                PARTITIONS,
                1,
                0);
        restored.setStateBackend(new EmbeddedRocksDBStateBackend());
        restored.initializeState(snapshot);
        restored.open();
        try (restored) {
            restored.processElement1(new StreamRecord<>(label(a, "https://expert.example/1")));
            assertThat(changes(restored)).extracting(LabelAnswer::page).containsExactly(1L);
        }
    }
}
