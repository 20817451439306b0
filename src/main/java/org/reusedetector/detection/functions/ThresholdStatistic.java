package org.reusedetector.detection.functions;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.reusedetector.detection.Metrics;
import org.reusedetector.model.PrefixScore;
import org.reusedetector.score.NeighbourhoodThreshold;
import org.reusedetector.score.RunningStats;
import org.reusedetector.state.VersionedStateSerializer;

/**
 * The paper's neighbourhood threshold, mean + k·σ of badness over all neighbourhoods (or its robust form), maintained
 * continuously: every neighbourhood update replaces that neighbourhood's earlier value in the statistic. Runs at
 * parallelism 1, keyed by one constant key (for its timers), and stamps each update with the threshold in force after
 * it.
 *
 * <p>Updates are taken in event-time order: an update waits in {@code threshold-pending} until the watermark passes its
 * event time, and the updates of one event time are taken in prefix order (each prefix's own updates keep the order its
 * aggregate sent them in). So the statistic, and the threshold stamped on every update, is the same in every run and at
 * every parallelism, however the aggregate's tasks interleave. An update behind the watermark is taken at once.
 *
 * <p>When the threshold moves by the configured step, every neighbourhood is judged again against it: the operator
 * keeps the latest update of each neighbourhood that counts ({@code threshold-latest}) and sends again, with the new
 * threshold, those whose verdict the move can change ({@link NeighbourhoodThreshold#verdictMayChange}). They go down
 * the same keyed channel as the updates, so {@link NeighbourhoodAlerts} sees every prefix's updates and re-judgements in
 * this operator's order.
 */
public final class ThresholdStatistic extends KeyedProcessFunction<Integer, PrefixScore, PrefixScore>
        implements CheckpointedFunction {

    /** The one key: the statistic is global. */
    public static final KeySelector<PrefixScore, Integer> ONE_KEY = score -> 0;

    private static final Comparator<PrefixScore> BY_PREFIX = Comparator.comparing(PrefixScore::prefix);

    private final NeighbourhoodThreshold rule;
    private final double reevaluateStep;
    private transient RunningStats stats;
    /** The threshold every counted neighbourhood was last judged against as a whole ({@code NaN}: none yet). */
    private transient double lastAnnounced;
    /** Whether the statistic has settled (see {@link NeighbourhoodThreshold#settled}); it stays so. */
    private transient boolean settled;

    private transient ListState<double[]> checkpointed;
    private transient EventTimeBuffer<PrefixScore> pending;
    private transient MapState<String, PrefixScore> latest;

    public ThresholdStatistic(NeighbourhoodThreshold rule, double reevaluateStep) {
        this.rule = rule;
        this.reevaluateStep = reevaluateStep;
    }

    @Override
    public void open(OpenContext openContext) {
        pending = new EventTimeBuffer<>(
                getRuntimeContext(), "threshold-pending", new VersionedStateSerializer<>(new PrefixScoreFormat()));
        latest = getRuntimeContext()
                .getMapState(new MapStateDescriptor<>(
                        "threshold-latest",
                        StringSerializer.INSTANCE,
                        new VersionedStateSerializer<>(new PrefixScoreFormat())));
        var group = getRuntimeContext().getMetricGroup();
        group.gauge(Metrics.NEIGHBORHOODS, () -> stats.count());
        group.gauge(Metrics.NEIGHBORHOOD_MEAN, () -> stats.mean());
        group.gauge(Metrics.NEIGHBORHOOD_STDDEV, () -> stats.standardDeviation());
        group.gauge(Metrics.NEIGHBORHOOD_THRESHOLD, () -> rule.threshold(stats, settled));
    }

    @Override
    public void processElement(PrefixScore score, Context ctx, Collector<PrefixScore> out) throws Exception {
        long time = score.eventTime();
        if (time <= ctx.timerService().currentWatermark()) {
            take(score, out); // late: its place in event time has passed
            return;
        }
        pending.add(time, score, ctx.timerService());
    }

    @Override
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<PrefixScore> out) throws Exception {
        List<PrefixScore> due = new ArrayList<>(pending.drain(timestamp));
        due.sort(BY_PREFIX); // stable: a prefix's updates keep their order
        for (PrefixScore score : due) {
            take(score, out);
        }
    }

    private void take(PrefixScore score, Collector<PrefixScore> out) throws Exception {
        rule.update(stats, score.previousPages(), score.previousBadness(), score.pages(), score.badness());
        double threshold = rule.threshold(stats, settled);
        settled = settled || !Double.isNaN(threshold) && rule.settled(stats);
        PrefixScore stamped = score.withThreshold(threshold);
        out.collect(stamped);
        if (score.pages() > 0) {
            latest.put(score.prefix(), stamped);
        } else {
            latest.remove(score.prefix());
        }
        boolean announce = Double.isNaN(lastAnnounced)
                ? !Double.isNaN(threshold)
                : !Double.isNaN(threshold) && Math.abs(threshold - lastAnnounced) >= reevaluateStep;
        if (announce) {
            lastAnnounced = threshold;
            judgeAllAgain(threshold, out);
        }
    }

    private void judgeAllAgain(double threshold, Collector<PrefixScore> out) throws Exception {
        List<PrefixScore> again = new ArrayList<>();
        for (Map.Entry<String, PrefixScore> entry : latest.entries()) {
            PrefixScore last = entry.getValue();
            if (rule.verdictMayChange(last, last.threshold(), threshold)) {
                again.add(last.withThreshold(threshold));
            }
        }
        again.sort(BY_PREFIX); // state iteration order is the backend's; the output order must not be
        for (PrefixScore score : again) {
            latest.put(score.prefix(), score);
            out.collect(score);
        }
    }

    @Override
    public void snapshotState(FunctionSnapshotContext context) throws Exception {
        long[] histogram = stats.histogram();
        double[] snapshot = new double[5 + RunningStats.BINS];
        snapshot[0] = stats.count();
        snapshot[1] = stats.sum();
        snapshot[2] = stats.sumOfSquares();
        for (int i = 0; i < RunningStats.BINS; i++) {
            snapshot[3 + i] = histogram[i];
        }
        snapshot[3 + RunningStats.BINS] = settled ? 1 : 0;
        snapshot[4 + RunningStats.BINS] = lastAnnounced;
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
            // parallelism 1: at most one entry. Older checkpoints end earlier: without the last announced threshold
            // (NaN: everything is judged again at the next update), without the settled flag, or without the histogram
            // (sums only: mean + k sigma)
            long[] histogram = null;
            settled = s.length >= 4 + RunningStats.BINS && s[3 + RunningStats.BINS] > 0;
            lastAnnounced = s.length >= 5 + RunningStats.BINS ? s[4 + RunningStats.BINS] : Double.NaN;
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
