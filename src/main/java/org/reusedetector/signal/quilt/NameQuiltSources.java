package org.reusedetector.signal.quilt;

import java.time.Duration;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.StateTtlConfig;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.reusedetector.state.VersionedStateSerializer;

/**
 * Keyed by holder id: every judged page registers its URL here (one record a page), and each quilt source's request
 * is answered with the URL. The index and the judge thus carry 8-byte ids instead of URLs, and only the few sources of
 * actual quilts are named. A request can overtake its holder's registration (they travel different paths): it then
 * waits until the watermark passes the quilt's fetch time, by when the registration of every page fetched before the
 * quilt has arrived, and leaves unnamed only if there is still none (the alert omits it). So a source is named or not
 * by the input alone. A registration is kept twice the index's TTL (processing time, a bound on the state's size).
 * A gram's entry ages from its last update, so a gram that later pages kept taking up can still name a holder fetched
 * longer ago than that: such a source is left unnamed, the one case where the wall clock still decides.
 */
public final class NameQuiltSources extends KeyedProcessFunction<Long, QuiltName, QuiltName> {

    private final long ttlMillis;
    private transient ValueState<String> url;
    private transient ListState<QuiltName> waiting;

    public NameQuiltSources(QuiltStream quilt) {
        this.ttlMillis = quilt.ttlMillis();
    }

    @Override
    public void open(OpenContext openContext) {
        ValueStateDescriptor<String> urlDescriptor = new ValueStateDescriptor<>("holder-url", Types.STRING);
        urlDescriptor.enableTimeToLive(StateTtlConfig.newBuilder(Duration.ofMillis(2 * ttlMillis))
                .setUpdateType(StateTtlConfig.UpdateType.OnCreateAndWrite)
                .setStateVisibility(StateTtlConfig.StateVisibility.NeverReturnExpired)
                .build());
        url = getRuntimeContext().getState(urlDescriptor);
        waiting = getRuntimeContext()
                .getListState(new ListStateDescriptor<>(
                        "waiting-requests", new VersionedStateSerializer<>(new QuiltNameFormat())));
    }

    @Override
    public void processElement(QuiltName record, Context ctx, Collector<QuiltName> out) throws Exception {
        if (record.isRegistration()) {
            url.update(record.holderUrl());
            Iterable<QuiltName> requests = waiting.get();
            if (requests != null) {
                for (QuiltName request : requests) {
                    out.collect(request.named(record.holderUrl()));
                }
                waiting.clear();
            }
            return;
        }
        String known = url.value();
        if (known != null) {
            out.collect(record.named(known));
        } else {
            waiting.add(record);
            // the registration, if any, is in once the watermark passes the quilt's fetch time
            long watermark = ctx.timerService().currentWatermark();
            ctx.timerService()
                    .registerEventTimeTimer(
                            Math.max(record.eventTime(), watermark == Long.MAX_VALUE ? watermark : watermark + 1));
        }
    }

    @Override
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<QuiltName> out) throws Exception {
        Iterable<QuiltName> requests = waiting.get();
        if (requests != null) {
            requests.forEach(out::collect); // still unnamed
        }
        waiting.clear();
    }
}
