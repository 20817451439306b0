package org.reusedetector.signal.nearcopy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.JobCounter;
import org.reusedetector.detection.Metrics;
import org.reusedetector.model.Alert;
import org.reusedetector.model.CopyMark;
import org.reusedetector.model.Evidence;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.Label;
import org.reusedetector.shingle.NearCopyParams;
import org.reusedetector.url.Sites;

/**
 * Reports a host's near copies once they copy at least {@code shingles.near-copy.min-host-pages} distinct labelled
 * pages ({@link NearCopyParams#minHostPages}). Keyed by host; it sees only the near copies {@link MatchNearCopies}
 * found. Until its host is corroborated a near copy is held (with an event-time timer at its event time plus
 * {@code shingles.near-copy.hold}); when the host reaches the count, every held copy goes on marked and raises its
 * {@code near-copy} alert (side output {@link #ALERTS}), and so do the host's later copies at once. A copy whose hold
 * ends first goes on as an ordinary page: no mark, no alert, its chunks scored as any page's.
 *
 * <p>Why: a generator writes some pages alike on every site it builds (a help page, the legend of its diagrams), so a
 * page of another site can hold most of a labelled page's distinctive phrases without copying anything; one such page
 * is what a host that copies nothing shows, while a host that rewrote a site shows several of its pages.
 *
 * <p>State per host: the distinct labelled URLs its copies matched (at most {@code minHostPages − 1} of them), whether it
 * is corroborated (both with a TTL of {@code hostMemoryMillis}, processing time), and the held copies (each released by
 * its timer). In a bounded run the final watermark releases whatever is still held, after every page has been seen,
 * so the answer does not depend on the order pages arrived in.
 */
public final class CorroborateNearCopies extends KeyedProcessFunction<String, HashedPage, HashedPage> {

    /** The near-copy alerts of corroborated hosts. */
    public static final OutputTag<Alert> ALERTS = new OutputTag<>("near-copy-alerts", TypeInformation.of(Alert.class));

    /** The host of a page (its URL's host, lower case). */
    public static final KeySelector<HashedPage, String> HOST = CorroborateNearCopies::host;

    private final DetectionSettings settings;

    private transient MapState<String, Boolean> labelledPages;
    private transient ValueState<Boolean> corroborated;
    private transient ListState<HashedPage> held;
    private transient JobCounter alerts;

    public CorroborateNearCopies(DetectionSettings settings) {
        this.settings = settings;
    }

    static String host(HashedPage page) {
        String host = Sites.hostOfUrl(page.url());
        return host == null ? "" : host.toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public void open(OpenContext openContext) {
        NearCopyParams params = settings.nearCopy();
        StateTtlConfig ttl = StateTtlConfig.newBuilder(Duration.ofMillis(params.hostMemoryMillis()))
                .setUpdateType(StateTtlConfig.UpdateType.OnCreateAndWrite)
                .setStateVisibility(StateTtlConfig.StateVisibility.NeverReturnExpired)
                .build();
        MapStateDescriptor<String, Boolean> labelled =
                new MapStateDescriptor<>("near-copy-host-labelled-pages", Types.STRING, Types.BOOLEAN);
        labelled.enableTimeToLive(ttl);
        ValueStateDescriptor<Boolean> copier = new ValueStateDescriptor<>("near-copy-host-corroborated", Types.BOOLEAN);
        copier.enableTimeToLive(ttl);
        labelledPages = getRuntimeContext().getMapState(labelled);
        corroborated = getRuntimeContext().getState(copier);
        held = getRuntimeContext()
                .getListState(new ListStateDescriptor<>("near-copy-held", TypeInformation.of(HashedPage.class)));
        alerts = JobCounter.register(getRuntimeContext(), Metrics.NEAR_COPY_ALERTS);
    }

    @Override
    public void processElement(HashedPage page, Context ctx, Collector<HashedPage> out) throws Exception {
        CopyMark mark = page.result(CopyMark.KEY);
        if (mark == null || page.result(MatchNearCopies.LABEL) == null) {
            out.collect(page); // not a near copy: nothing to corroborate
            return;
        }
        if (Boolean.TRUE.equals(corroborated.value())) {
            report(page, ctx, out);
            return;
        }
        labelledPages.put(mark.labelledUrl(), Boolean.TRUE);
        if (count(labelledPages.keys()) >= settings.nearCopy().minHostPages()) {
            corroborated.update(Boolean.TRUE);
            labelledPages.clear();
            for (HashedPage waiting : held.get()) {
                report(waiting, ctx, out);
            }
            held.clear();
            report(page, ctx, out);
            return;
        }
        held.add(page);
        ctx.timerService().registerEventTimeTimer(releaseTime(page));
    }

    @Override
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<HashedPage> out) throws Exception {
        List<HashedPage> still = new ArrayList<>();
        for (HashedPage waiting : held.get()) {
            if (releaseTime(waiting) <= timestamp) {
                out.collect(ordinary(waiting));
            } else {
                still.add(waiting);
            }
        }
        held.update(still);
        if (still.isEmpty() && !Boolean.TRUE.equals(corroborated.value())) {
            labelledPages.clear(); // nothing waits on this host: its partial count goes with its last copy
        }
    }

    private long releaseTime(HashedPage page) {
        long hold = settings.nearCopy().holdMillis();
        return page.eventTime() > Long.MAX_VALUE - hold ? Long.MAX_VALUE : page.eventTime() + hold;
    }

    private void report(HashedPage page, Context ctx, Collector<HashedPage> out) {
        CopyMark mark = page.result(CopyMark.KEY);
        String[] label = page.result(MatchNearCopies.LABEL).split("\t", 2);
        alerts.inc();
        ctx.output(
                ALERTS,
                Alert.nearCopy(
                        page.url(),
                        page.eventTime(),
                        mark.resemblance(),
                        settings.nearCopy().threshold(),
                        new Evidence(
                                label[0],
                                Label.KIND_SHINGLE,
                                label.length > 1 && !label[1].isEmpty() ? label[1] : null,
                                mark.labelledUrl())));
        out.collect(page.without(MatchNearCopies.LABEL));
    }

    /** A copy whose host was not corroborated in time: an ordinary page. */
    private static HashedPage ordinary(HashedPage page) {
        return page.without(MatchNearCopies.LABEL).without(CopyMark.KEY);
    }

    private static int count(Iterable<String> keys) {
        int n = 0;
        for (String ignored : keys) {
            n++;
        }
        return n;
    }
}
