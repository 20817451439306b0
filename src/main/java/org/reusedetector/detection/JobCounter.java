package org.reusedetector.detection;

import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.functions.RuntimeContext;
import org.apache.flink.metrics.Counter;

/**
 * A count that is both a live metric (dashboards) and an accumulator (the totals a bounded run prints when
 * it ends, and the benchmark's figures). One increment updates both.
 */
public final class JobCounter {
    private final Counter metric;
    private final LongCounter accumulator;

    private JobCounter(Counter metric, LongCounter accumulator) {
        this.metric = metric;
        this.accumulator = accumulator;
    }

    public static JobCounter register(RuntimeContext context, String name) {
        return new JobCounter(context.getMetricGroup().counter(name), context.getLongCounter(name));
    }

    public void inc() {
        inc(1);
    }

    public void inc(long n) {
        metric.inc(n);
        accumulator.add(n);
    }
}
