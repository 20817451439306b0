package org.reusedetector.signal.quilt;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.commons.codec.digest.DigestUtils;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.reusedetector.detection.JobCounter;
import org.reusedetector.model.Alert;
import org.reusedetector.model.AlertType;
import org.reusedetector.model.Evidence;
import org.reusedetector.state.VersionedStateSerializer;

/**
 * Keyed by quilt URL and fetch time ({@link #key}: two fetches of one URL are two quilts): gathers the quilt's named
 * sources ({@link NameQuiltSources}) and raises the {@code quilt} alert, sources in cover order (unnamed ones
 * omitted). All of a quilt's names are in once the watermark passes its fetch time;
 * one whose names are not all in once the watermark is {@link JudgeQuilts#GIVE_UP_MILLIS} past that is forgotten
 * (event time).
 */
public final class QuiltAlerts extends KeyedProcessFunction<String, QuiltName, Alert> {

    private final double theta;
    private transient ListState<QuiltName> named;
    private transient ValueState<Integer> received;
    private transient JobCounter alerts;

    /** The key of a quilt's names: its URL and fetch time. */
    public static String key(QuiltName name) {
        return name.eventTime() + " " + name.page();
    }

    public QuiltAlerts(QuiltStream quilt) {
        this.theta = quilt.params().theta();
    }

    @Override
    public void open(OpenContext openContext) {
        named = getRuntimeContext()
                .getListState(new ListStateDescriptor<>(
                        "quilt-sources", new VersionedStateSerializer<>(new QuiltNameFormat())));
        received = getRuntimeContext().getState(new ValueStateDescriptor<>("quilt-sources-received", Types.INT));
        alerts = JobCounter.register(getRuntimeContext(), QuiltSignal.ALERTS_METRIC);
    }

    @Override
    public void processElement(QuiltName source, Context ctx, Collector<Alert> out) throws Exception {
        List<QuiltName> all = new ArrayList<>();
        if (source.sources() > 1) {
            Integer count = received.value();
            int n = count == null ? 1 : count + 1;
            if (count == null) {
                long from = Math.max(source.eventTime(), ctx.timerService().currentWatermark());
                ctx.timerService()
                        .registerEventTimeTimer(
                                from > Long.MAX_VALUE - JudgeQuilts.GIVE_UP_MILLIS
                                        ? Long.MAX_VALUE
                                        : from + JudgeQuilts.GIVE_UP_MILLIS);
            }
            if (n < source.sources()) {
                named.add(source);
                received.update(n);
                return;
            }
            named.get().forEach(all::add);
            named.clear();
            received.clear();
        }
        all.add(source);
        all.sort(Comparator.comparingInt(QuiltName::position));
        List<String> urls =
                all.stream().map(QuiltName::holderUrl).filter(u -> !u.isEmpty()).toList();
        alerts.inc();
        out.collect(alert(source.page(), source.eventTime(), source.coveredFraction(), theta, urls));
    }

    @Override
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<Alert> out) {
        named.clear();
        received.clear();
    }

    /**
     * A quilted page's alert: {@code badness} is the share of its sampled grams that are patch grams, {@code threshold}
     * θ, {@code pages} the size of the cover, and the evidence names the covering pages in cover order (kind
     * {@code quilt}, hash = SHA-1 of the URL).
     */
    static Alert alert(String url, long eventTimeMillis, double patchFraction, double theta, List<String> sources) {
        Evidence[] evidence = sources.stream()
                .map(s -> new Evidence(DigestUtils.sha1Hex(s), AlertType.QUILT.wireName(), null, s))
                .toArray(Evidence[]::new);
        return new Alert(
                AlertType.QUILT,
                url,
                null,
                patchFraction,
                theta,
                (long) sources.size(),
                null,
                null,
                Instant.ofEpochMilli(eventTimeMillis).toString(),
                Instant.now().toString(),
                evidence,
                null,
                null,
                null,
                null,
                null);
    }
}
