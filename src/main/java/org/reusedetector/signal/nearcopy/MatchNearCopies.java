package org.reusedetector.signal.nearcopy;

import java.nio.charset.StandardCharsets;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ReadOnlyBroadcastState;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.functions.co.BroadcastProcessFunction;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.functions.HoldUntilLabelsLoaded;
import org.reusedetector.format.LabelCodec;
import org.reusedetector.format.SnapshotMarker;
import org.reusedetector.model.CopyMark;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.Label;
import org.reusedetector.model.ResultKey;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.shingle.NearCopyIndex;
import org.reusedetector.shingle.ShingleLabels;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The near-copy signal: matches each page's sampled phrases (computed in the parse step, {@link NearCopyPageSignal})
 * against the {@code shingle} labels' distinctive phrases, through an inverted index ({@link NearCopyIndex}), so a
 * lookup is not a scan of the labels. A page that holds at least {@code shingles.near-copy.threshold} of a labelled page
 * of another site goes to the side output {@link #CANDIDATES}, marked as a near copy of it ({@link CopyMark}, with that
 * share, and {@link #LABEL}), for {@link CorroborateNearCopies}, which reports it once its host has copied enough
 * labelled pages; every other page goes on at once. Every page goes on without its phrases.
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

    private static final Logger LOG = LoggerFactory.getLogger(MatchNearCopies.class);

    /** The near copies found, marked, on their way to {@link CorroborateNearCopies}. */
    public static final OutputTag<HashedPage> CANDIDATES =
            new OutputTag<>("near-copy-candidates", TypeInformation.of(HashedPage.class));

    /** The id and source of the label a candidate copies, tab-separated (the mark holds its URL and share). */
    public static final ResultKey<String> LABEL = ResultKey.of(
            "near-copy.label",
            text -> text.getBytes(StandardCharsets.UTF_8),
            bytes -> new String(bytes, StandardCharsets.UTF_8));

    private final DetectionSettings settings;

    private transient NearCopyIndex index;

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
    public void processElement(HashedPage page, ReadOnlyContext ctx, Collector<HashedPage> out) throws Exception {
        match(page, ctx.getBroadcastState(SKETCHES), ctx, out);
    }

    private void match(
            HashedPage page,
            ReadOnlyBroadcastState<String, String> labels,
            ReadOnlyContext ctx,
            Collector<HashedPage> out)
            throws Exception {
        match(page, labels, out, candidate -> ctx.output(CANDIDATES, candidate));
    }

    private void match(
            HashedPage page,
            ReadOnlyBroadcastState<String, String> labels,
            Collector<HashedPage> out,
            java.util.function.Consumer<HashedPage> candidates)
            throws Exception {
        int[] sketch = page.result(NearCopyPageSignal.SKETCH);
        if (sketch == null || sketch.length == 0) {
            out.collect(page);
            return;
        }
        NearCopyIndex.Match match = index(labels).best(page.url(), sketch, NearCopyPageSignal.level(page));
        HashedPage matched = page.without(NearCopyPageSignal.SKETCH).without(NearCopyPageSignal.LEVEL);
        if (match == null) {
            out.collect(matched);
            return;
        }
        NearCopyIndex.Entry label = match.entry();
        candidates.accept(matched.with(CopyMark.KEY, new CopyMark(label.url(), match.containment()))
                .with(LABEL, label.id() + "\t" + (label.source() == null ? "" : label.source())));
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
            // phrases that do not decode (a label of an earlier version) match nothing; relabelling replaces them
            LOG.warn("shingle label {} ignored: {}", label.hash(), e.getMessage());
            return;
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
                try {
                    index.add(ShingleLabels.entry(LabelCodec.parse(label.getValue())));
                } catch (IllegalArgumentException e) {
                    // a label kept from an earlier version (restored state) matches nothing; relabelling replaces it
                    LOG.warn("shingle label {} left out of the near-copy index: {}", label.getKey(), e.getMessage());
                }
            }
        }
        return index;
    }
}
