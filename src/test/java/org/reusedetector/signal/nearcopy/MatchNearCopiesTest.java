package org.reusedetector.signal.nearcopy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.api.operators.co.CoBroadcastWithNonKeyedOperator;
import org.apache.flink.streaming.util.BroadcastOperatorTestHarness;
import org.apache.flink.streaming.util.ProcessFunctionTestHarnesses;
import org.junit.jupiter.api.Test;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.TestPages;
import org.reusedetector.detection.functions.ParseAndHash;
import org.reusedetector.format.Json;
import org.reusedetector.format.LabelCodec;
import org.reusedetector.model.CopyMark;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.Label;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.shingle.Fingerprints;
import org.reusedetector.shingle.NearCopyParams;
import org.reusedetector.shingle.Phrases;
import org.reusedetector.shingle.ShingleLabels;
import org.reusedetector.signal.Signals;

class MatchNearCopiesTest {

    private static final NearCopyParams PARAMS = NearCopyParams.defaults();
    private static final DetectionSettings SETTINGS =
            TestPages.settings(null, 0).withNearCopy(PARAMS);

    /** 300 words drawn from a 3000-word vocabulary: unrelated texts share almost no word pairs. */
    private static List<String> words(long seed) {
        return words(seed, 300);
    }

    /** {@code n} words (a multiple of 30) drawn from a 3000-word vocabulary. */
    private static List<String> words(long seed, int n) {
        Random random = new Random(seed);
        List<String> words = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            words.add("w" + random.nextInt(3000));
        }
        return words;
    }

    /** The words with every {@code step}-th one replaced (a one-character-like edit of that word). */
    private static List<String> edited(List<String> words, int step) {
        List<String> copy = new ArrayList<>(words);
        for (int i = step / 2; i < copy.size(); i += step) {
            copy.set(i, copy.get(i) + "x");
        }
        return copy;
    }

    /** Paragraphs of 30 words. */
    private static String[] paragraphs(List<String> words) {
        String[] paragraphs = new String[words.size() / 30];
        for (int p = 0; p < paragraphs.length; p++) {
            paragraphs[p] = String.join(" ", words.subList(p * 30, p * 30 + 30));
        }
        return paragraphs;
    }

    /** The page as the job parses it: ParseAndHash sketches it in the same pass. */
    private static HashedPage parsed(DetectionSettings settings, String url, List<String> words) throws Exception {
        try (var h = ProcessFunctionTestHarnesses.forProcessFunction(
                new ParseAndHash(settings, Signals.enabled(settings)))) {
            h.processElement(TestPages.page(url, "2026-01-01T00:00:00Z", paragraphs(words)), 1);
            return h.extractOutputValues().get(0);
        }
    }

    private static BroadcastOperatorTestHarness<HashedPage, SourceRecord, HashedPage> harness() throws Exception {
        return new BroadcastOperatorTestHarness<>(
                new CoBroadcastWithNonKeyedOperator<>(new MatchNearCopies(SETTINGS), List.of(MatchNearCopies.SKETCHES)),
                1,
                1,
                0);
    }

    /** The {@code shingle} label of an expert page of these words (all its phrases: one page has no template). */
    private static SourceRecord label(String url, List<String> words, String op) {
        long[] fingerprints = words.stream().mapToLong(Fingerprints::word).toArray();
        Label label = ShingleLabels.of(
                url, Phrases.sampledGramSet(fingerprints, fingerprints.length, PARAMS.k(), PARAMS), "informed:expert");
        return new SourceRecord(
                Json.write(new Label(
                        label.hash(), label.kind(), op, label.source(), label.exampleUrl(), null, null, label.text())),
                "labels/0/0");
    }

    /** The near copies found, on their way to corroboration. */
    private static List<HashedPage> candidates(BroadcastOperatorTestHarness<HashedPage, SourceRecord, HashedPage> h) {
        return h.getSideOutput(MatchNearCopies.CANDIDATES) == null
                ? List.of()
                : h.getSideOutput(MatchNearCopies.CANDIDATES).stream()
                        .map(r -> r.getValue())
                        .collect(Collectors.toList());
    }

    /** The share of {@code label}'s distinct word pairs that {@code page} holds. */
    private static double containment(List<String> label, List<String> page) {
        long[] gl = Phrases.gramSet(label.stream().mapToLong(Fingerprints::word).toArray(), 2);
        long[] gp = Phrases.gramSet(page.stream().mapToLong(Fingerprints::word).toArray(), 2);
        java.util.Set<Long> sp = new java.util.HashSet<>();
        for (long g : gp) {
            sp.add(g);
        }
        int common = 0;
        for (long g : gl) {
            common += sp.contains(g) ? 1 : 0;
        }
        return (double) common / gl.length;
    }

    @Test
    void parsingSketchesPagesOnlyWithTheSignalOn() throws Exception {
        long[] fingerprints = words(1).stream().mapToLong(Fingerprints::word).toArray();
        int[] pairs = Phrases.ids(Phrases.sampledGramSet(fingerprints, fingerprints.length, PARAMS.k(), PARAMS));
        int[] ids = parsed(SETTINGS, "https://expert.org/a.html", words(1)).result(NearCopyPageSignal.SKETCH);
        assertThat(ids).as("distinct").doesNotHaveDuplicates();
        assertThat(ids)
                .as("the ids of the page's word pairs: the text's, and those the page's own words around it add")
                .contains(pairs)
                .hasSizeBetween(pairs.length, pairs.length + 4);
        assertThat(parsed(TestPages.settings(null, 0), "https://expert.org/a.html", words(1))
                        .result(NearCopyPageSignal.SKETCH))
                .as("signal off: no sketch")
                .isNull();
    }

    @Test
    void nearCopiesOfALabelledPageRaiseNearCopyAlertsAndAreMarked() throws Exception {
        List<String> source = words(1);
        HashedPage expert = parsed(SETTINGS, "https://expert.org/a.html", source);
        try (var h = harness()) {
            h.open();
            h.processBroadcastElement(label(expert.url(), source, Label.OP_ADD), 1);
            h.processElement(parsed(SETTINGS, "https://copy.net/a.html", edited(source, 20)), 2); // 15 words edited
            h.processElement(parsed(SETTINGS, "https://other.net/b.html", words(2)), 3); // unrelated
            h.processElement(parsed(SETTINGS, "https://www.expert.org/b.html", source), 4); // the labelled site itself
            h.processElement(
                    parsed(SETTINGS, "https://far.net/c.html", edited(source, 2)), 5); // every other word edited
            List<String> padded = new ArrayList<>(source.subList(0, 60)); // a fifth of it in a page of other text
            padded.addAll(words(3).subList(0, 240));
            h.processElement(parsed(SETTINGS, "https://quote.net/d.html", padded), 6);

            List<HashedPage> found = candidates(h);
            assertThat(found).extracting(HashedPage::url).containsExactly("https://copy.net/a.html");
            CopyMark mark = found.get(0).result(CopyMark.KEY);
            assertThat(mark.labelledUrl()).isEqualTo("https://expert.org/a.html");
            assertThat(mark.resemblance())
                    .isGreaterThanOrEqualTo(PARAMS.threshold())
                    .isCloseTo(containment(source, edited(source, 20)), within(0.1));
            assertThat(found.get(0).result(MatchNearCopies.LABEL))
                    .isEqualTo(LabelCodec.parse(label(expert.url(), source, Label.OP_ADD)
                                            .value())
                                    .hash() + "\tinformed:expert");
            assertThat(found.get(0).result(NearCopyPageSignal.SKETCH))
                    .as("phrases dropped")
                    .isNull();

            List<HashedPage> pages = h.extractOutputValues();
            assertThat(pages)
                    .extracting(HashedPage::url)
                    .containsExactly(
                            "https://other.net/b.html",
                            "https://www.expert.org/b.html",
                            "https://far.net/c.html",
                            "https://quote.net/d.html");
            assertThat(pages)
                    .allSatisfy(p -> assertThat(p.result(NearCopyPageSignal.SKETCH))
                            .as("phrases dropped after the match")
                            .isNull())
                    .allSatisfy(p -> assertThat(p.result(CopyMark.KEY)).isNull());
        }
    }

    @Test
    void removedLabelsNoLongerMatchAndTheIndexSurvivesARestore() throws Exception {
        List<String> source = words(1);
        HashedPage expert = parsed(SETTINGS, "https://expert.org/a.html", source);
        HashedPage copy = parsed(SETTINGS, "https://copy.net/a.html", edited(source, 20));
        OperatorSubtaskState snapshot;
        try (var h = harness()) {
            h.open();
            h.processBroadcastElement(label(expert.url(), source, Label.OP_ADD), 1);
            snapshot = h.snapshot(1, 2);
        }
        try (var restored = harness()) {
            restored.initializeState(snapshot);
            restored.open();
            restored.processElement(copy, 3);
            assertThat(candidates(restored))
                    .as("index rebuilt from broadcast state")
                    .hasSize(1);

            restored.processBroadcastElement(label(expert.url(), source, Label.OP_REMOVE), 4);
            restored.processBroadcastElement(new SourceRecord("not a label", "labels/0/1"), 5);
            restored.processElement(copy, 6);
            assertThat(candidates(restored)).hasSize(1);
        }
    }

    @Test
    void aLongPageIsMatchedByOneSampleLevelOfItsPhrasesAndOfTheLabelledPages() throws Exception {
        List<String> source = words(7, 3000);
        HashedPage copy = parsed(SETTINGS, "https://copy.net/long.html", edited(source, 10));
        int level = NearCopyPageSignal.level(copy);
        assertThat(level).as("thousands of word pairs: sampled").isPositive();
        int[] sketch = copy.result(NearCopyPageSignal.SKETCH);
        assertThat(sketch).hasSizeLessThanOrEqualTo(PARAMS.maxPagePhrases());
        assertThat(java.util.Arrays.stream(sketch)
                        .map(NearCopyParams::level)
                        .min()
                        .orElseThrow())
                .as("the level's phrases only")
                .isGreaterThanOrEqualTo(level);
        assertThat(NearCopyPageSignal.level(parsed(SETTINGS, "https://copy.net/a.html", words(1))))
                .as("a page of 300 words: every phrase")
                .isZero();
        try (var h = harness()) {
            h.open();
            h.processBroadcastElement(label("https://expert.org/long.html", source, Label.OP_ADD), 1);
            h.processElement(copy, 2);
            h.processElement(parsed(SETTINGS, "https://other.net/long.html", words(8, 3000)), 3);

            List<HashedPage> found = candidates(h);
            assertThat(found).extracting(HashedPage::url).containsExactly("https://copy.net/long.html");
            assertThat(found.get(0).result(CopyMark.KEY).resemblance())
                    .as("containment estimated on the level's phrases")
                    .isCloseTo(containment(source, edited(source, 10)), within(0.08));
            assertThat(found.get(0).result(NearCopyPageSignal.LEVEL)).isNull();
            assertThat(h.extractOutputValues()).singleElement().satisfies(p -> {
                assertThat(p.url()).isEqualTo("https://other.net/long.html");
                assertThat(p.result(NearCopyPageSignal.LEVEL))
                        .as("level dropped after the match")
                        .isNull();
            });
        }
    }
}
