package org.reusedetector.detection.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;
import static org.reusedetector.detection.TestPages.hashed;
import static org.reusedetector.detection.TestPages.label;
import static org.reusedetector.detection.TestPages.labelOfKind;
import static org.reusedetector.detection.TestPages.marker;
import static org.reusedetector.detection.TestPages.paragraph;

import java.util.List;
import java.util.stream.Collectors;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.api.operators.co.CoBroadcastWithKeyedOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.KeyedBroadcastOperatorTestHarness;
import org.junit.jupiter.api.Test;
import org.reusedetector.detection.DeadLetters;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.TestPages;
import org.reusedetector.model.DeadLetter;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.Label;
import org.reusedetector.model.PageScore;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.page.Sha1;

class MatchLabelsTest {

    private static final String A = paragraph("alpha");
    private static final String B = paragraph("bravo");
    private static final String C = paragraph("charlie");

    /** As the job runs it: keyed by URL, inside the holding of pages until the label snapshot has loaded. */
    private static KeyedBroadcastOperatorTestHarness<String, HashedPage, SourceRecord, PageScore> harness(
            DetectionSettings settings) throws Exception {
        return new KeyedBroadcastOperatorTestHarness<>(
                new CoBroadcastWithKeyedOperator<>(
                        HoldUntilLabelsLoaded.matchLabels(settings),
                        List.of(LabelState.BUCKETS, LabelState.ORIGINS, LabelState.ORIGIN_IDS, LabelState.SNAPSHOT)),
                HoldUntilLabelsLoaded.PAGE_URL,
                Types.STRING,
                1,
                1,
                0);
    }

    private static List<PageScore> scores(
            KeyedBroadcastOperatorTestHarness<String, HashedPage, SourceRecord, PageScore> h) {
        return h.getOutput().stream()
                .filter(o -> o instanceof StreamRecord<?>)
                .map(o -> (PageScore) ((StreamRecord<?>) o).getValue())
                .collect(Collectors.toList());
    }

    @Test
    void pagesBeforeTheLabelSnapshotAreHeldAndScoredWhenEveryPartitionsMarkerIsIn() throws Exception {
        DetectionSettings settings = TestPages.settings("run-1", 2);
        try (var h = harness(settings)) {
            h.open();
            h.processElement(hashed(settings, "https://x.org/a.html", 1, A, B), 1);
            h.processBroadcastElement(label(A, "add"), 1);
            h.processBroadcastElement(marker("run-1", 0), 1);
            h.processBroadcastElement(marker("other-run", 1), 1); // an older run's marker does not count
            assertThat(scores(h)).isEmpty();

            h.processBroadcastElement(marker("run-1", 1), 2);
            List<PageScore> out = scores(h);
            assertThat(out).hasSize(1);
            assertThat(out.get(0).matchedChunks()).isEqualTo(1);
            assertThat(out.get(0).chunks()).isEqualTo(2);
            assertThat(out.get(0).badness()).isEqualTo(0.5);

            h.processElement(
                    hashed(settings, "https://x.org/b.html", 3, A, C), 3); // once loaded, pages pass straight through
            assertThat(scores(h)).hasSize(2);
        }
    }

    @Test
    void labelAddsAndRemovesTakeEffectWhileRunning() throws Exception {
        DetectionSettings settings = TestPages.settings(null, 0);
        try (var h = harness(settings)) {
            h.open();
            h.processElement(hashed(settings, "https://x.org/1", 1, A, B), 1);
            h.processBroadcastElement(label(A, "add"), 2);
            h.processBroadcastElement(label(B, "add"), 2);
            h.processElement(hashed(settings, "https://x.org/2", 3, A, B), 3);
            h.processBroadcastElement(label(A, "remove"), 4);
            h.processElement(hashed(settings, "https://x.org/3", 5, A, B), 5);
            List<PageScore> out = scores(h);
            assertThat(out).extracting(PageScore::badness).containsExactly(0.0, 1.0, 0.5);
            assertThat(out.get(1).evidence())
                    .extracting(e -> e.hash())
                    .containsExactlyInAnyOrder(TestPages.chunkHash(A), TestPages.chunkHash(B));
            assertThat(out.get(1).evidence()[0].source()).isEqualTo("test");
            assertThat(out.get(1).evidence()[0].exampleUrl()).isEqualTo("https://expert.example/p.html");
        }
    }

    @Test
    void stopLabelsLeaveTheScoreAndFileLabelsMatchWholePages() throws Exception {
        DetectionSettings settings = TestPages.settings(null, 0);
        try (var h = harness(settings)) {
            h.open();
            HashedPage page = hashed(settings, "https://x.org/1", 1, A, B, C);
            h.processBroadcastElement(label(A, "add"), 1);
            h.processBroadcastElement(labelOfKind(TestPages.chunkHash(C), Label.KIND_STOP, "add"), 1);
            h.processElement(page, 2);
            h.processBroadcastElement(labelOfKind(Sha1.hex(page.fileHash()), Label.KIND_FILE, "add"), 3);
            h.processElement(page, 4);
            List<PageScore> out = scores(h);
            assertThat(out.get(0).chunks()).isEqualTo(2); // C is template: out of numerator and denominator
            assertThat(out.get(0).badness()).isEqualTo(0.5);
            assertThat(out.get(0).fileMatch()).isFalse();
            assertThat(out.get(1).fileMatch()).isTrue();
            assertThat(out.get(1).badness()).isEqualTo(1.0);
        }
    }

    @Test
    void invalidLabelsBecomeDeadLettersAndTheJobGoesOn() throws Exception {
        DetectionSettings settings = TestPages.settings(null, 0);
        try (var h = harness(settings)) {
            h.open();
            h.processBroadcastElement(new SourceRecord("{\"hash\":\"not-a-hash\"}", "labels/0/5"), 1);
            h.processBroadcastElement(new SourceRecord("{oops", "labels/0/6"), 1);
            h.processBroadcastElement(label(A, "add"), 1);
            h.processElement(hashed(settings, "https://x.org/1", 1, A), 2);
            var dead = h.getSideOutput(DeadLetters.TAG);
            assertThat(dead).hasSize(2);
            assertThat(dead)
                    .extracting(r -> ((DeadLetter) r.getValue()).reason())
                    .containsOnly("invalid-label");
            assertThat(dead)
                    .extracting(r -> ((DeadLetter) r.getValue()).origin())
                    .containsExactly("labels/0/5", "labels/0/6");
            assertThat(scores(h)).extracting(PageScore::badness).containsExactly(1.0);
        }
    }

    @Test
    void crawlerRecursionPagesAreDeadLettersNotScores() throws Exception {
        DetectionSettings settings = TestPages.settings("run-3", 1); // before the label snapshot: not held either
        try (var h = harness(settings)) {
            h.open();
            h.processBroadcastElement(label(A, "add"), 1);
            h.processElement(hashed(settings, "https://loop.org/a/a/a/a/p.html?x=1", 1_767_225_600_000L, A), 2);
            h.processElement(hashed(settings, "https://loop.org/a/b/a/b/p.html", 3, A), 3);
            h.processElement(
                    hashed(settings, "https://loop.org/docs/docs/p.html", 4, A),
                    4); // twice is common on real sites: scored
            h.processBroadcastElement(marker("run-3", 0), 5);
            var dead = h.getSideOutput(DeadLetters.TAG).stream()
                    .map(r -> (DeadLetter) r.getValue())
                    .toList();
            assertThat(dead).extracting(DeadLetter::reason).containsExactly("crawler-recursion", "crawler-recursion");
            assertThat(dead.get(0).error())
                    .contains("'a' occurs 4 times")
                    .contains("https://loop.org/a/a/a/a/p.html?x=1");
            assertThat(dead.get(1).error()).contains("'a', 'b' occur 2 times each");
            assertThat(dead.get(0).origin()).isEqualTo("https://loop.org/a/a/a/a/p.html?x=1");
            assertThat(dead.get(0).original())
                    .isEqualTo(
                            "{\"url\":\"https://loop.org/a/a/a/a/p.html?x=1\",\"fetched_at\":\"2026-01-01T00:00:00Z\"}");
            assertThat(scores(h)).extracting(PageScore::url).containsExactly("https://loop.org/docs/docs/p.html");
        }
        DetectionSettings lenient = TestPages.settings(null, 0, "recursion.max-repeats=5");
        try (var h = harness(lenient)) {
            h.open();
            h.processElement(hashed(lenient, "https://loop.org/a/a/a/a/p.html", 1, A), 1);
            assertThat(h.getSideOutput(DeadLetters.TAG)).isNullOrEmpty();
            assertThat(scores(h)).hasSize(1);
        }
    }

    @Test
    void labelsAndHeldPagesSurviveSnapshotAndRestore() throws Exception {
        DetectionSettings settings = TestPages.settings("run-2", 1);
        OperatorSubtaskState snapshot;
        try (var h = harness(settings)) {
            h.open();
            h.processBroadcastElement(label(A, "add"), 1);
            h.processElement(hashed(settings, "https://x.org/held", 1, A, B), 1);
            snapshot = h.snapshot(1, 10);
        }
        try (var restored = harness(settings)) {
            restored.initializeState(snapshot);
            restored.open();
            restored.processBroadcastElement(marker("run-2", 0), 11);
            restored.processElement(hashed(settings, "https://x.org/new", 12, A), 12);
            assertThat(scores(restored))
                    .extracting(PageScore::url, PageScore::badness)
                    .containsExactly(tuple("https://x.org/held", 0.5), tuple("https://x.org/new", 1.0));
        }
        // a resumed run waits again, for its own run's markers, so labels loaded just before it started are in
        try (var h = harness(settings)) {
            h.open();
            h.processBroadcastElement(marker("run-2", 0), 1);
            h.processBroadcastElement(label(B, "add"), 1);
            snapshot = h.snapshot(2, 2);
        }
        try (var restored = harness(TestPages.settings("run-3", 1))) {
            restored.initializeState(snapshot);
            restored.open();
            restored.processElement(hashed(settings, "https://x.org/after", 3, A, B), 3);
            assertThat(scores(restored)).isEmpty();
            restored.processBroadcastElement(label(A, "add"), 4);
            restored.processBroadcastElement(marker("run-3", 0), 4);
            assertThat(scores(restored))
                    .extracting(PageScore::badness)
                    .containsExactly(1.0); // B from before, A from the new load
        }
    }
}
