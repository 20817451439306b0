package org.reusedetector.detection.functions;

import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import org.apache.flink.util.Collector;
import org.reusedetector.detection.JobCounter;
import org.reusedetector.detection.Metrics;
import org.reusedetector.model.Alert;
import org.reusedetector.model.PrefixScore;
import org.reusedetector.score.NeighbourhoodThreshold;
import org.reusedetector.state.VersionedStateSerializer;

/**
 * Keyed by prefix: alerts when a neighbourhood turns bad (its badness crosses the threshold), not again while it
 * stays bad, and clears it only when the upper confidence bound of its badness falls below the threshold
 * ({@link NeighbourhoodThreshold#turnsBad}, {@link NeighbourhoodThreshold#turnsClean}): a neighbourhood whose badness
 * hovers near the threshold as its pages arrive keeps its verdict instead of flapping.
 *
 * <p>A neighbourhood is judged when it changes, against the threshold in force then; and, because the
 * threshold moves while the statistic fills (it is unknown at first), every neighbourhood is judged again
 * when the threshold moves by a configured step (second input, broadcast). Without that, a neighbourhood that
 * went bad while the statistic was warming up would go unreported until its next page. The state goes with
 * the neighbourhood.
 */
public final class NeighbourhoodAlerts extends KeyedBroadcastProcessFunction<String, PrefixScore, Double, Alert> {

    public static final MapStateDescriptor<String, Double> THRESHOLD =
            new MapStateDescriptor<>("neighbourhood-threshold", Types.STRING, Types.DOUBLE);
    private static final String CURRENT = "current";

    static final ValueStateDescriptor<NeighbourhoodVerdict> VERDICT = new ValueStateDescriptor<>(
            "neighbourhood-verdict", new VersionedStateSerializer<>(new NeighbourhoodVerdictFormat()));

    private final NeighbourhoodThreshold rule;
    private transient ValueState<NeighbourhoodVerdict> verdict;
    private transient JobCounter alerts;

    public NeighbourhoodAlerts(NeighbourhoodThreshold rule) {
        this.rule = rule;
    }

    @Override
    public void open(OpenContext openContext) {
        verdict = getRuntimeContext().getState(VERDICT);
        alerts = JobCounter.register(getRuntimeContext(), Metrics.NEIGHBORHOOD_ALERTS);
    }

    @Override
    public void processElement(PrefixScore score, ReadOnlyContext ctx, Collector<Alert> out) throws Exception {
        NeighbourhoodVerdict before = verdict.value();
        if (score.pages() == 0) {
            if (before != null && before.above()) { // emptied while bad: its alert no longer stands
                Double announced = ctx.getBroadcastState(THRESHOLD).get(CURRENT); // known: it was judged bad against it
                out.collect(Alert.cleared(
                        score.prefix(),
                        0.0,
                        announced == null ? before.latest().threshold() : announced,
                        0,
                        score.eventTime()));
            }
            verdict.clear();
            return;
        }
        // the two inputs race: an update stamped before the statistic was known may arrive after the announcement
        double threshold = score.threshold();
        if (Double.isNaN(threshold)) {
            Double announced = ctx.getBroadcastState(THRESHOLD).get(CURRENT);
            threshold = announced == null ? Double.NaN : announced;
        }
        verdict.update(judge(score, threshold, before != null && before.above(), out));
    }

    @Override
    public void processBroadcastElement(Double threshold, Context ctx, Collector<Alert> out) throws Exception {
        ctx.getBroadcastState(THRESHOLD).put(CURRENT, threshold);
        ctx.applyToKeyedState(VERDICT, (prefix, state) -> {
            NeighbourhoodVerdict before = state.value();
            if (before != null) {
                NeighbourhoodVerdict after = judge(before.latest(), threshold, before.above(), out);
                if (after.above() != before.above()) {
                    state.update(after);
                }
            }
        });
    }

    private NeighbourhoodVerdict judge(PrefixScore score, double threshold, boolean wasAbove, Collector<Alert> out) {
        int evidence = score.evidence() == null ? 0 : score.evidence().length;
        boolean above = wasAbove;
        if (!wasAbove
                && rule.turnsBad(score.pages(), score.badness(), score.lower(), threshold, evidence, score.copies())) {
            above = true;
            alerts.inc();
            out.collect(Alert.neighborhood(
                    score.prefix(),
                    score.badness(),
                    threshold,
                    score.pages(),
                    score.eventTime(),
                    score.evidence(),
                    score.copies()));
        } else if (wasAbove
                && rule.turnsClean(
                        score.pages(), score.badness(), score.upper(), threshold, evidence, score.copies())) {
            above = false;
            // a neighbourhood that was bad early in a stream (a clone's ripped pages before its own) can fall back:
            // the latest record of a prefix on the alerts topic is then its current verdict
            out.collect(Alert.cleared(score.prefix(), score.badness(), threshold, score.pages(), score.eventTime()));
        }
        return new NeighbourhoodVerdict(score, above);
    }
}
