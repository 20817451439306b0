package org.reusedetector.detection.functions;

import java.util.List;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;
import org.reusedetector.detection.Metrics;
import org.reusedetector.model.PrefixScore;
import org.reusedetector.score.NeighbourhoodThreshold;
import org.reusedetector.score.RunningStats;

/**
 * The paper's neighbourhood threshold, mean + k·σ of badness over all neighbourhoods, maintained
 * continuously: every neighbourhood update replaces that neighbourhood's earlier value in the statistic.
 * Runs at parallelism 1 (it is three sums; millions of updates a second) and stamps each update with the
 * threshold in force after it.
 */
public final class ThresholdStatistic extends ProcessFunction<PrefixScore, PrefixScore>
        implements CheckpointedFunction {

    /** Threshold moves worth judging every neighbourhood again (see {@link NeighbourhoodAlerts}). */
    public static final OutputTag<Double> THRESHOLD_CHANGES = new OutputTag<>("threshold-changes", Types.DOUBLE);

    private final NeighbourhoodThreshold rule;
    private final double reevaluateStep;
    private transient RunningStats stats;
    private transient double lastAnnounced;
    /** Whether the statistic has settled (see {@link NeighbourhoodThreshold#settled}); it stays so. */
    private transient boolean settled;

    private transient ListState<double[]> checkpointed;

    public ThresholdStatistic(NeighbourhoodThreshold rule, double reevaluateStep) {
        this.rule = rule;
        this.reevaluateStep = reevaluateStep;
    }

    @Override
    public void open(OpenContext openContext) {
        var group = getRuntimeContext().getMetricGroup();
        group.gauge(Metrics.NEIGHBORHOODS, () -> stats.count());
        group.gauge(Metrics.NEIGHBORHOOD_MEAN, () -> stats.mean());
        group.gauge(Metrics.NEIGHBORHOOD_STDDEV, () -> stats.standardDeviation());
        group.gauge(Metrics.NEIGHBORHOOD_THRESHOLD, () -> rule.threshold(stats, settled));
    }

    @Override
    public void processElement(PrefixScore score, Context ctx, Collector<PrefixScore> out) {
        rule.update(stats, score.previousPages(), score.previousBadness(), score.pages(), score.badness());
        double threshold = rule.threshold(stats, settled);
        settled = settled || !Double.isNaN(threshold) && rule.settled(stats);
        out.collect(score.withThreshold(threshold));
        boolean announce = Double.isNaN(lastAnnounced)
                ? !Double.isNaN(threshold)
                : !Double.isNaN(threshold) && Math.abs(threshold - lastAnnounced) >= reevaluateStep;
        if (announce) {
            lastAnnounced = threshold;
            ctx.output(THRESHOLD_CHANGES, threshold);
        }
    }

    @Override
    public void snapshotState(FunctionSnapshotContext context) throws Exception {
        long[] histogram = stats.histogram();
        double[] snapshot = new double[4 + RunningStats.BINS];
        snapshot[3 + RunningStats.BINS] = settled ? 1 : 0;
        snapshot[0] = stats.count();
        snapshot[1] = stats.sum();
        snapshot[2] = stats.sumOfSquares();
        for (int i = 0; i < RunningStats.BINS; i++) {
            snapshot[3 + i] = histogram[i];
        }
        checkpointed.update(List.of(snapshot));
    }

    @Override
    public void initializeState(FunctionInitializationContext context) throws Exception {
        checkpointed = context.getOperatorStateStore()
                .getUnionListState(new ListStateDescriptor<>(
                        "threshold-statistic", PrimitiveArrayTypeInfo.DOUBLE_PRIMITIVE_ARRAY_TYPE_INFO));
        stats = new RunningStats();
        lastAnnounced = Double.NaN;
        for (double[] s : checkpointed.get()) {
            // parallelism 1: at most one entry; a checkpoint from before the histogram restores sums only (mean + k
            // sigma)
            long[] histogram = null;
            settled = s.length == 4 + RunningStats.BINS && s[3 + RunningStats.BINS] > 0;
            if (s.length >= 3 + RunningStats.BINS) {
                histogram = new long[RunningStats.BINS];
                for (int i = 0; i < RunningStats.BINS; i++) {
                    histogram[i] = (long) s[3 + i];
                }
            }
            stats = new RunningStats((long) s[0], s[1], s[2], histogram);
        }
    }
}
