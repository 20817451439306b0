package org.reusedetector.signal.imatch;

import java.util.Objects;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ReadOnlyBroadcastState;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.functions.co.BroadcastProcessFunction;
import org.apache.flink.util.Collector;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.JobCounter;
import org.reusedetector.detection.Metrics;
import org.reusedetector.detection.functions.HoldUntilLabelsLoaded;
import org.reusedetector.format.LabelCodec;
import org.reusedetector.format.SnapshotMarker;
import org.reusedetector.imatch.Lexicon;
import org.reusedetector.imatch.Signatures;
import org.reusedetector.model.Alert;
import org.reusedetector.model.Evidence;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.Label;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.url.Sites;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Matches each page's I-Match signatures (computed in the parse step, {@link ImatchPageSignal}) against the {@code imatch} labels in
 * broadcast state: a page whose signature under some lexicon equals a labelled one is a near duplicate of the label's
 * example page (paper §4: one agreeing coordinate suffices) and raises one {@code near-duplicate} alert naming that
 * lexicon and page. Only labels of the job's lexicon version count: a signature means nothing under another lexicon.
 * Other labels and invalid records are left to {@code MatchLabels}, which dead-letters the invalid ones.
 *
 * <p>A match is not confirmed by the two pages' phrases, as {@code near-dups} confirms its joins
 * ({@code imatch.JoinRule}): an {@code imatch} label carries the signature and its example URL, not the example page's
 * phrase sample, so there is nothing to compare the page with. Without union-find the stream has none of the chained
 * clusters that the confirmation prevents; a small page that holds an expert page's lexicon terms can still raise one
 * alert.
 *
 * <p>As {@code MatchLabels}, the job runs it inside {@link HoldUntilLabelsLoaded}, which holds the pages that arrive
 * before this run's label snapshot has loaded (its marker seen on every labels partition, kept in {@link #SNAPSHOT}),
 * so that a page read before its label is not silently missed.
 */
public final class MatchNearDuplicates extends BroadcastProcessFunction<HashedPage, SourceRecord, Alert> {

    /** {@code <lexicon name>:<hex signature>} → the label's example URL and source, tab-separated. */
    public static final MapStateDescriptor<String, String> SIGNATURES =
            new MapStateDescriptor<>("imatch-labels", Types.STRING, Types.STRING);
    /** The snapshot markers of this operator's own copy of the labels stream ({@code marker:<partition>} → run, and ready). */
    public static final MapStateDescriptor<String, String> SNAPSHOT =
            new MapStateDescriptor<>("imatch-label-snapshot", Types.STRING, Types.STRING);

    private static final Logger LOG = LoggerFactory.getLogger(MatchNearDuplicates.class);

    private final DetectionSettings settings;
    private transient Lexicon lexicon;
    /** Per lexicon j, its name and the {@code <name>:} prefix of its keys in {@link #SIGNATURES}: made once, not per page. */
    private transient String[] names;

    private transient String[] keyPrefixes;
    private transient JobCounter alerts;

    public MatchNearDuplicates(DetectionSettings settings) {
        this.settings = settings;
    }

    /** Near-duplicate matching of every page, held until the run's label snapshot has loaded. */
    public static HoldUntilLabelsLoaded<Alert> heldUntilLabelsLoaded(DetectionSettings settings) {
        return new HoldUntilLabelsLoaded<>(
                new MatchNearDuplicates(settings),
                SNAPSHOT,
                "imatch-held-pages",
                settings); // the name of its checkpointed held pages
    }

    @Override
    public void open(OpenContext openContext) {
        lexicon = settings.lexicon();
        names = new String[lexicon.lexiconCount()];
        keyPrefixes = new String[names.length];
        for (int j = 0; j < names.length; j++) {
            names[j] = lexicon.lexiconName(j);
            keyPrefixes[j] = key(names[j], "");
        }
        alerts = JobCounter.register(getRuntimeContext(), Metrics.NEAR_DUPLICATE_ALERTS);
        // the lexicon id as a metric variable: dashboards show which lexicon version the job matches under
        int terms = lexicon.terms().size();
        getRuntimeContext()
                .getMetricGroup()
                .addGroup(Metrics.LEXICON_GROUP, lexicon.id())
                .gauge(Metrics.IMATCH_LEXICON_TERMS, () -> terms);
        if (getRuntimeContext().getTaskInfo().getIndexOfThisSubtask() == 0) {
            LOG.info(
                    "near-duplicate matching under lexicon {} ({} terms, {} lexicons)",
                    lexicon.id(),
                    terms,
                    lexicon.lexiconCount());
        }
    }

    @Override
    public void processElement(HashedPage page, ReadOnlyContext ctx, Collector<Alert> out) throws Exception {
        byte[] signatures = page.result(ImatchPageSignal.SIGNATURES);
        if (signatures == null || signatures.length == 0) {
            return;
        }
        match(page, signatures, ctx.getBroadcastState(SIGNATURES), out);
    }

    private void match(
            HashedPage page, byte[] signatures, ReadOnlyBroadcastState<String, String> labels, Collector<Alert> out)
            throws Exception {
        for (int j = 0; j < Math.min(Signatures.lexicons(signatures), names.length); j++) {
            if (!Signatures.has(signatures, j)) {
                continue;
            }
            String name = names[j];
            String hex = Signatures.hex(signatures, j);
            String match = labels.get(keyPrefixes[j] + hex);
            if (match != null) {
                int tab = match.indexOf('\t');
                String example = tab > 0 ? match.substring(0, tab) : null;
                if (example != null && Objects.equals(Sites.ofUrl(example), Sites.ofUrl(page.url()))) {
                    continue; // a site does not copy itself, as the other signals hold
                }
                String source = match.substring(tab + 1);
                alerts.inc();
                out.collect(Alert.nearDuplicate(
                        page.url(),
                        page.eventTime(),
                        name,
                        new Evidence(hex, Label.KIND_IMATCH, source.isEmpty() ? null : source, example)));
                return; // one alert per page: the first agreeing lexicon names the match
            }
        }
    }

    @Override
    public void processBroadcastElement(SourceRecord record, Context ctx, Collector<Alert> out) throws Exception {
        String value = record.value();
        if (SnapshotMarker.parse(value).isPresent()) {
            return; // kept by HoldUntilLabelsLoaded
        }
        Label label;
        try {
            label = LabelCodec.parse(value);
        } catch (IllegalArgumentException e) {
            return;
        }
        if (!Label.KIND_IMATCH.equals(label.kind())
                || label.text() == null
                || !label.text().startsWith(lexicon.id() + "#")) {
            return;
        }
        String key = key(label.text(), label.hash());
        if (Label.OP_REMOVE.equals(label.op())) {
            ctx.getBroadcastState(SIGNATURES).remove(key);
        } else {
            ctx.getBroadcastState(SIGNATURES)
                    .put(
                            key,
                            (label.exampleUrl() == null ? "" : label.exampleUrl()) + "\t"
                                    + (label.source() == null ? "" : label.source()));
        }
    }

    private static String key(String lexiconName, String hex) {
        return lexiconName + ":" + hex;
    }
}
