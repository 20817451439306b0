package org.reusedetector.detection.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.reusedetector.detection.TestPages.hashed;
import static org.reusedetector.detection.TestPages.label;
import static org.reusedetector.detection.TestPages.marker;
import static org.reusedetector.detection.TestPages.paragraph;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.state.rocksdb.EmbeddedRocksDBStateBackend;
import org.apache.flink.streaming.api.operators.co.CoBroadcastWithKeyedOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.KeyedBroadcastOperatorTestHarness;
import org.junit.jupiter.api.Test;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.TestPages;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.PageScore;
import org.reusedetector.model.SourceRecord;

class HoldUntilLabelsLoadedTest {

    private static final String A = paragraph("alpha");
    private static final String B = paragraph("bravo");

    /** The label matcher as the job runs it, on RocksDB (where the spilled pages go). */
    private static KeyedBroadcastOperatorTestHarness<String, HashedPage, SourceRecord, PageScore> harness(
            DetectionSettings settings) throws Exception {
        var h = new KeyedBroadcastOperatorTestHarness<>(
                new CoBroadcastWithKeyedOperator<>(
                        HoldUntilLabelsLoaded.matchLabels(settings),
                        List.of(LabelState.BUCKETS, LabelState.ORIGINS, LabelState.ORIGIN_IDS, LabelState.SNAPSHOT)),
                HoldUntilLabelsLoaded.PAGE_URL,
                Types.STRING,
                8,
                1,
                0);
        h.setStateBackend(new EmbeddedRocksDBStateBackend());
        return h;
    }

    private static List<String> scoredUrls(
            KeyedBroadcastOperatorTestHarness<String, HashedPage, SourceRecord, PageScore> h) {
        return h.getOutput().stream()
                .filter(o -> o instanceof StreamRecord<?>)
                .map(o -> ((PageScore) ((StreamRecord<?>) o).getValue()).url() + "@"
                        + ((PageScore) ((StreamRecord<?>) o).getValue()).eventTime())
                .collect(Collectors.toList());
    }

    /** The pages in the operator list state (on the heap), in order. */
    private static List<String> onHeap(KeyedBroadcastOperatorTestHarness<String, HashedPage, SourceRecord, PageScore> h)
            throws Exception {
        List<String> urls = new ArrayList<>();
        for (HashedPage page : h.getOperator()
                .getOperatorStateBackend()
                .getListState(new ListStateDescriptor<>("held-pages", TypeInformation.of(HashedPage.class)))
                .get()) {
            urls.add(page.url() + "@" + page.eventTime());
        }
        return urls;
    }

    @Test
    void pagesPastTheLimitAreKeptInKeyedStateNotOnTheHeapAndAllAreReleasedInOrderAfterARestore() throws Exception {
        DetectionSettings settings = TestPages.settings("run-1", 1).withHeldPagesMax(2);
        // arrival order; a and c are visited twice
        List<String> arrivals = List.of(
                "https://a.org/p@1",
                "https://b.org/p@2",
                "https://c.org/p@3",
                "https://a.org/p@4",
                "https://d.org/p@5",
                "https://c.org/p@6",
                "https://e.org/p@7");
        OperatorSubtaskState snapshot;
        try (var h = harness(settings)) {
            h.open();
            h.processBroadcastElement(label(A, "add"), 0);
            for (String arrival : arrivals) {
                String[] urlAndTime = arrival.split("@");
                long time = Long.parseLong(urlAndTime[1]);
                h.processElement(hashed(settings, urlAndTime[0], time, A, B), time);
            }
            var holder = (HoldUntilLabelsLoaded<?>)
                    ((CoBroadcastWithKeyedOperator<?, ?, ?, ?>) h.getOperator()).getUserFunction();
            assertThat(scoredUrls(h)).isEmpty();
            assertThat(holder.heldOnHeap()).isEqualTo(2);
            assertThat(onHeap(h))
                    .as("only the first pages up to the limit are on the heap")
                    .containsExactly(arrivals.get(0), arrivals.get(1));
            snapshot = h.snapshot(1, 10);
        }
        try (var restored = harness(settings)) {
            restored.initializeState(snapshot);
            restored.open();
            assertThat(onHeap(restored)).containsExactly(arrivals.get(0), arrivals.get(1));
            restored.processElement(
                    hashed(settings, "https://b.org/p", 8, A), 8); // still waiting: the heap is full, so it spills
            assertThat(onHeap(restored)).hasSize(2);

            restored.processBroadcastElement(marker("run-1", 0), 11);
            List<String> released = scoredUrls(restored);
            List<String> all = new ArrayList<>(arrivals);
            all.add("https://b.org/p@8");
            assertThat(released).containsExactlyInAnyOrderElementsOf(all);
            assertThat(released.subList(0, 2))
                    .as("the heap first, in arrival order")
                    .containsExactly(arrivals.get(0), arrivals.get(1));
            for (String url : List.of("https://a.org/p", "https://b.org/p", "https://c.org/p")) {
                List<String> visits =
                        released.stream().filter(r -> r.startsWith(url + "@")).toList();
                assertThat(visits)
                        .as("each URL's pages in arrival order")
                        .isSortedAccordingTo((x, y) -> Long.compare(
                                Long.parseLong(x.substring(x.indexOf('@') + 1)),
                                Long.parseLong(y.substring(y.indexOf('@') + 1))));
            }
            assertThat(onHeap(restored)).isEmpty();

            // released means cleared: the keyed state is empty and later pages are matched at once
            restored.processElement(hashed(settings, "https://a.org/p", 12, A), 12);
            assertThat(scoredUrls(restored)).hasSize(all.size() + 1).endsWith("https://a.org/p@12");
            OperatorSubtaskState after = restored.snapshot(2, 13);
            try (var again = harness(TestPages.settings("run-2", 1).withHeldPagesMax(2))) {
                again.initializeState(after);
                again.open();
                again.processBroadcastElement(marker("run-2", 0), 14);
                assertThat(scoredUrls(again)).as("nothing was left held").isEmpty();
            }
        }
    }

    @Test
    void aUrlWithSpilledPagesKeepsSpillingSoThatItsVisitsStayInOrder() throws Exception {
        DetectionSettings settings = TestPages.settings("run-1", 1).withHeldPagesMax(1);
        OperatorSubtaskState snapshot;
        try (var h = harness(settings)) {
            h.open();
            h.processElement(hashed(settings, "https://a.org/p", 1, A), 1); // heap
            h.processElement(hashed(settings, "https://b.org/p", 2, A), 2); // spilled: the heap is full
            snapshot = h.snapshot(1, 3);
        }
        // restored with a larger limit, the heap has room again; b.org's next visit must still come after its first
        try (var restored = harness(settings.withHeldPagesMax(10))) {
            restored.initializeState(snapshot);
            restored.open();
            restored.processElement(hashed(settings, "https://b.org/p", 4, A), 4);
            restored.processElement(hashed(settings, "https://c.org/p", 5, A), 5);
            assertThat(onHeap(restored)).containsExactly("https://a.org/p@1", "https://c.org/p@5");
            restored.processBroadcastElement(marker("run-1", 0), 6);
            assertThat(scoredUrls(restored))
                    .containsExactly(
                            "https://a.org/p@1", "https://c.org/p@5", "https://b.org/p@2", "https://b.org/p@4");
        }
    }
}
