package org.reusedetector.detection.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;
import static org.reusedetector.detection.TestPages.page;
import static org.reusedetector.detection.TestPages.paragraph;

import java.util.List;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.apache.flink.streaming.util.ProcessFunctionTestHarnesses;
import org.junit.jupiter.api.Test;
import org.reusedetector.detection.DeadLetters;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.Metrics;
import org.reusedetector.detection.TestPages;
import org.reusedetector.model.DeadLetter;
import org.reusedetector.model.DeadLetterReason;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.page.Sha1;
import org.reusedetector.signal.Signals;
import org.reusedetector.signal.imatch.ImatchPageSignal;
import org.reusedetector.signal.nearcopy.NearCopyPageSignal;

class ParseAndHashTest {

    private static final DetectionSettings SETTINGS = TestPages.settings(null, 0, "stop-chunks.default-list=false");

    private static OneInputStreamOperatorTestHarness<SourceRecord, HashedPage> harness() throws Exception {
        return ProcessFunctionTestHarnesses.forProcessFunction(new ParseAndHash(SETTINGS, Signals.enabled(SETTINGS)));
    }

    @Test
    void hashesAValidPageWithItsUrlTimeAndChunks() throws Exception {
        String a = paragraph("alpha");
        String b = paragraph("bravo");
        try (var h = harness()) {
            h.processElement(page("https://x.org/a.html", "2024-05-01T10:00:00Z", a, b), 1);

            List<HashedPage> out = h.extractOutputValues();
            assertThat(out).hasSize(1);
            HashedPage hashed = out.get(0);
            assertThat(hashed.url()).isEqualTo("https://x.org/a.html");
            assertThat(hashed.eventTime()).isEqualTo(1_714_557_600_000L);
            assertThat(hashed)
                    .usingRecursiveComparison()
                    .isEqualTo(TestPages.hashed(SETTINGS, "https://x.org/a.html", 1_714_557_600_000L, a, b));
            assertThat(hashed.chunkCount()).isEqualTo(3); // the title before the first paragraph is a chunk of its own
            assertThat(Sha1.hex(hashed.chunkHashes(), 2)).isEqualTo(TestPages.chunkHash(b));
            assertThat(h.getSideOutput(DeadLetters.TAG)).isNullOrEmpty();
        }
    }

    @Test
    void unusableRecordsBecomeDeadLettersWithTheirReasonAndOriginal() throws Exception {
        try (var h = harness()) {
            h.processElement(new SourceRecord("{not json", "pages/0/7"), 1);
            h.processElement(
                    new SourceRecord(
                            TestPages.pageJson("https://x.org/", "2024-05-01T10:00:00Z", null)
                                    .replace(",\"body\":null", ""),
                            "pages/0/8"),
                    2);
            h.processElement(
                    new SourceRecord(
                            TestPages.pageJson("mailto:someone@x.org", "2024-05-01T10:00:00Z", "<p>x</p>"),
                            "pages/1/3"),
                    3);

            assertThat(h.extractOutputValues()).isEmpty();
            List<DeadLetter> dead = h.getSideOutput(DeadLetters.TAG).stream()
                    .map(r -> r.getValue())
                    .toList();
            assertThat(dead)
                    .extracting(DeadLetter::reason, DeadLetter::origin)
                    .containsExactly(
                            tuple(DeadLetterReason.INVALID_JSON.code(), "pages/0/7"),
                            tuple(DeadLetterReason.MISSING_FIELD.code(), "pages/0/8"),
                            tuple(DeadLetterReason.INVALID_URL.code(), "pages/1/3"));
            assertThat(dead.get(0).original()).isEqualTo("{not json");
            assertThat(dead).allSatisfy(d -> assertThat(d.originalTruncated()).isFalse());
        }
    }

    @Test
    void countsPagesBytesChunksAndDeadLettersInAccumulators() throws Exception {
        try (var h = harness()) {
            h.processElement(
                    page("https://x.org/a.html", "2024-05-01T10:00:00Z", paragraph("alpha"), paragraph("bravo")), 1);
            h.processElement(new SourceRecord("[]", "pages/0/9"), 2);

            var accumulators = h.getEnvironment().getAccumulatorRegistry().getUserMap();
            assertThat(accumulators.get(Metrics.PAGES_PARSED).getLocalValue()).isEqualTo(1L);
            assertThat(accumulators.get(Metrics.CHUNKS_HASHED).getLocalValue()).isEqualTo(3L); // title, alpha, bravo
            assertThat((Long) accumulators.get(Metrics.PAGE_BYTES_PARSED).getLocalValue())
                    .isPositive();
            assertThat(accumulators.get(Metrics.DEAD_LETTERS).getLocalValue()).isEqualTo(1L);
        }
    }

    @Test
    void aCrawlerRecursionPageIsADeadLetterWithItsRecordsOriginAndCountsAsOne() throws Exception {
        String loop = TestPages.pageJson("https://loop.org/a/a/a/a/p.html", "2024-05-01T10:00:00Z", "<p>x</p>");
        try (var h = harness()) {
            h.processElement(new SourceRecord(loop, "crawl.jsonl.gz:12"), 1);
            h.processElement(page("https://loop.org/docs/docs/p.html", "2024-05-01T10:00:00Z", paragraph("alpha")), 2);

            // twice is common on real sites: parsed and scored
            assertThat(h.extractOutputValues())
                    .extracting(HashedPage::url)
                    .containsExactly("https://loop.org/docs/docs/p.html");
            List<DeadLetter> dead = h.getSideOutput(DeadLetters.TAG).stream()
                    .map(r -> r.getValue())
                    .toList();
            assertThat(dead)
                    .extracting(DeadLetter::reason, DeadLetter::origin, DeadLetter::original)
                    .containsExactly(tuple(DeadLetterReason.CRAWLER_RECURSION.code(), "crawl.jsonl.gz:12", loop));
            assertThat(dead.get(0).error()).contains("'a' occurs 4 times", "https://loop.org/a/a/a/a/p.html");
            // every record read is a page parsed or a dead letter, once
            var accumulators = h.getEnvironment().getAccumulatorRegistry().getUserMap();
            assertThat(accumulators.get(Metrics.RECORDS_READ).getLocalValue()).isEqualTo(2L);
            assertThat(accumulators.get(Metrics.PAGES_PARSED).getLocalValue()).isEqualTo(1L);
            assertThat(accumulators.get(Metrics.DEAD_LETTERS).getLocalValue()).isEqualTo(1L);
        }
    }

    @Test
    void forAnIndexOrDiscoveryACrawlerLoopIsHashedLikeAnyPage() throws Exception {
        try (var h = ProcessFunctionTestHarnesses.forProcessFunction(
                new ParseAndHash(SETTINGS, java.util.List.of(), false))) {
            h.processElement(page("https://loop.org/a/a/a/a/p.html", "2024-05-01T10:00:00Z", paragraph("alpha")), 1);

            assertThat(h.extractOutputValues())
                    .extracting(HashedPage::url)
                    .containsExactly("https://loop.org/a/a/a/a/p.html");
            assertThat(h.getSideOutput(DeadLetters.TAG)).isNullOrEmpty();
        }
    }

    @Test
    void withEveryWordSignalOnTheFusedPassGivesWhatTheWordStreamGives() throws Exception {
        List<String> terms = new java.util.ArrayList<>();
        for (int i = 0; i < 400; i++) {
            terms.add("term" + Integer.toString(i * 7919, 36));
        }
        terms.sort(null);
        org.reusedetector.imatch.Lexicon lexicon = new org.reusedetector.imatch.Lexicon(
                "test@2026-11-24:abc",
                "test",
                "2026-11-24T00:00:00Z",
                100,
                new org.reusedetector.imatch.LexiconParams(0.2, 0.8, 4, 0.33, 3, 2),
                terms);
        DetectionSettings all =
                SETTINGS.withLexicon(lexicon).withNearCopy(org.reusedetector.shingle.NearCopyParams.defaults());
        java.util.Random random = new java.util.Random(2);
        List<String> texts = new java.util.ArrayList<>();
        for (int p = 0; p < 6; p++) {
            StringBuilder text = new StringBuilder();
            for (int w = 0; w < 120; w++) {
                text.append(
                                random.nextInt(3) == 0
                                        ? terms.get(random.nextInt(terms.size()))
                                                .toUpperCase(java.util.Locale.ROOT)
                                        : "Wört" + random.nextInt(90))
                        .append(' ');
            }
            texts.add(text.toString());
        }
        try (var h = ProcessFunctionTestHarnesses.forProcessFunction(new ParseAndHash(all, Signals.enabled(all)))) {
            for (int p = 0; p < texts.size(); p += 2) {
                h.processElement(
                        page("https://x.org/" + p + ".html", "2024-05-01T10:00:00Z", texts.get(p), texts.get(p + 1)),
                        p);
            }
            List<HashedPage> out = h.extractOutputValues();
            List<HashedPage> signed = h.getSideOutput(org.reusedetector.signal.imatch.ImatchSignal.SIGNED).stream()
                    .map(r -> r.getValue())
                    .toList();
            assertThat(out).hasSize(3);
            assertThat(signed).hasSize(3);
            // the reference: the word stream (WordSplitter) into a word-sink signer and sketcher
            org.reusedetector.page.PageHasher hasher = all.pageHasher();
            org.reusedetector.imatch.Signer signer =
                    new org.reusedetector.imatch.Signer(new org.reusedetector.imatch.LexiconTable(lexicon));
            org.reusedetector.shingle.PageSketcher sketcher = new org.reusedetector.shingle.PageSketcher(
                    org.reusedetector.shingle.NearCopyParams.defaults().k());
            for (int p = 0; p < 3; p++) {
                String body = TestPages.html(texts.get(2 * p), texts.get(2 * p + 1));
                HashedPage plain = hasher.hashWithWords(
                        out.get(p).url(), 0, body, org.reusedetector.page.WordSink.both(signer, sketcher));
                assertThat(out.get(p).chunkHashes()).isEqualTo(plain.chunkHashes());
                assertThat(signed.get(p).result(ImatchPageSignal.SIGNATURES))
                        .isNotEmpty()
                        .isEqualTo(signer.signatures());
                assertThat(out.get(p).result(NearCopyPageSignal.SKETCH))
                        .isNotEmpty()
                        .containsExactlyInAnyOrder(
                                sketcher.phraseIds(org.reusedetector.shingle.NearCopyParams.defaults()));
                sketcher.reset();
            }
        }
    }
}
