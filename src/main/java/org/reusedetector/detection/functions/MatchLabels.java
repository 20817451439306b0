package org.reusedetector.detection.functions;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ReadOnlyBroadcastState;
import org.apache.flink.metrics.Counter;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.functions.co.BroadcastProcessFunction;
import org.apache.flink.util.Collector;
import org.reusedetector.detection.DeadLetters;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.JobCounter;
import org.reusedetector.detection.Metrics;
import org.reusedetector.format.Json;
import org.reusedetector.format.LabelCodec;
import org.reusedetector.format.SnapshotMarker;
import org.reusedetector.labels.LabelIndex;
import org.reusedetector.model.CopyMark;
import org.reusedetector.model.DeadLetter;
import org.reusedetector.model.DeadLetterReason;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.Label;
import org.reusedetector.model.PageScore;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.score.PageScorer;
import org.reusedetector.url.InvalidUrlException;
import org.reusedetector.url.NormalizedUrl;

/**
 * Matches every page against the labelled set held in broadcast state, and keeps that set current from
 * the labels stream. The job runs it inside {@link HoldUntilLabelsLoaded}, which holds the pages that arrive before
 * the label snapshot of this run is complete (a marker seen on every labels partition) and keeps the markers.
 *
 * <p>A page whose URL is a crawler recursion error (paper §4.4.1) is not scored but dead-lettered
 * ({@code crawler-recursion}): a loop serves one page under ever longer URLs, and its copies would count as
 * reuse. The check sits here, where every scored page passes, whether parsed by the job or read from a hash
 * index (which keeps such pages, so that the rule can change without indexing again).
 */
public final class MatchLabels extends BroadcastProcessFunction<HashedPage, SourceRecord, PageScore>
        implements CheckpointedFunction {

    private final DetectionSettings settings;
    private transient PageScorer scorer;
    /** Read view of the label buckets (see {@link BroadcastLabelStore}); built when state is initialised. */
    private transient byte[][] bucketView;

    private transient JobCounter scored;
    private transient JobCounter deadLetters;
    private transient Counter labelUpdates;
    private transient Counter invalidLabels;

    public MatchLabels(DetectionSettings settings) {
        this.settings = settings;
    }

    @Override
    public void open(OpenContext openContext) {
        scorer = settings.pageScorer();
        var group = getRuntimeContext().getMetricGroup();
        scored = JobCounter.register(getRuntimeContext(), Metrics.PAGES_SCORED);
        deadLetters = JobCounter.register(getRuntimeContext(), Metrics.DEAD_LETTERS);
        labelUpdates = group.counter(Metrics.LABEL_UPDATES); // per parallel instance: each sees every label
        invalidLabels = group.counter(Metrics.LABELS_INVALID); // per parallel instance: each sees every label
    }

    @Override
    public void initializeState(FunctionInitializationContext context) throws Exception {
        var store = context.getOperatorStateStore();
        bucketView = BroadcastLabelStore.view(
                store.getBroadcastState(LabelState.BUCKETS).entries());
    }

    @Override
    public void snapshotState(FunctionSnapshotContext context) {
        // labels are broadcast state: nothing to copy
    }

    @Override
    public void processElement(HashedPage page, ReadOnlyContext ctx, Collector<PageScore> out) throws Exception {
        Optional<DeadLetter> recursion = recursionDeadLetter(settings, page);
        if (recursion.isPresent()) {
            deadLetters.inc();
            ctx.output(DeadLetters.TAG, recursion.get());
            return;
        }
        out.collect(score(
                page,
                ctx.getBroadcastState(LabelState.BUCKETS),
                ctx.getBroadcastState(LabelState.ORIGINS),
                ctx.getBroadcastState(LabelState.ORIGIN_IDS)));
    }

    @Override
    public void processBroadcastElement(SourceRecord record, Context ctx, Collector<PageScore> out) throws Exception {
        String value = record.value();
        if (SnapshotMarker.parse(value).isPresent()) {
            return; // kept by HoldUntilLabelsLoaded; not a label
        }
        Label label;
        try {
            label = LabelCodec.parse(value);
        } catch (IllegalArgumentException e) {
            invalidLabels.inc();
            // every parallel instance sees every label; one of them reports it
            if (getRuntimeContext().getTaskInfo().getIndexOfThisSubtask() == 0) {
                ctx.output(
                        DeadLetters.TAG,
                        DeadLetters.of(
                                DeadLetterReason.INVALID_LABEL,
                                e.getMessage(),
                                record,
                                settings.deadLetterMaxOriginalChars()));
            }
            return;
        }
        if (Label.KIND_IMATCH.equals(label.kind()) || Label.KIND_SHINGLE.equals(label.kind())) {
            return; // signatures and sketches are matched by MatchNearDuplicates and MatchNearCopies, not scored as
            // chunks
        }
        labelIndex(ctx).apply(label);
        labelUpdates.inc();
    }

    /** The dead letter of a page whose URL is a crawler recursion error, or empty: the page is scored. */
    static Optional<DeadLetter> recursionDeadLetter(DetectionSettings settings, HashedPage page) throws Exception {
        Optional<String> recursion = recursion(settings, page.url());
        if (recursion.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(DeadLetters.of(
                DeadLetterReason.CRAWLER_RECURSION,
                recursionError(recursion.get(), page.url()),
                asRecord(page),
                settings.deadLetterMaxOriginalChars()));
    }

    static String recursionError(String explanation, String url) {
        return "crawler recursion error (" + explanation + "): " + url;
    }

    static Optional<String> recursion(DetectionSettings settings, String url) {
        try {
            return settings.recursionRule().explain(NormalizedUrl.parse(url, settings.ignoredParameters()));
        } catch (InvalidUrlException e) {
            return Optional.empty(); // validated when parsed; a URL that still fails has no path to repeat
        }
    }

    /** The raw record is gone once a page is hashed: the dead letter keeps its URL and fetch time. */
    static SourceRecord asRecord(HashedPage page) throws Exception {
        Map<String, Object> original = new LinkedHashMap<>();
        original.put("url", page.url());
        original.put("fetched_at", Instant.ofEpochMilli(page.eventTime()).toString());
        return new SourceRecord(Json.MAPPER.writeValueAsString(original), page.url());
    }

    private PageScore score(
            HashedPage page,
            ReadOnlyBroadcastState<Integer, byte[]> buckets,
            ReadOnlyBroadcastState<Integer, String> origins,
            ReadOnlyBroadcastState<String, Integer> originIds) {
        scored.inc();
        PageScore score =
                scorer.score(page, new LabelIndex(new BroadcastLabelStore(buckets, origins, originIds, bucketView)));
        return PageScorer.withNearCopy(score, page.result(CopyMark.KEY)); // marked by a signal such as near-copy
    }

    private LabelIndex labelIndex(Context ctx) {
        return new LabelIndex(new BroadcastLabelStore(
                ctx.getBroadcastState(LabelState.BUCKETS),
                ctx.getBroadcastState(LabelState.ORIGINS),
                ctx.getBroadcastState(LabelState.ORIGIN_IDS),
                bucketView));
    }
}
