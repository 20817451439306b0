package org.reusedetector.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.reusedetector.detection.Metrics;

class StreamStatusTest {

    @Test
    void theStatusLineGivesPagesRateLagAlertsByTypeAndDeadLetters() {
        StreamStatus status = new StreamStatus(Duration.ofSeconds(30), null);
        String line = status.line(
                Map.of(
                        Metrics.PAGES_PARSED,
                        1500L,
                        Metrics.PAGE_ALERTS,
                        7L,
                        Metrics.NEIGHBORHOOD_ALERTS,
                        2L,
                        Metrics.DEAD_LETTERS,
                        3L),
                30_000_000_000L,
                OptionalLong.of(420));
        assertThat(line)
                .isEqualTo(
                        "Status: 1,500 pages (50.0/s), lag 420 records, 9 alerts (7 page/file, 2 neighborhood), 3 dead letters");
        assertThat(status.line(Map.of(), 1_000_000_000L, OptionalLong.empty())).contains("lag unknown");
    }

    @Test
    void theLineAtTheEndLeavesOutTheLagOfTheLastCheckpoint() {
        StreamStatus status = new StreamStatus(Duration.ofSeconds(30), null);
        String line = status.finalLine(
                Map.of(
                        Metrics.PAGES_PARSED,
                        106L,
                        Metrics.PAGE_ALERTS,
                        22L,
                        Metrics.NEIGHBORHOOD_ALERTS,
                        6L,
                        Metrics.DEAD_LETTERS,
                        2L),
                2_000_000_000L);
        assertThat(line)
                .isEqualTo(
                        "Status: 106 pages (53.0/s), 28 alerts (22 page/file, 6 neighborhood), 2 dead letters (job ended)");
    }

    @Test
    void aZeroIntervalTurnsTheStatusLineOff() {
        assertThat(new StreamStatus(Duration.ZERO, null).enabled()).isFalse();
    }
}
