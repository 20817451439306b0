package org.reusedetector.cli;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import org.reusedetector.detection.Metrics;
import org.reusedetector.kafka.ConsumerLag;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The status line of a running stream, logged every {@code job.status-interval}: pages parsed and their rate
 * since the last line, the pages consumer's lag (as of the last checkpoint), alerts by type and dead
 * letters. Counts come from the job's accumulators (after a restart, those of the running attempt).
 */
final class StreamStatus implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(StreamStatus.class);

    private final Duration interval;
    private final ConsumerLag lag;
    private long lastNanos;
    private long lastPages;

    StreamStatus(Duration interval, ConsumerLag lag) {
        this.interval = interval;
        this.lag = lag;
        this.lastNanos = System.nanoTime();
    }

    boolean enabled() {
        return !interval.isZero();
    }

    /** Logs the status line if the interval has passed since the last one. */
    void maybeLog(Map<String, Object> accumulators) {
        long now = System.nanoTime();
        if (!enabled() || now - lastNanos < interval.toNanos()) {
            return;
        }
        LOG.info("{}", line(accumulators, now - lastNanos, lag == null ? OptionalLong.empty() : lag.records()));
        lastPages = number(accumulators.get(Metrics.PAGES_PARSED));
        lastNanos = now;
    }

    /** Logs the last status line when the job has ended (a short bounded run may end before the first interval). */
    void logFinal(Map<String, Object> accumulators) {
        if (enabled()) {
            LOG.info("{}", finalLine(accumulators, System.nanoTime() - lastNanos));
        }
    }

    String line(Map<String, Object> accumulators, long elapsedNanos, OptionalLong lagRecords) {
        return format(
                accumulators,
                elapsedNanos,
                ", lag "
                        + (lagRecords.isPresent()
                                ? String.format(Locale.ROOT, "%,d records", lagRecords.getAsLong())
                                : "unknown"),
                "");
    }

    /**
     * The line once the job has ended, without the lag: the lag is read from the offsets committed at checkpoints, and
     * the end of a run comes after the last of those, so it would show records still to read that were all read.
     */
    String finalLine(Map<String, Object> accumulators, long elapsedNanos) {
        return format(accumulators, elapsedNanos, "", " (job ended)");
    }

    private String format(Map<String, Object> accumulators, long elapsedNanos, String lagPart, String suffix) {
        long pages = number(accumulators.get(Metrics.PAGES_PARSED));
        double rate = Math.max(0, pages - lastPages) / Math.max(1e-3, elapsedNanos / 1e9);
        long pageAlerts = number(accumulators.get(Metrics.PAGE_ALERTS));
        long neighbourhoodAlerts = number(accumulators.get(Metrics.NEIGHBORHOOD_ALERTS));
        return String.format(
                Locale.ROOT,
                "Status: %,d pages (%.1f/s)%s, %,d alerts (%,d page/file, %,d neighborhood), %,d dead letters%s",
                pages,
                rate,
                lagPart,
                pageAlerts + neighbourhoodAlerts,
                pageAlerts,
                neighbourhoodAlerts,
                number(accumulators.get(Metrics.DEAD_LETTERS)),
                suffix);
    }

    private static long number(Object value) {
        return value instanceof Number n ? n.longValue() : 0;
    }

    @Override
    public void close() {
        if (lag != null) {
            lag.close();
        }
    }
}
