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

class ParseAndHashTest {

    private static final DetectionSettings SETTINGS = TestPages.settings(null, 0, "stop-chunks.default-list=false");

    private static OneInputStreamOperatorTestHarness<SourceRecord, HashedPage> harness() throws Exception {
        return ProcessFunctionTestHarnesses.forProcessFunction(new ParseAndHash(SETTINGS));
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
            assertThat(hashed).usingRecursiveComparison().isEqualTo(TestPages.hashed(SETTINGS, "https://x.org/a.html", 1_714_557_600_000L, a, b));
            assertThat(hashed.chunkCount()).isEqualTo(3); // the title before the first paragraph is a chunk of its own
            assertThat(Sha1.hex(hashed.chunkHashes(), 2)).isEqualTo(TestPages.chunkHash(b));
            assertThat(h.getSideOutput(DeadLetters.TAG)).isNullOrEmpty();
        }
    }

    @Test
    void unusableRecordsBecomeDeadLettersWithTheirReasonAndOriginal() throws Exception {
        try (var h = harness()) {
            h.processElement(new SourceRecord("{not json", "pages/0/7"), 1);
            h.processElement(new SourceRecord(TestPages.pageJson("https://x.org/", "2024-05-01T10:00:00Z", null).replace(",\"body\":null", ""), "pages/0/8"), 2);
            h.processElement(new SourceRecord(TestPages.pageJson("mailto:someone@x.org", "2024-05-01T10:00:00Z", "<p>x</p>"), "pages/1/3"), 3);

            assertThat(h.extractOutputValues()).isEmpty();
            List<DeadLetter> dead = h.getSideOutput(DeadLetters.TAG).stream().map(r -> r.getValue()).toList();
            assertThat(dead).extracting(DeadLetter::reason, DeadLetter::origin).containsExactly(
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
            h.processElement(page("https://x.org/a.html", "2024-05-01T10:00:00Z", paragraph("alpha"), paragraph("bravo")), 1);
            h.processElement(new SourceRecord("[]", "pages/0/9"), 2);

            var accumulators = h.getEnvironment().getAccumulatorRegistry().getUserMap();
            assertThat(accumulators.get(Metrics.PAGES_PARSED).getLocalValue()).isEqualTo(1L);
            assertThat(accumulators.get(Metrics.CHUNKS_HASHED).getLocalValue()).isEqualTo(3L); // title, alpha, bravo
            assertThat((Long) accumulators.get(Metrics.PAGE_BYTES_PARSED).getLocalValue()).isPositive();
            assertThat(accumulators.get(Metrics.DEAD_LETTERS).getLocalValue()).isEqualTo(1L);
        }
    }
}
