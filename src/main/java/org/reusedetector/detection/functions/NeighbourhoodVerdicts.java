package org.reusedetector.detection.functions;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
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
import org.reusedetector.detection.JobCounter;
import org.reusedetector.detection.Metrics;
import org.reusedetector.model.Alert;
import org.reusedetector.model.AlertType;
import org.reusedetector.model.PrefixScore;
import org.reusedetector.score.NeighbourhoodThreshold;
import org.reusedetector.score.RunningStats;
import org.reusedetector.state.VersionedStateSerializer;

/**
 * The paper's neighbourhood threshold, mean + k·σ of badness over all neighbourhoods (or its robust form), maintained
 * continuously, and every neighbourhood's verdict against it: {@code neighborhood} when one turns bad, {@code cleared}
 * when a bad one turns clean ({@link #judge}). Runs at parallelism 1, keyed by one constant key (for its timers): every
 * neighbourhood update replaces that neighbourhood's earlier value in the statistic, and is judged against the
 * threshold in force after it.
 *
 * <p>Updates are taken in event-time order: the aggregate's tasks send them when the watermark passes their event time,
 * and they wait in {@code threshold-pending} until the same watermark has come down every task's channel; the updates
 * of one event time are taken in prefix order (each prefix's own updates keep the order its aggregate sent them in). So
 * the statistic, the threshold and every verdict are the same in every run and at every parallelism, however the
 * aggregate's tasks interleave. An update behind the watermark is taken at once.
 *
 * <p>Each neighbourhood's latest update and verdict is kept once, in {@code neighbourhood-verdicts}: the verdict is
 * judged from it, and when the threshold moves by the configured step every neighbourhood whose verdict the move can
 * change ({@link NeighbourhoodThreshold#verdictMayChange}) is judged again against the new threshold, so that one that
 * went bad while the statistic was warming up is reported without waiting for its next page. The entry goes with the
 * neighbourhood's last page.
 */
public final class NeighbourhoodVerdicts extends KeyedProcessFunction<Integer, PrefixScore, Alert>
        implements CheckpointedFunction {

    /** The one key: the statistic is global. */
    public static final KeySelector<PrefixScore, Integer> ONE_KEY = score -> 0;

    /** Keyed (one key) map state: each neighbourhood's latest update, with the threshold it was judged against. */
    static final String VERDICTS = "neighbourhood-verdicts";

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
    private transient MapState<String, NeighbourhoodVerdict> verdicts;
    private transient JobCounter alerts;

    public NeighbourhoodVerdicts(NeighbourhoodThreshold rule, double reevaluateStep) {
        this.rule = rule;
        this.reevaluateStep = reevaluateStep;
    }

    @Override
    public void open(OpenContext openContext) {
        pending = new EventTimeBuffer<>(
                getRuntimeContext(), "threshold-pending", new VersionedStateSerializer<>(new PrefixScoreFormat()));
        verdicts = getRuntimeContext()
                .getMapState(new MapStateDescriptor<>(
                        VERDICTS,
                        StringSerializer.INSTANCE,
                        new VersionedStateSerializer<>(new NeighbourhoodVerdictFormat())));
        alerts = JobCounter.register(getRuntimeContext(), Metrics.NEIGHBORHOOD_ALERTS);
        var group = getRuntimeContext().getMetricGroup();
        group.gauge(Metrics.NEIGHBORHOODS, () -> stats.count());
        group.gauge(Metrics.NEIGHBORHOOD_MEAN, () -> stats.mean());
        group.gauge(Metrics.NEIGHBORHOOD_STDDEV, () -> stats.standardDeviation());
        group.gauge(Metrics.NEIGHBORHOOD_THRESHOLD, () -> rule.threshold(stats, settled));
    }

    @Override
    public void processElement(PrefixScore score, Context ctx, Collector<Alert> out) throws Exception {
        long time = score.eventTime();
        if (time <= ctx.timerService().currentWatermark()) {
            take(score, out); // late: its place in event time has passed
            return;
        }
        pending.add(time, score, ctx.timerService());
    }

    @Override
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<Alert> out) throws Exception {
        List<PrefixScore> due = new ArrayList<>(pending.drain(timestamp));
        due.sort(BY_PREFIX); // stable: a prefix's updates keep their order
        for (PrefixScore score : due) {
            take(score, out);
        }
    }

    private void take(PrefixScore score, Collector<Alert> out) throws Exception {
        rule.update(stats, score.previousPages(), score.previousBadness(), score.pages(), score.badness());
        double threshold = rule.threshold(stats, settled);
        settled = settled || !Double.isNaN(threshold) && rule.settled(stats);
        NeighbourhoodVerdict after =
                verdictAfter(rule, score.withThreshold(threshold), verdicts.get(score.prefix()), a -> emit(a, out));
        if (after == null) {
            verdicts.remove(score.prefix());
        } else {
            verdicts.put(score.prefix(), after);
        }
        boolean announce = Double.isNaN(lastAnnounced)
                ? !Double.isNaN(threshold)
                : !Double.isNaN(threshold) && Math.abs(threshold - lastAnnounced) >= reevaluateStep;
        if (announce) {
            lastAnnounced = threshold;
            judgeAllAgain(threshold, out);
        }
    }

    private void emit(Alert alert, Collector<Alert> out) {
        if (alert.type() == AlertType.NEIGHBORHOOD) {
            alerts.inc();
        }
        out.collect(alert);
    }

    private void judgeAllAgain(double threshold, Collector<Alert> out) throws Exception {
        List<NeighbourhoodVerdict> again = new ArrayList<>();
        for (Map.Entry<String, NeighbourhoodVerdict> entry : verdicts.entries()) {
            NeighbourhoodVerdict last = entry.getValue();
            if (rule.verdictMayChange(last.latest(), last.latest().threshold(), threshold)) {
                again.add(last);
            }
        }
        // state iteration order is the backend's; the output order must not be
        again.sort(Comparator.comparing(v -> v.latest().prefix()));
        for (NeighbourhoodVerdict last : again) {
            PrefixScore rejudged = last.latest().withThreshold(threshold);
            verdicts.put(
                    rejudged.prefix(),
                    new NeighbourhoodVerdict(rejudged, judge(rule, rejudged, last.above(), a -> emit(a, out))));
        }
    }

    /**
     * A neighbourhood's verdict after an update, judged against the threshold stamped on it ({@link #judge}); or
     * {@code null} when the update emptied it (then a bad one is cleared: its alert no longer stands).
     *
     * @param before its verdict before the update, {@code null} when it had none
     */
    static NeighbourhoodVerdict verdictAfter(
            NeighbourhoodThreshold rule, PrefixScore stamped, NeighbourhoodVerdict before, Consumer<Alert> out) {
        boolean wasAbove = before != null && before.above();
        if (stamped.pages() == 0) {
            if (wasAbove) {
                double threshold =
                        Double.isNaN(stamped.threshold()) ? before.latest().threshold() : stamped.threshold();
                out.accept(Alert.cleared(stamped.prefix(), 0.0, threshold, 0, stamped.eventTime()));
            }
            return null;
        }
        return new NeighbourhoodVerdict(stamped, judge(rule, stamped, wasAbove, out));
    }

    /**
     * A neighbourhood's verdict after an update (or a re-judgement) of its score, against the threshold stamped on it:
     * it alerts when it turns bad ({@link NeighbourhoodThreshold#turnsBad}), not again while it stays bad, and is
     * cleared only when the upper confidence bound of its badness falls below the threshold
     * ({@link NeighbourhoodThreshold#turnsClean}), so a neighbourhood whose badness hovers near the threshold as its
     * pages arrive keeps its verdict instead of flapping.
     *
     * @return whether it is bad (alerted and not cleared) after the score
     */
    static boolean judge(NeighbourhoodThreshold rule, PrefixScore score, boolean wasAbove, Consumer<Alert> out) {
        int evidence = score.evidence() == null ? 0 : score.evidence().length;
        double threshold = score.threshold();
        if (!wasAbove
                && rule.turnsBad(score.pages(), score.badness(), score.lower(), threshold, evidence, score.copies())) {
            out.accept(Alert.neighborhood(
                    score.prefix(),
                    score.badness(),
                    threshold,
                    score.pages(),
                    score.eventTime(),
                    score.evidence(),
                    score.copies(),
                    score.lower(),
                    score.upper()));
            return true;
        }
        if (wasAbove
                && rule.turnsClean(
                        score.pages(), score.badness(), score.upper(), threshold, evidence, score.copies())) {
            // a neighbourhood that was bad early in a stream (a clone's ripped pages before its own) can fall back:
            // the latest record of a prefix on the alerts topic is then its current verdict
            out.accept(Alert.cleared(score.prefix(), score.badness(), threshold, score.pages(), score.eventTime()));
            return false;
        }
        return wasAbove;
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
