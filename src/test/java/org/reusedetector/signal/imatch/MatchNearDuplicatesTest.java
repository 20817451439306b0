package org.reusedetector.signal.imatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.operators.co.CoBroadcastWithKeyedOperator;
import org.apache.flink.streaming.api.operators.co.CoBroadcastWithNonKeyedOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.AbstractBroadcastStreamOperatorTestHarness;
import org.apache.flink.streaming.util.BroadcastOperatorTestHarness;
import org.apache.flink.streaming.util.KeyedBroadcastOperatorTestHarness;
import org.apache.flink.streaming.util.ProcessFunctionTestHarnesses;
import org.junit.jupiter.api.Test;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.TestPages;
import org.reusedetector.detection.functions.HoldUntilLabelsLoaded;
import org.reusedetector.detection.functions.ParseAndHash;
import org.reusedetector.format.Json;
import org.reusedetector.format.SnapshotMarker;
import org.reusedetector.imatch.ImatchLabels;
import org.reusedetector.imatch.Lexicon;
import org.reusedetector.imatch.LexiconParams;
import org.reusedetector.imatch.Signatures;
import org.reusedetector.model.Alert;
import org.reusedetector.model.AlertType;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.Label;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.signal.Signals;

class MatchNearDuplicatesTest {

    /** 40 lexicon terms; the pages use 30 of them. */
    private static final List<String> TERMS = terms();

    private static final Lexicon LEXICON =
            new Lexicon("test@2026-11-24:abc", "test", "2026-11-24T00:00:00Z", 100, LexiconParams.defaults(), TERMS);
    private static final DetectionSettings SETTINGS =
            TestPages.settings(null, 0).withLexicon(LEXICON);

    private static List<String> terms() {
        List<String> terms = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            terms.add("term" + (char) ('a' + i / 26) + (char) ('a' + i % 26));
        }
        terms.sort(null);
        return terms;
    }

    private static String text(int from, int to) {
        return "Some words outside the lexicon, then " + String.join(" ", TERMS.subList(from, to))
                + " and more filler text here.";
    }

    /**
     * The page as the job parses it: ParseAndHash computes the signatures in the same pass and sends a page that has
     * some to {@link ImatchSignal#SIGNED} (else the main output's page, without signatures).
     */
    private static HashedPage parsed(String url, String... paragraphs) throws Exception {
        try (var h = ProcessFunctionTestHarnesses.forProcessFunction(
                new ParseAndHash(SETTINGS, Signals.enabled(SETTINGS)))) {
            h.processElement(TestPages.page(url, "2026-01-01T00:00:00Z", paragraphs), 1);
            var signed = h.getSideOutput(ImatchSignal.SIGNED);
            return signed == null || signed.isEmpty()
                    ? h.extractOutputValues().get(0)
                    : signed.peek().getValue();
        }
    }

    private static BroadcastOperatorTestHarness<HashedPage, SourceRecord, Alert> harness(DetectionSettings settings)
            throws Exception {
        return new BroadcastOperatorTestHarness<>(
                new CoBroadcastWithNonKeyedOperator<>(
                        new MatchNearDuplicates(settings),
                        List.of(MatchNearDuplicates.SIGNATURES, MatchNearDuplicates.SNAPSHOT)),
                1,
                1,
                0);
    }

    /** As the job runs it: keyed by URL, inside the holding of pages until the label snapshot has loaded. */
    private static KeyedBroadcastOperatorTestHarness<String, HashedPage, SourceRecord, Alert> holding(
            DetectionSettings settings) throws Exception {
        return new KeyedBroadcastOperatorTestHarness<>(
                new CoBroadcastWithKeyedOperator<>(
                        MatchNearDuplicates.heldUntilLabelsLoaded(settings),
                        List.of(MatchNearDuplicates.SIGNATURES, MatchNearDuplicates.SNAPSHOT)),
                HoldUntilLabelsLoaded.PAGE_URL,
                Types.STRING,
                1,
                1,
                0);
    }

    private static List<Alert> alerts(AbstractBroadcastStreamOperatorTestHarness<HashedPage, SourceRecord, Alert> h) {
        return h.getOutput().stream()
                .filter(o -> o instanceof StreamRecord<?>)
                .map(o -> (Alert) ((StreamRecord<?>) o).getValue())
                .collect(Collectors.toList());
    }

    private static List<SourceRecord> labelsOf(HashedPage expert, Lexicon lexicon, String op) {
        List<SourceRecord> records = new ArrayList<>();
        for (Label label :
                ImatchLabels.of(expert.url(), expert.result(ImatchPageSignal.SIGNATURES), lexicon, "informed:expert")) {
            records.add(new SourceRecord(
                    Json.write(new Label(
                            label.hash(),
                            label.kind(),
                            op,
                            label.source(),
                            label.exampleUrl(),
                            null,
                            null,
                            label.text())),
                    "labels/0/0"));
        }
        return records;
    }

    @Test
    void parsingComputesOneSignaturePerLexicon() throws Exception {
        HashedPage page = parsed("https://expert.org/a.html", text(0, 30));
        assertThat(Signatures.lexicons(page.result(ImatchPageSignal.SIGNATURES)))
                .isEqualTo(11);
        assertThat(Signatures.count(page.result(ImatchPageSignal.SIGNATURES))).isEqualTo(11);
        assertThat(page.url()).isEqualTo("https://expert.org/a.html");
        assertThat(page.chunkHashes())
                .as("the matcher's copy carries no chunk hashes")
                .isEmpty();
        try (var h = ProcessFunctionTestHarnesses.forProcessFunction(
                new ParseAndHash(SETTINGS, Signals.enabled(SETTINGS)))) {
            h.processElement(TestPages.page("https://expert.org/a.html", "2026-01-01T00:00:00Z", text(0, 30)), 1);
            h.processElement(TestPages.page("https://tiny.net/c.html", "2026-01-01T00:00:00Z", text(0, 1)), 2);
            assertThat(h.extractOutputValues())
                    .as("the main output: chunk hashes, no signatures")
                    .hasSize(2)
                    .allSatisfy(p ->
                            assertThat(p.result(ImatchPageSignal.SIGNATURES)).isNull())
                    .allSatisfy(p -> assertThat(p.chunkCount()).isPositive());
            assertThat(h.getSideOutput(ImatchSignal.SIGNED))
                    .as("a page without signatures is not sent to the matcher")
                    .extracting(r -> r.getValue().url())
                    .containsExactly("https://expert.org/a.html");
        }
        try (var h = ProcessFunctionTestHarnesses.forProcessFunction(
                new ParseAndHash(TestPages.settings(null, 0), Signals.enabled(TestPages.settings(null, 0))))) {
            h.processElement(TestPages.page("https://expert.org/a.html", "2026-01-01T00:00:00Z", text(0, 30)), 1);
            assertThat(h.extractOutputValues().get(0).result(ImatchPageSignal.SIGNATURES))
                    .as("no lexicon, no signatures")
                    .isNull();
            assertThat(h.getSideOutput(ImatchSignal.SIGNED))
                    .as("no lexicon, nothing signed")
                    .isNullOrEmpty();
        }
    }

    @Test
    void copiesAndNearCopiesOfALabelledPageRaiseNearDuplicateAlerts() throws Exception {
        HashedPage expert = parsed("https://expert.org/a.html", text(0, 30));
        try (var h = harness(SETTINGS)) {
            h.open();
            for (SourceRecord label : labelsOf(expert, LEXICON, Label.OP_ADD)) {
                h.processBroadcastElement(label, 1);
            }
            h.processElement(
                    parsed("https://copy.net/a.html", "An ad of cheap words.", text(0, 30)), 2); // same lexicon terms
            h.processElement(parsed("https://edit.net/a.html", text(1, 30)), 3); // one lexicon term deleted
            h.processElement(parsed("https://other.net/b.html", text(10, 40)), 4); // another page
            h.processElement(parsed("https://tiny.net/c.html", text(0, 3)), 5); // too few terms: no signature

            List<Alert> alerts = alerts(h);
            assertThat(alerts)
                    .extracting(Alert::url)
                    .containsExactly("https://copy.net/a.html", "https://edit.net/a.html");
            Alert copy = alerts.get(0);
            assertThat(copy.type()).isEqualTo(AlertType.NEAR_DUPLICATE);
            assertThat(copy.lexicon()).isEqualTo(LEXICON.lexiconName(0));
            assertThat(copy.evidence()).singleElement().satisfies(e -> {
                assertThat(e.exampleUrl()).isEqualTo("https://expert.org/a.html");
                assertThat(e.kind()).isEqualTo(Label.KIND_IMATCH);
                assertThat(e.hash()).isEqualTo(Signatures.hex(expert.result(ImatchPageSignal.SIGNATURES), 0));
            });
            // the original lexicon sees the deleted term; a randomized lexicon without it still matches
            assertThat(alerts.get(1).lexicon()).startsWith(LEXICON.id() + "#").isNotEqualTo(LEXICON.lexiconName(0));
        }
    }

    @Test
    void pagesBeforeTheLabelSnapshotAreHeldAndMatchedWhenEveryPartitionsMarkerIsIn() throws Exception {
        HashedPage expert = parsed("https://expert.org/a.html", text(0, 30));
        DetectionSettings waiting = TestPages.settings("run-1", 2).withLexicon(LEXICON);
        try (var h = holding(waiting)) {
            h.open();
            h.processElement(parsed("https://copy.net/a.html", text(0, 30)), 1); // before its label
            for (SourceRecord label : labelsOf(expert, LEXICON, Label.OP_ADD)) {
                h.processBroadcastElement(label, 2);
            }
            h.processBroadcastElement(new SourceRecord(new SnapshotMarker("run-1", 0).toJson(), "labels/0/9"), 3);
            assertThat(alerts(h))
                    .as("one partition's marker is not the snapshot")
                    .isEmpty();

            h.processBroadcastElement(new SourceRecord(new SnapshotMarker("run-1", 1).toJson(), "labels/1/9"), 4);
            assertThat(alerts(h)).extracting(Alert::url).containsExactly("https://copy.net/a.html");
            assertThat(alerts(h).get(0).lexicon()).isEqualTo(LEXICON.lexiconName(0));
        }
    }

    @Test
    void removedLabelsAndLabelsOfAnotherLexiconDoNotMatch() throws Exception {
        HashedPage expert = parsed("https://expert.org/a.html", text(0, 30));
        Lexicon older = new Lexicon(
                "test@2026-10-01:old", "test", "2026-10-01T00:00:00Z", 100, LexiconParams.defaults(), TERMS);
        try (var h = harness(SETTINGS)) {
            h.open();
            for (SourceRecord label : labelsOf(expert, older, Label.OP_ADD)) {
                h.processBroadcastElement(label, 1);
            }
            h.processElement(parsed("https://copy.net/a.html", text(0, 30)), 2);
            assertThat(alerts(h)).isEmpty();

            for (SourceRecord label : labelsOf(expert, LEXICON, Label.OP_ADD)) {
                h.processBroadcastElement(label, 3);
            }
            for (SourceRecord label : labelsOf(expert, LEXICON, Label.OP_REMOVE)) {
                h.processBroadcastElement(label, 4);
            }
            h.processBroadcastElement(new SourceRecord("not a label", "labels/0/1"), 5);
            h.processElement(parsed("https://copy.net/a.html", text(0, 30)), 6);
            assertThat(alerts(h)).isEmpty();
        }
    }
}
