package org.reusedetector.detection.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.util.List;
import org.apache.flink.streaming.api.operators.StreamFlatMap;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.junit.jupiter.api.Test;
import org.reusedetector.detection.Metrics;
import org.reusedetector.model.Alert;
import org.reusedetector.model.AlertType;
import org.reusedetector.model.Evidence;
import org.reusedetector.model.PageScore;
import org.reusedetector.score.PageRule;

class PageAlertsTest {

    private static final Evidence EVIDENCE =
            new Evidence("a".repeat(40), "chunk", "informed:bank", "https://bank.example/");

    @Test
    void fileMatchesAndPagesOverTheThresholdAlertOthersDoNot() throws Exception {
        try (var h = new OneInputStreamOperatorTestHarness<PageScore, Alert>(
                new StreamFlatMap<>(new PageAlerts(new PageRule(0.144, 2))))) {
            h.open();
            h.processElement(
                    new PageScore(
                            "https://x.org/copy.html", 1_714_557_600_000L, 10, 3, 0.3, false, new Evidence[] {EVIDENCE
                            }),
                    1);
            h.processElement(
                    new PageScore(
                            "https://x.org/clone.html", 1_714_557_600_000L, 4, 0, 1.0, true, new Evidence[] {EVIDENCE}),
                    2);
            h.processElement(
                    new PageScore("https://x.org/at.html", 1, 1000, 144, 0.144, false, new Evidence[0]),
                    3); // not above: no alert
            h.processElement(new PageScore("https://x.org/clean.html", 1, 10, 0, 0.0, false, new Evidence[0]), 4);
            h.processElement(
                    new PageScore("https://x.org/small.html", 1, 5, 1, 0.2, false, new Evidence[] {EVIDENCE}),
                    5); // one chunk: no evidence

            List<Alert> alerts = h.extractOutputValues();
            assertThat(alerts)
                    .extracting(
                            Alert::type,
                            Alert::url,
                            Alert::badness,
                            Alert::threshold,
                            Alert::chunks,
                            Alert::matchedChunks)
                    .containsExactly(
                            tuple(AlertType.PAGE, "https://x.org/copy.html", 0.3, 0.144, 10, 3),
                            tuple(AlertType.FILE, "https://x.org/clone.html", 1.0, 1.0, 4, 0));
            assertThat(alerts.get(0).eventTime()).isEqualTo("2024-05-01T10:00:00Z");
            assertThat(alerts.get(0).prefix()).isNull();
            assertThat(alerts.get(0).pages()).isNull();
            assertThat(alerts.get(0).evidence()).containsExactly(EVIDENCE);
            assertThat(h.getEnvironment()
                            .getAccumulatorRegistry()
                            .getUserMap()
                            .get(Metrics.PAGE_ALERTS)
                            .getLocalValue())
                    .isEqualTo(2L);
        }
    }

    @Test
    void thePhishingProfileAlertsOnOneBrandChunkNamingTheBrand() throws Exception {
        try (var h = new OneInputStreamOperatorTestHarness<PageScore, Alert>(
                new StreamFlatMap<>(new PageAlerts(new PageRule(0.0, 1, true))))) {
            h.open();
            h.processElement(
                    new PageScore(
                            "https://login.verify-account.example/", 1, 40, 1, 0.025, false, new Evidence[] {EVIDENCE}),
                    1);
            h.processElement(new PageScore("https://x.org/clean.html", 1, 10, 0, 0.0, false, new Evidence[0]), 2);
            assertThat(h.extractOutputValues())
                    .extracting(Alert::type, Alert::url, Alert::brand)
                    .containsExactly(tuple(AlertType.PHISH, "https://login.verify-account.example/", "bank.example"));
        }
    }
}
