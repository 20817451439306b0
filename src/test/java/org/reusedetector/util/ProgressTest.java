package org.reusedetector.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ProgressTest {

    private static final long SECOND = 1_000_000_000L;

    private final AtomicLong clock = new AtomicLong(5 * SECOND); // the start need not be 0
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

    private Progress progress(long total) {
        return new Progress(
                "index",
                total,
                Duration.ofSeconds(10),
                new PrintStream(printed, true, StandardCharsets.UTF_8),
                clock::get);
    }

    private List<String> lines() {
        String text = printed.toString(StandardCharsets.UTF_8);
        return text.isEmpty() ? List.of() : List.of(text.split("\n"));
    }

    @Test
    void lineWithKnownTotalShowsShareRatesAndEta() {
        Progress p = progress(250_000_000);
        clock.addAndGet(10 * SECOND);
        p.add(4_392, 125_000_000);
        assertThat(lines())
                .containsExactly(
                        "index: 4,392 records, 125.0 MB of 250.0 MB (50.0%), 439 records/s, 12.5 MB/s, elapsed 0:00:10, ETA 0:00:10");
    }

    @Test
    void lineWithUnknownTotalHasNoEta() {
        Progress p = progress(0);
        clock.addAndGet(4 * SECOND);
        p.add(10, 3_000_000);
        assertThat(p.line()).isEqualTo("index: 10 records, 3.0 MB, 3 records/s, 0.8 MB/s, elapsed 0:00:04");
    }

    @Test
    void etaIsTheRemainderAtTheAverageRate() {
        Progress p = progress(1_000_000);
        assertThat(p.eta(250_000, 30 * SECOND)).isEqualTo("0:01:30");
        assertThat(p.eta(1, SECOND)).isEqualTo("277:46:39"); // 999,999 s
        assertThat(p.eta(1_000_000, 30 * SECOND)).isEqualTo("0:00:00");
        assertThat(p.eta(2_000_000, 30 * SECOND)).as("past the total").isEqualTo("0:00:00");
        assertThat(p.eta(0, 30 * SECOND)).isEqualTo("unknown");
        assertThat(p.eta(10, 0)).isEqualTo("unknown");
    }

    @Test
    void shareIsCappedAndNothingDoneMeansUnknownEta() {
        Progress p = progress(100);
        clock.addAndGet(SECOND);
        assertThat(p.line())
                .contains("0 records, 0.0 MB of 0.0 MB (0.0%), 0 records/s, 0.0 MB/s")
                .endsWith("ETA unknown");
        p.addBytes(150);
        assertThat(p.line()).contains("(100.0%)").endsWith("ETA 0:00:00");
    }

    @Test
    void printsAtMostOncePerInterval() {
        Progress p = progress(1_000_000);
        p.add(1, 10);
        clock.addAndGet(9 * SECOND);
        p.add(1, 10);
        assertThat(lines()).isEmpty();
        clock.addAndGet(SECOND);
        p.add(1, 10);
        p.add(1, 10);
        assertThat(lines()).hasSize(1);
        assertThat(lines().get(0)).startsWith("index: 3 records");
        clock.addAndGet(5 * SECOND);
        assertThat(p.maybePrint()).isFalse();
        clock.addAndGet(5 * SECOND);
        assertThat(p.maybePrint()).isTrue();
        assertThat(lines()).hasSize(2);
    }

    @Test
    void finishSummarises() {
        Progress p = progress(0);
        clock.addAndGet(3_723 * SECOND);
        p.add(8_785, 250_300_000);
        p.finish();
        assertThat(lines()).last().isEqualTo("index: done, 8,785 records, 250.3 MB in 1:02:03 (2 records/s, 0.1 MB/s)");
    }

    @Test
    void countsFromManyThreads() throws Exception {
        Progress p = progress(0);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Thread thread = new Thread(() -> {
                for (int i = 0; i < 100_000; i++) {
                    p.add(1, 3);
                }
            });
            thread.start();
            threads.add(thread);
        }
        for (Thread thread : threads) {
            thread.join();
        }
        assertThat(p.records()).isEqualTo(400_000);
        assertThat(p.bytes()).isEqualTo(1_200_000);
    }

    @Test
    void formats() {
        assertThat(Progress.clock(0)).isEqualTo("0:00:00");
        assertThat(Progress.clock(59.6)).isEqualTo("0:01:00");
        assertThat(Progress.clock(3_661)).isEqualTo("1:01:01");
        assertThat(Progress.megabytes(1_234_567_890)).isEqualTo("1,234.6 MB");
    }
}
