package org.reusedetector.signal.nearcopy;

import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ReadOnlyBroadcastState;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.functions.co.BroadcastProcessFunction;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.JobCounter;
import org.reusedetector.detection.Metrics;
import org.reusedetector.detection.functions.HoldUntilLabelsLoaded;
import org.reusedetector.format.LabelCodec;
import org.reusedetector.format.SnapshotMarker;
import org.reusedetector.model.Alert;
import org.reusedetector.model.CopyMark;
import org.reusedetector.model.Evidence;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.Label;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.shingle.NearCopyIndex;
import org.reusedetector.shingle.ShingleLabels;

/**
 * The near-copy signal: matches each page's min-hash sketch (computed in the parse step, {@link NearCopyPageSignal}) against the
 * {@code shingle} labels, through an LSH band index ({@link NearCopyIndex}), so a lookup is not a scan of the labels.
 * A page resembling a labelled page of another site at least {@code shingles.near-copy.threshold} raises one
 * {@code near-copy} alert (side output {@link #ALERTS}) and goes on marked as a near copy, which {@code MatchLabels}
 * counts in its badness. Every page goes on, without its sketch.
 *
 * <p>The labels are kept in broadcast state (checkpointed, the same on every instance); the index is built from it
 * on first use after a start or restore and kept current with every label after that. As {@code MatchLabels}, the job
 * runs it inside {@link HoldUntilLabelsLoaded}, which holds the pages that arrive before the label snapshot of this run
 * is complete (a marker seen on every labels partition) and matches them when it is.
 */
public final class MatchNearCopies extends BroadcastProcessFunction<HashedPage, SourceRecord, HashedPage> {

    /** The label hash → the label as JSON; and {@code marker:<partition>} and {@code ready} → the snapshot run seen (see {@link HoldUntilLabelsLoaded#isGateKey}). */
    public static final MapStateDescriptor<String, String> SKETCHES =
            new MapStateDescriptor<>("shingle-labels", Types.STRING, Types.STRING);

    public static final OutputTag<Alert> ALERTS = new OutputTag<>("near-copy-alerts", TypeInformation.of(Alert.class));

    private final DetectionSettings settings;

    private transient NearCopyIndex index;
    private transient JobCounter alerts;

    public MatchNearCopies(DetectionSettings settings) {
        this.settings = settings;
    }

    /** Near-copy matching of every page, held until the run's label snapshot has loaded. */
    public static HoldUntilLabelsLoaded<HashedPage> heldUntilLabelsLoaded(DetectionSettings settings) {
        return new HoldUntilLabelsLoaded<>(
                new MatchNearCopies(settings),
                SKETCHES,
                "near-copy-held-pages",
                settings); // the name of its checkpointed held pages
    }

    @Override
    public void open(OpenContext openContext) {
        alerts = JobCounter.register(getRuntimeContext(), Metrics.NEAR_COPY_ALERTS);
    }

    @Override
    public void processElement(HashedPage page, ReadOnlyContext ctx, Collector<HashedPage> out) throws Exception {
        match(page, ctx.getBroadcastState(SKETCHES), ctx, out);
    }

    private void match(
            HashedPage page,
            ReadOnlyBroadcastState<String, String> labels,
            ReadOnlyContext ctx,
            Collector<HashedPage> out)
            throws Exception {
        match(page, labels, out, alert -> ctx.output(ALERTS, alert));
    }

    private void match(
            HashedPage page,
            ReadOnlyBroadcastState<String, String> labels,
            Collector<HashedPage> out,
            java.util.function.Consumer<Alert> alertOut)
            throws Exception {
        long[] sketch = page.result(NearCopyPageSignal.SKETCH);
        if (sketch == null || sketch.length == 0) {
            out.collect(page);
            return;
        }
        NearCopyIndex.Match match = index(labels).best(page.url(), sketch);
        if (match == null) {
            out.collect(page.without(NearCopyPageSignal.SKETCH));
            return;
        }
        NearCopyIndex.Entry label = match.entry();
        alerts.inc();
        alertOut.accept(Alert.nearCopy(
                page.url(),
                page.eventTime(),
                match.resemblance(),
                settings.nearCopy().threshold(),
                new Evidence(label.id(), Label.KIND_SHINGLE, label.source(), label.url())));
        out.collect(page.without(NearCopyPageSignal.SKETCH)
                .with(CopyMark.KEY, new CopyMark(label.url(), match.resemblance())));
    }

    @Override
    public void processBroadcastElement(SourceRecord record, Context ctx, Collector<HashedPage> out) throws Exception {
        String value = record.value();
        if (SnapshotMarker.parse(value).isPresent()) {
            return; // kept by HoldUntilLabelsLoaded
        }
        Label label;
        try {
            label = LabelCodec.parse(value);
        } catch (IllegalArgumentException e) {
            return; // MatchLabels dead-letters invalid labels
        }
        if (!Label.KIND_SHINGLE.equals(label.kind())) {
            return;
        }
        if (Label.OP_REMOVE.equals(label.op())) {
            ctx.getBroadcastState(SKETCHES).remove(label.hash());
            if (index != null) {
                index.remove(label.hash());
            }
            return;
        }
        NearCopyIndex.Entry entry;
        try {
            entry = ShingleLabels.entry(label);
        } catch (IllegalArgumentException e) {
            return; // a sketch that does not decode matches nothing
        }
        ctx.getBroadcastState(SKETCHES).put(label.hash(), LabelCodec.write(label));
        if (index != null) {
            index.add(entry);
        }
    }

    private NearCopyIndex index(ReadOnlyBroadcastState<String, String> labels) throws Exception {
        if (index == null) {
            index = new NearCopyIndex(settings.nearCopy());
            for (var label : labels.immutableEntries()) {
                if (HoldUntilLabelsLoaded.isGateKey(label.getKey())) {
                    continue;
                }
                index.add(ShingleLabels.entry(LabelCodec.parse(label.getValue())));
            }
        }
        return index;
    }
}
