package org.reusedetector.signal.nearcopy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Collectors;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.api.operators.KeyedProcessOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.junit.jupiter.api.Test;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.TestPages;
import org.reusedetector.model.Alert;
import org.reusedetector.model.CopyMark;
import org.reusedetector.model.HashedPage;
import org.reusedetector.shingle.NearCopyParams;

class CorroborateNearCopiesTest {

    private static final long HOUR = 3_600_000L;
    /** Two distinct labelled pages corroborate a host; a copy waits 2 h of event time. */
    private static final DetectionSettings SETTINGS = TestPages.settings(null, 0)
            .withNearCopy(NearCopyParams.defaults())
            .withCorroboration(new DetectionSettings.Corroboration(2, 2 * HOUR, 30 * 24 * HOUR));

    private static KeyedOneInputStreamOperatorTestHarness<String, HashedPage, HashedPage> harness() throws Exception {
        return new KeyedOneInputStreamOperatorTestHarness<>(
                new KeyedProcessOperator<>(new CorroborateNearCopies(SETTINGS)),
                CorroborateNearCopies.HOST,
                Types.STRING);
    }

    /** A page of {@code url} that the matcher found to copy {@code labelled}. */
    private static HashedPage copy(String url, long time, String labelled) {
        return TestPages.hashed(SETTINGS, url, time, "some text of " + url)
                .with(CopyMark.KEY, new CopyMark(labelled, 0.8))
                .with(MatchNearCopies.LABEL, "id-of-" + labelled + "\tinformed:expert");
    }

    private static List<String> alerted(KeyedOneInputStreamOperatorTestHarness<String, HashedPage, HashedPage> h) {
        var alerts = h.getSideOutput(CorroborateNearCopies.ALERTS);
        return alerts == null
                ? List.of()
                : alerts.stream()
                        .map(StreamRecord::getValue)
                        .map(Alert::url)
                        .sorted()
                        .collect(Collectors.toList());
    }

    private static List<HashedPage> out(KeyedOneInputStreamOperatorTestHarness<String, HashedPage, HashedPage> h) {
        return h.extractOutputValues();
    }

    @Test
    void aHostIsReportedOnceItsCopiesCopyTwoDistinctLabelledPages() throws Exception {
        try (var h = harness()) {
            h.open();
            h.processElement(copy("https://spin.net/a.html", 0, "https://expert.org/a.html"), 0);
            h.processElement(copy("https://spin.net/a2.html", HOUR / 2, "https://expert.org/a.html"), HOUR / 2);
            assertThat(out(h)).as("one labelled page so far: held").isEmpty();
            assertThat(alerted(h)).isEmpty();

            h.processElement(copy("https://spin.net/b.html", HOUR, "https://expert.org/b.html"), HOUR);
            assertThat(alerted(h))
                    .containsExactly("https://spin.net/a.html", "https://spin.net/a2.html", "https://spin.net/b.html");
            assertThat(out(h))
                    .hasSize(3)
                    .allSatisfy(p -> assertThat(p.result(CopyMark.KEY)).isNotNull())
                    .allSatisfy(p -> assertThat(p.result(MatchNearCopies.LABEL)).isNull());

            h.processElement(copy("https://spin.net/c.html", 50 * HOUR, "https://expert.org/a.html"), 50 * HOUR);
            assertThat(alerted(h))
                    .as("a corroborated host's later copies go at once")
                    .hasSize(4);
            List<StreamRecord<Alert>> all = List.copyOf(h.getSideOutput(CorroborateNearCopies.ALERTS));
            Alert last = all.get(all.size() - 1).getValue();
            assertThat(last.matchedUrl()).isEqualTo("https://expert.org/a.html");
            assertThat(last.resemblance()).isEqualTo(0.8);
            assertThat(last.evidence()).singleElement().satisfies(e -> {
                assertThat(e.source()).isEqualTo("informed:expert");
                assertThat(e.exampleUrl()).isEqualTo("https://expert.org/a.html");
            });
        }
    }

    @Test
    void aLoneCopyGoesOnAsAnOrdinaryPageWhenItsHoldEnds() throws Exception {
        try (var h = harness()) {
            h.open();
            h.processElement(copy("https://javadoc-site.org/help-doc.html", 0, "https://expert.org/help-doc.html"), 0);
            h.processElement(copy("https://other.org/x.html", 0, "https://expert.org/x.html"), 0);
            h.processWatermark(2 * HOUR - 1);
            assertThat(out(h)).isEmpty();
            h.processWatermark(2 * HOUR);
            assertThat(alerted(h)).as("no host reached two labelled pages").isEmpty();
            assertThat(out(h))
                    .extracting(HashedPage::url)
                    .containsExactlyInAnyOrder("https://javadoc-site.org/help-doc.html", "https://other.org/x.html");
            assertThat(out(h))
                    .allSatisfy(p ->
                            assertThat(p.result(CopyMark.KEY)).as("unmarked").isNull())
                    .allSatisfy(p -> assertThat(p.result(MatchNearCopies.LABEL)).isNull());

            // the count went with the released copy: a copy of another labelled page later on starts again
            h.processElement(copy("https://javadoc-site.org/b.html", 3 * HOUR, "https://expert.org/b.html"), 3 * HOUR);
            assertThat(alerted(h)).isEmpty();
        }
    }

    @Test
    void pagesThatCopyNothingPassStraightThrough() throws Exception {
        try (var h = harness()) {
            h.open();
            HashedPage plain = TestPages.hashed(SETTINGS, "https://spin.net/plain.html", 0, "text");
            h.processElement(plain, 0);
            assertThat(out(h)).singleElement().satisfies(p -> {
                assertThat(p.url()).isEqualTo(plain.url());
                assertThat(p.chunkHashes()).isEqualTo(plain.chunkHashes());
            });
            assertThat(alerted(h)).isEmpty();
        }
    }

    @Test
    void heldCopiesAndTheCountSurviveARestore() throws Exception {
        OperatorSubtaskState snapshot;
        try (var h = harness()) {
            h.open();
            h.processElement(copy("https://spin.net/a.html", 0, "https://expert.org/a.html"), 0);
            snapshot = h.snapshot(1, 1);
        }
        try (var restored = harness()) {
            restored.initializeState(snapshot);
            restored.open();
            restored.processElement(copy("https://spin.net/b.html", HOUR, "https://expert.org/b.html"), HOUR);
            assertThat(alerted(restored)).containsExactly("https://spin.net/a.html", "https://spin.net/b.html");
        }
    }
}
