package org.reusedetector.stream.functions;

import java.time.Instant;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.metrics.Counter;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.reusedetector.model.Alert;
import org.reusedetector.model.PrefixScore;
import org.reusedetector.score.NeighbourhoodThreshold;
import org.reusedetector.stream.Metrics;

/**
 * Keyed by prefix: alerts when a neighbourhood crosses the threshold, not again while it stays above, and
 * again after it has fallen back below and crosses once more. The flag goes with the neighbourhood.
 */
public final class NeighbourhoodAlerts extends KeyedProcessFunction<String, PrefixScore, Alert> {

    private final NeighbourhoodThreshold rule;
    private transient ValueState<Boolean> above;
    private transient Counter alerts;

    public NeighbourhoodAlerts(NeighbourhoodThreshold rule) {
        this.rule = rule;
    }

    @Override
    public void open(OpenContext openContext) {
        above = getRuntimeContext().getState(new ValueStateDescriptor<>("above-threshold", Types.BOOLEAN));
        alerts = getRuntimeContext().getMetricGroup().counter(Metrics.NEIGHBOURHOOD_ALERTS);
    }

    @Override
    public void processElement(PrefixScore score, Context ctx, Collector<Alert> out) throws Exception {
        if (score.pages() == 0) {
            above.clear();
            return;
        }
        boolean wasAbove = Boolean.TRUE.equals(above.value());
        boolean isBad = rule.isBad(score.pages(), score.badness(), score.threshold());
        if (isBad && !wasAbove) {
            above.update(true);
            alerts.inc();
            out.collect(new Alert(Alert.TYPE_NEIGHBORHOOD, null, score.prefix(), score.badness(), score.threshold(), score.pages(), null, null,
                    Instant.ofEpochMilli(score.eventTime()).toString(), Instant.now().toString(), score.evidence()));
        } else if (!isBad && wasAbove && !Double.isNaN(score.threshold())) {
            above.clear();
        }
    }
}
