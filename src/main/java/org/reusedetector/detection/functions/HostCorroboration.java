package org.reusedetector.detection.functions;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.StateTtlConfig;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.url.Sites;

/**
 * A word signal's matches, reported per host once they name enough distinct labelled pages
 * ({@link DetectionSettings.Corroboration}). Keyed by host ({@link #hostOf}); it sees only matches. Until its host is
 * corroborated a match is held (with an event-time timer at its event time plus the hold); when the host's matches
 * name {@code minHostPages} distinct labelled pages, every held match is reported, and so are the host's later
 * matches at once. A match whose hold ends first is released unreported ({@link #release}).
 *
 * <p>Why: a generator writes some pages alike on every site it builds (a help page, the legend of its diagrams), so a
 * page of another site can hold most of a labelled page's text without copying anything: one such page is what a host
 * that copies nothing shows, while a host that rewrote a site shows several of its pages.
 *
 * <p>State per host: the distinct labelled URLs its matches named (fewer than {@code minHostPages}), whether it is
 * corroborated (both with a TTL of the rule's memory, processing time), and the held matches (each released by its
 * timer). In a bounded run the final watermark releases whatever is still held, after every page has been seen, so the
 * answer does not depend on the order pages arrived in.
 *
 * @param <T> a match
 */
public abstract class HostCorroboration<T> extends KeyedProcessFunction<String, T, T> {

    private final DetectionSettings.Corroboration rule;
    private final TypeInformation<T> type;

    private transient MapState<String, Boolean> labelledPages;
    private transient ValueState<Boolean> corroborated;
    private transient ListState<T> held;

    protected HostCorroboration(DetectionSettings.Corroboration rule, TypeInformation<T> type) {
        this.rule = rule;
        this.type = type;
    }

    /** The host of a URL, lower case, the key of this function ({@code ""} for a URL without one). */
    public static String hostOf(String url) {
        String host = Sites.hostOfUrl(url);
        return host == null ? "" : host.toLowerCase(Locale.ROOT);
    }

    /** The labelled page a match names, or {@code null} when the element is no match (it goes straight on). */
    protected abstract String labelledUrl(T element);

    protected abstract long eventTime(T element);

    /** The host is corroborated: report the match. */
    protected abstract void report(T match, Context ctx, Collector<T> out);

    /** The match's hold ended with its host not corroborated. */
    protected abstract void release(T match, Collector<T> out);

    @Override
    public void open(OpenContext openContext) throws Exception {
        StateTtlConfig ttl = StateTtlConfig.newBuilder(Duration.ofMillis(rule.memoryMillis()))
                .setUpdateType(StateTtlConfig.UpdateType.OnCreateAndWrite)
                .setStateVisibility(StateTtlConfig.StateVisibility.NeverReturnExpired)
                .build();
        MapStateDescriptor<String, Boolean> labelled =
                new MapStateDescriptor<>("host-labelled-pages", Types.STRING, Types.BOOLEAN);
        labelled.enableTimeToLive(ttl);
        ValueStateDescriptor<Boolean> matching = new ValueStateDescriptor<>("host-corroborated", Types.BOOLEAN);
        matching.enableTimeToLive(ttl);
        labelledPages = getRuntimeContext().getMapState(labelled);
        corroborated = getRuntimeContext().getState(matching);
        held = getRuntimeContext().getListState(new ListStateDescriptor<>("host-held-matches", type));
    }

    @Override
    public void processElement(T element, Context ctx, Collector<T> out) throws Exception {
        String labelled = labelledUrl(element);
        if (labelled == null) {
            out.collect(element);
            return;
        }
        if (Boolean.TRUE.equals(corroborated.value())) {
            report(element, ctx, out);
            return;
        }
        labelledPages.put(labelled, Boolean.TRUE);
        int distinct = 0;
        for (String ignored : labelledPages.keys()) {
            distinct++;
        }
        if (distinct >= rule.minHostPages()) {
            corroborated.update(Boolean.TRUE);
            labelledPages.clear();
            for (T waiting : held.get()) {
                report(waiting, ctx, out);
            }
            held.clear();
            report(element, ctx, out);
            return;
        }
        held.add(element);
        ctx.timerService().registerEventTimeTimer(releaseTime(element));
    }

    @Override
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<T> out) throws Exception {
        List<T> still = new ArrayList<>();
        for (T waiting : held.get()) {
            if (releaseTime(waiting) <= timestamp) {
                release(waiting, out);
            } else {
                still.add(waiting);
            }
        }
        held.update(still);
        if (still.isEmpty() && !Boolean.TRUE.equals(corroborated.value())) {
            labelledPages.clear(); // nothing waits on this host: its partial count goes with its last match
        }
    }

    private long releaseTime(T element) {
        long time = eventTime(element);
        return time > Long.MAX_VALUE - rule.holdMillis() ? Long.MAX_VALUE : time + rule.holdMillis();
    }
}
