package org.reusedetector.detection.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.reusedetector.detection.TestPages.paragraph;

import java.util.List;
import java.util.stream.Collectors;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.state.TestableKeyedStateBackend;
import org.apache.flink.state.rocksdb.EmbeddedRocksDBStateBackend;
import org.apache.flink.streaming.api.operators.co.CoBroadcastWithKeyedOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.KeyedBroadcastOperatorTestHarness;
import org.junit.jupiter.api.Test;
import org.reusedetector.detection.DeadLetters;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.TestPages;
import org.reusedetector.labels.LabelIndex;
import org.reusedetector.model.CopyMark;
import org.reusedetector.model.DeadLetter;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.KeyedMatch;
import org.reusedetector.model.Label;
import org.reusedetector.model.LabelAnswer;
import org.reusedetector.model.PageScore;
import org.reusedetector.model.SourceTotals;
import org.reusedetector.page.Sha1;

/** The keyed mode's join per page, on RocksDB: it waits for every answer and for the snapshot, and times out. */
class JoinLabelAnswersTest {

    private static final long MINUTE = 60_000;
    private static final DetectionSettings SETTINGS = TestPages.settings(
            "run-1",
            1,
            "labels.mode=KEYED",
            "labels.keyed.partitions=4",
            "labels.keyed.join-timeout=1 min",
            "labels.keyed.rescore.retention=0 s");
    private static final long DAY = 86_400_000L;
    /** With re-scores: pages are kept for a week of fetch time after they are scored. */
    private static final DetectionSettings RESCORES = TestPages.settings(
            "run-1",
            1,
            "labels.mode=KEYED",
            "labels.keyed.partitions=4",
            "labels.keyed.join-timeout=1 min",
            "labels.keyed.rescore.retention=7 d");

    private static final String ORIGIN = LabelIndex.originOf(new Label(
            TestPages.chunkHash(paragraph("a")),
            "chunk",
            "add",
            "test",
            "https://expert.example/p.html",
            null,
            null,
            null));

    private static KeyedBroadcastOperatorTestHarness<Long, KeyedMatch, SourceTotals, PageScore> harness()
            throws Exception {
        return harness(SETTINGS);
    }

    private static KeyedBroadcastOperatorTestHarness<Long, KeyedMatch, SourceTotals, PageScore> harness(
            DetectionSettings settings) throws Exception {
        var h = new KeyedBroadcastOperatorTestHarness<>(
                new CoBroadcastWithKeyedOperator<>(
                        new JoinLabelAnswers(settings), List.of(JoinLabelAnswers.TOTALS, JoinLabelAnswers.READY)),
                KeyedMatch::page,
                Types.LONG,
                8,
                1,
                0);
        h.setStateBackend(new EmbeddedRocksDBStateBackend());
        h.open();
        return h;
    }

    private static HashedPage page(String url) {
        return TestPages.hashed(SETTINGS, url, 5, paragraph("a"), paragraph("b"));
    }

    /** The chunk of paragraph a labelled by the expert; the others and the file hash not. */
    private static KeyedMatch labelledA(long id) {
        HashedPage page = page("https://any.example/");
        int index = -1;
        for (int i = 0; i < page.chunkCount(); i++) {
            if (Sha1.hex(page.chunkHashes(), i).equals(TestPages.chunkHash(paragraph("a")))) {
                index = i;
            }
        }
        assertThat(index).isNotNegative();
        return KeyedMatch.answer(
                new LabelAnswer(id, new int[] {index}, new byte[] {LabelIndex.KIND_CHUNK}, new String[] {ORIGIN}));
    }

    private static KeyedMatch nothing(long id) {
        return KeyedMatch.answer(new LabelAnswer(id, new int[0], new byte[0], new String[0]));
    }

    private static List<PageScore> scores(
            KeyedBroadcastOperatorTestHarness<Long, KeyedMatch, SourceTotals, PageScore> h) {
        return h.getOutput().stream()
                .filter(o -> o instanceof StreamRecord<?>)
                .map(o -> (PageScore) ((StreamRecord<?>) o).getValue())
                .collect(Collectors.toList());
    }

    private static List<DeadLetter> deadLetters(
            KeyedBroadcastOperatorTestHarness<Long, KeyedMatch, SourceTotals, PageScore> h) {
        var out = h.getSideOutput(DeadLetters.TAG);
        return out == null
                ? List.of()
                : out.stream().map(StreamRecord::getValue).toList();
    }

    @SuppressWarnings("unchecked")
    private static int stateEntries(KeyedBroadcastOperatorTestHarness<Long, KeyedMatch, SourceTotals, PageScore> h) {
        Object backend = h.getOperator().getKeyedStateBackend();
        return ((TestableKeyedStateBackend<?>) backend).numKeyValueStateEntries();
    }

    @Test
    void aCompletePageWaitsForTheSnapshotThenIsScoredWithTheTotalsOfAllPartitions() throws Exception {
        try (var h = harness()) {
            h.setProcessingTime(0);
            h.processElement(new StreamRecord<>(KeyedMatch.page(1L, page("https://copy.example/p"), 2)));
            h.processElement(new StreamRecord<>(labelledA(1L)));
            h.processElement(new StreamRecord<>(nothing(1L)));
            assertThat(scores(h)).isEmpty(); // complete, but the snapshot is not in

            h.processBroadcastElement(
                    new StreamRecord<>(new SourceTotals(null, new String[] {"expert.example"}, new long[] {7})));
            assertThat(scores(h)).isEmpty();
            h.processBroadcastElement(new StreamRecord<>(new SourceTotals("run-1", new String[0], new long[0])));

            assertThat(scores(h)).singleElement().satisfies(score -> {
                assertThat(score.url()).isEqualTo("https://copy.example/p");
                assertThat(score.chunks()).isEqualTo(2);
                assertThat(score.matchedChunks()).isEqualTo(1);
                assertThat(score.evidence()[0].source()).isEqualTo("test");
                assertThat(score.sources()[0].source()).isEqualTo("expert.example");
                assertThat(score.sources()[0].sourceChunks()).isEqualTo(7);
            });
            assertThat(stateEntries(h)).isZero();
            // its timer finds nothing to do
            h.setProcessingTime(10 * MINUTE);
            assertThat(deadLetters(h)).isEmpty();
            assertThat(scores(h)).hasSize(1);
        }
    }

    @Test
    void oncePagesAreReadyAPageIsScoredWhenItsLastAnswerArrives() throws Exception {
        try (var h = harness()) {
            h.processBroadcastElement(new StreamRecord<>(new SourceTotals("run-1", new String[0], new long[0])));
            h.processElement(new StreamRecord<>(nothing(2L))); // an answer may come before its page
            h.processElement(new StreamRecord<>(KeyedMatch.page(2L, page("https://clean.example/p"), 2)));
            assertThat(scores(h)).isEmpty();
            h.processElement(new StreamRecord<>(nothing(2L)));
            assertThat(scores(h))
                    .singleElement()
                    .satisfies(s -> assertThat(s.matchedChunks()).isZero());
        }
    }

    @Test
    void aPageMissingAnAnswerIsADeadLetterATimeoutAfterTheSnapshotNotBefore() throws Exception {
        try (var h = harness()) {
            h.setProcessingTime(0);
            h.processElement(new StreamRecord<>(KeyedMatch.page(3L, page("https://late.example/p"), 2)));
            h.processElement(new StreamRecord<>(labelledA(3L)));
            h.setProcessingTime(5 * MINUTE); // the snapshot is still loading: every page waits for it
            assertThat(deadLetters(h)).isEmpty();

            h.processBroadcastElement(new StreamRecord<>(new SourceTotals("run-1", new String[0], new long[0])));
            assertThat(scores(h)).isEmpty(); // still one answer short
            h.setProcessingTime(5 * MINUTE + MINUTE);

            assertThat(deadLetters(h)).singleElement().satisfies(d -> {
                assertThat(d.reason()).isEqualTo("label-join-timeout");
                assertThat(d.error()).isEqualTo("1 of 2 label partitions answered in time");
                assertThat(d.original()).contains("https://late.example/p");
            });
            assertThat(scores(h)).isEmpty();
            assertThat(stateEntries(h)).isZero();
        }
    }

    @Test
    void answersWhosePageNeverComesAreDroppedSilently() throws Exception {
        try (var h = harness()) {
            h.processBroadcastElement(new StreamRecord<>(new SourceTotals("run-1", new String[0], new long[0])));
            h.setProcessingTime(0);
            h.processElement(new StreamRecord<>(nothing(4L)));
            assertThat(stateEntries(h)).isPositive();
            h.setProcessingTime(2 * MINUTE);
            assertThat(deadLetters(h)).isEmpty();
            assertThat(stateEntries(h)).isZero();
        }
    }

    // --- re-scores after a label change -----------------------------------------------------------------------------

    private static int indexOf(HashedPage page, String paragraph) {
        for (int i = 0; i < page.chunkCount(); i++) {
            if (Sha1.hex(page.chunkHashes(), i).equals(TestPages.chunkHash(paragraph))) {
                return i;
            }
        }
        throw new AssertionError("not on the page: " + paragraph);
    }

    private static KeyedMatch labelled(long id, HashedPage page, String... paragraphs) {
        int[] indices = new int[paragraphs.length];
        byte[] kinds = new byte[paragraphs.length];
        String[] origins = new String[paragraphs.length];
        for (int i = 0; i < paragraphs.length; i++) {
            indices[i] = indexOf(page, paragraphs[i]);
            kinds[i] = LabelIndex.KIND_CHUNK;
            origins[i] = ORIGIN;
        }
        return KeyedMatch.answer(new LabelAnswer(id, indices, kinds, origins));
    }

    private static KeyedMatch change(long id, HashedPage page, String paragraph, byte kind) {
        return KeyedMatch.update(new LabelAnswer(
                id, new int[] {indexOf(page, paragraph)}, new byte[] {kind}, new String[] {kind == 0 ? null : ORIGIN}));
    }

    private static HashedPage pageAt(String url, long fetchedAt) {
        return TestPages.hashed(RESCORES, url, fetchedAt, paragraph("a"), paragraph("b"), paragraph("c"));
    }

    @Test
    void aLabelChangeReScoresTheRememberedPageAndClearsTheAlertThatNoLongerHolds() throws Exception {
        HashedPage copy = pageAt("https://copy.example/p", DAY);
        try (var h = harness(RESCORES)) {
            h.processBroadcastElement(new StreamRecord<>(new SourceTotals("run-1", new String[0], new long[0])));
            h.processElement(new StreamRecord<>(KeyedMatch.page(1L, copy, 2)));
            h.processElement(new StreamRecord<>(labelled(1L, copy, paragraph("a"), paragraph("b"))));
            h.processElement(new StreamRecord<>(nothing(1L)));
            assertThat(scores(h)).singleElement().satisfies(s -> {
                assertThat(s.matchedChunks()).isEqualTo(2);
                assertThat(SETTINGS.pageRule().alerts(s)).isTrue();
            });

            h.processElement(new StreamRecord<>(change(1L, copy, paragraph("b"), (byte) 0))); // b's label removed
            assertThat(scores(h)).hasSize(2).last().satisfies(s -> {
                assertThat(s.url()).isEqualTo("https://copy.example/p");
                assertThat(s.eventTime()).isEqualTo(DAY); // the page's own fetch time: it replaces the first score
                assertThat(s.matchedChunks()).isEqualTo(1);
                assertThat(s.clearsAlert()).isTrue();
                assertThat(PageAlerts.toAlert(s, SETTINGS.pageRule()).type().wireName())
                        .isEqualTo("cleared");
            });

            h.processElement(new StreamRecord<>(change(1L, copy, paragraph("b"), LabelIndex.KIND_CHUNK))); // re-added
            h.processElement(new StreamRecord<>(change(1L, copy, paragraph("c"), LabelIndex.KIND_CHUNK))); // added
            assertThat(scores(h)).hasSize(4).last().satisfies(s -> {
                assertThat(s.matchedChunks()).isEqualTo(3);
                assertThat(s.clearsAlert()).isFalse();
                assertThat(PageAlerts.toAlert(s, SETTINGS.pageRule()).type().wireName())
                        .isEqualTo("page");
            });
            assertThat(scores(h).get(2).matchedChunks()).isEqualTo(2);

            h.processElement(new StreamRecord<>(change(1L, copy, paragraph("c"), LabelIndex.KIND_CHUNK))); // no change
            assertThat(scores(h)).hasSize(4);
        }
    }

    @Test
    void aChangeThatOvertakesThePageIsAppliedAfterTheAnswerItChanges() throws Exception {
        HashedPage copy = pageAt("https://early.example/p", DAY);
        try (var h = harness(RESCORES)) {
            h.processBroadcastElement(new StreamRecord<>(new SourceTotals("run-1", new String[0], new long[0])));
            h.processElement(new StreamRecord<>(labelled(2L, copy, paragraph("a"), paragraph("b"))));
            h.processElement(new StreamRecord<>(change(2L, copy, paragraph("a"), (byte) 0)));
            h.processElement(new StreamRecord<>(KeyedMatch.page(2L, copy, 2)));
            h.processElement(new StreamRecord<>(nothing(2L)));
            assertThat(scores(h))
                    .singleElement()
                    .satisfies(s -> assertThat(s.matchedChunks()).isEqualTo(1));
        }
    }

    @Test
    void aPageIsReScoredUntilTheWatermarkPassesItsFetchTimeByTheRetention() throws Exception {
        HashedPage copy = pageAt("https://old.example/p", DAY);
        try (var h = harness(RESCORES)) {
            h.processBroadcastElement(new StreamRecord<>(new SourceTotals("run-1", new String[0], new long[0])));
            h.processElement(new StreamRecord<>(KeyedMatch.page(3L, copy, 1)));
            h.processElement(new StreamRecord<>(nothing(3L)));
            h.watermark(8 * DAY - 1);
            h.processElement(new StreamRecord<>(change(3L, copy, paragraph("a"), LabelIndex.KIND_CHUNK)));
            assertThat(scores(h)).hasSize(2);

            h.watermark(8 * DAY);
            assertThat(stateEntries(h)).isZero();
            h.processElement(new StreamRecord<>(change(3L, copy, paragraph("b"), LabelIndex.KIND_CHUNK)));
            assertThat(scores(h)).hasSize(2); // gone: the change finds nothing, and keeps nothing
            assertThat(stateEntries(h)).isZero();
        }
    }

    @Test
    void aReScoredNearCopyKeepsItsCopyMark() throws Exception {
        HashedPage nearCopy = pageAt("https://near.example/p", DAY)
                .with(CopyMark.KEY, new CopyMark("https://expert.example/p.html", 0.5));
        try (var h = harness(RESCORES)) {
            h.processBroadcastElement(new StreamRecord<>(new SourceTotals("run-1", new String[0], new long[0])));
            h.processElement(new StreamRecord<>(KeyedMatch.page(4L, nearCopy, 1)));
            h.processElement(new StreamRecord<>(nothing(4L)));
            assertThat(scores(h))
                    .singleElement()
                    .satisfies(s ->
                            assertThat(s.matchedChunks()).isEqualTo(2)); // raised to half of its 3 chunks, rounded up

            h.processElement(new StreamRecord<>(change(4L, nearCopy, paragraph("a"), LabelIndex.KIND_CHUNK)));
            // one labelled chunk: the mark still raises it to 2
            assertThat(scores(h))
                    .hasSize(2)
                    .last()
                    .satisfies(s -> assertThat(s.matchedChunks()).isEqualTo(2));
        }
    }
}
