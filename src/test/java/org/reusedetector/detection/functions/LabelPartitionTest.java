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
        var h = new KeyedTwoInputStreamOperatorTestHarness<>(
                new KeyedCoProcessOperator<>(new LabelPartition(SETTINGS)),
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
        byte[] hashes = new byte[paragraphs.length * Sha1.LENGTH];
        int[] indices = new int[paragraphs.length];
        for (int i = 0; i < paragraphs.length; i++) {
            System.arraycopy(Sha1.fromHex(TestPages.chunkHash(paragraphs[i])), 0, hashes, i * Sha1.LENGTH, Sha1.LENGTH);
            indices[i] = i;
        }
        return new LabelQuery(page, keyOf(TestPages.chunkHash(paragraphs[0])), indices, hashes);
    }

    private static List<LabelAnswer> answers(
            KeyedTwoInputStreamOperatorTestHarness<Integer, PartitionLabel, LabelQuery, KeyedMatch> h) {
        List<LabelAnswer> out = new ArrayList<>();
        for (Object o : h.getOutput()) {
            if (o instanceof StreamRecord<?> r) {
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
}
