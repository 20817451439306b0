package org.reusedetector.benchmark;

import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Metric;
import org.apache.flink.metrics.MetricConfig;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.reporter.MetricReporter;
import org.apache.flink.metrics.reporter.MetricReporterFactory;
import org.apache.flink.metrics.reporter.Scheduled;
import org.reusedetector.detection.Metrics;
import org.reusedetector.detection.OperatorIds;

/**
 * The processing span of a bounded run of the streaming job in this JVM (the embedded default's local mini
 * cluster): from the first page parsed to the last page matched, as the job's counters show it. A run's net runtime
 * also holds the job's start and its final checkpoint, which a checkpoint interval longer than the run turns into a
 * wait of up to one interval; the signal benchmarks compare runs by this span instead.
 *
 * <p>A Flink metric reporter, configured only for the benchmark's runs ({@link #SETTINGS}), so that no operator of
 * the job does work for the benchmark: Flink polls it every {@link #INTERVAL}, and it notes when the pages parsed
 * first exceed 0 and when the pages matched (scored by the label match, and taken in by the near-duplicate matcher)
 * last changed. Each poll is thus late by up to one interval, at the start as at the end.
 */
public final class ProcessingSpanReporter implements MetricReporter, Scheduled {

    static final Duration INTERVAL = Duration.ofMillis(20);

    private static final String NAME = "processing-span";

    /** The {@code --set} settings that make a run's mini cluster report to this class. */
    static final List<String> SETTINGS = List.of(
            "flink.metrics.reporter." + NAME + ".factory.class=" + Factory.class.getName(),
            "flink.metrics.reporter." + NAME + ".interval=" + INTERVAL.toMillis() + " ms");

    /** The reporter of the latest mini cluster started in this JVM. */
    private static final AtomicReference<ProcessingSpanReporter> LATEST = new AtomicReference<>();

    private final List<Counter> parsed = new CopyOnWriteArrayList<>();
    private final List<Counter> matched = new CopyOnWriteArrayList<>();
    private long firstParsedMillis = -1;
    private long lastMatchedMillis = -1;
    private long matchedCount;

    /** Forgets the span of an earlier run: call before a run, so that a run without a reporter reads as none. */
    static void reset() {
        LATEST.set(null);
    }

    /** The span of the run since {@link #reset()}, in seconds, once it has ended; {@code fallback} if none was seen. */
    static double seconds(double fallback) {
        ProcessingSpanReporter reporter = LATEST.get();
        return reporter == null ? fallback : reporter.span(fallback);
    }

    private synchronized double span(double fallback) {
        return firstParsedMillis >= 0 && lastMatchedMillis >= firstParsedMillis
                ? Math.max(INTERVAL.toMillis(), lastMatchedMillis - firstParsedMillis) / 1000.0
                : fallback;
    }

    @Override
    public void open(MetricConfig config) {
        LATEST.set(this);
    }

    @Override
    public void close() {
        report();
    }

    @Override
    public void notifyOfAddedMetric(Metric metric, String name, MetricGroup group) {
        if (!(metric instanceof Counter counter)) {
            return;
        }
        if (name.equals(Metrics.PAGES_PARSED)) {
            parsed.add(counter);
        } else if (name.equals(Metrics.PAGES_SCORED)
                || (name.equals("numRecordsIn")
                        && OperatorIds.MATCH_NEAR_DUPLICATES.equals(
                                group.getAllVariables().get("<operator_name>")))) {
            matched.add(counter);
        }
    }

    @Override
    public void notifyOfRemovedMetric(Metric metric, String name, MetricGroup group) {
        report(); // a finished task's counters: their last counts are read once more, and kept
    }

    @Override
    public synchronized void report() {
        long now = System.currentTimeMillis();
        if (firstParsedMillis < 0 && sum(parsed) > 0) {
            firstParsedMillis = now;
        }
        long count = sum(matched);
        if (count != matchedCount) {
            matchedCount = count;
            lastMatchedMillis = now;
        }
    }

    private static long sum(List<Counter> counters) {
        long sum = 0;
        for (Counter counter : counters) {
            sum += counter.getCount();
        }
        return sum;
    }

    /** Found by Flink through {@code META-INF/services} (src/bench/resources), named in {@link #SETTINGS}. */
    public static final class Factory implements MetricReporterFactory {
        @Override
        public MetricReporter createMetricReporter(Properties properties) {
            return new ProcessingSpanReporter();
        }
    }
}
