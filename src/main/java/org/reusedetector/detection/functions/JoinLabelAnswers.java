package org.reusedetector.detection.functions;

import java.util.List;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ReadOnlyBroadcastState;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.metrics.Counter;
import org.apache.flink.streaming.api.TimeDomain;
import org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import org.apache.flink.util.Collector;
import org.reusedetector.detection.DeadLetters;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.JobCounter;
import org.reusedetector.detection.Metrics;
import org.reusedetector.labels.keyed.AnsweredLabels;
import org.reusedetector.labels.keyed.PageLabels;
import org.reusedetector.model.CopyMark;
import org.reusedetector.model.DeadLetterReason;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.JoinedPage;
import org.reusedetector.model.KeyedMatch;
import org.reusedetector.model.LabelAnswer;
import org.reusedetector.model.PageScore;
import org.reusedetector.model.RememberedPage;
import org.reusedetector.model.SourceTotals;
import org.reusedetector.score.PageRule;
import org.reusedetector.score.PageScorer;
import org.reusedetector.state.VersionedStateSerializer;

/**
 * Keyed label mode: joins each page with its label partitions' answers, keyed by the page's join id, and scores it
 * ({@link AnsweredLabels}: the page scorer of the broadcast mode, on the labels the answers name). The coverage totals
 * per source and the run whose snapshot every partition has loaded come as broadcast ({@link SumSourceCounts}); a page
 * complete before that waits, so that its sources' totals are those of the whole snapshot, as in broadcast mode.
 *
 * <p>State per page lives until the page is scored. A page complete before the snapshot is in everywhere waits as one
 * value (page and answers), since the release reaches the waiting pages through one state. A timer bounds it: a page still incomplete
 * {@code labels.keyed.join-timeout} after it arrived, with the snapshot loaded, is a dead letter
 * ({@code label-join-timeout}) and its state is dropped; before the snapshot has loaded, the timer only starts again,
 * since every page waits for it.
 *
 * <p>With re-scores on ({@code labels.keyed.rescore.retention}), a scored page stays, without what scoring does not
 * read, with its labels as they stand ({@link RememberedPage}), until the watermark passes its fetch time by the
 * retention (an event-time timer). A label change of one of its hashes ({@link KeyedMatch#update}, from the partition
 * that answered for the hash, after its answer) re-scores it: the new score goes down the same path as the first, with
 * the same fetch time, so {@code url-contributions} replaces the page's contribution and {@code page-alerts} raises its
 * alert again, or {@code cleared} when an alert it raised no longer holds. A change that arrives before the page is
 * complete waits with its answers and is applied after them ({@link PageLabels#fold}); one for a page no longer held is
 * dropped.
 */
public final class JoinLabelAnswers extends KeyedBroadcastProcessFunction<Long, KeyedMatch, SourceTotals, PageScore> {

    private static final long serialVersionUID = 1L;

    /** Chunk labels per coverage source, over all partitions. */
    public static final MapStateDescriptor<String, Long> TOTALS =
            new MapStateDescriptor<>("keyed-label-source-totals", Types.STRING, Types.LONG);
    /** {@code ready} → the run whose snapshot every partition has loaded. */
    public static final MapStateDescriptor<String, String> READY =
            new MapStateDescriptor<>("keyed-label-ready", Types.STRING, Types.STRING);

    private static final String READY_KEY = "ready";

    private final DetectionSettings settings;
    private final String run;
    private final long timeoutMillis;
    private final long retentionMillis;
    private final PageRule rule;

    private transient ValueState<KeyedMatch> page;
    private transient ValueStateDescriptor<JoinedPage> joinedDescriptor;
    private transient ValueState<JoinedPage> joined;
    private transient ListState<LabelAnswer> answers;
    private transient ValueState<Integer> received;
    private transient ValueState<Long> deadline;
    private transient ListState<LabelAnswer> changes;
    private transient ValueState<RememberedPage> remembered;
    private transient Counter rescored;
    private transient PageScorer scorer;
    private transient AnsweredLabels labels;
    private transient JobCounter scored;
    private transient JobCounter deadLetters;
    private transient Counter timeouts;

    public JoinLabelAnswers(DetectionSettings settings) {
        this.settings = settings;
        this.run = settings.labelSnapshotRun();
        this.timeoutMillis = settings.keyedLabels().joinTimeoutMillis();
        this.retentionMillis = settings.keyedLabels().rescoreRetentionMillis();
        this.rule = settings.pageRule();
    }

    @Override
    public void open(OpenContext openContext) {
        var context = getRuntimeContext();
        page = context.getState(
                new ValueStateDescriptor<>("keyed-join-page", new VersionedStateSerializer<>(new KeyedMatchFormat())));
        joinedDescriptor = new ValueStateDescriptor<>(
                "keyed-join-complete", new VersionedStateSerializer<>(new JoinedPageFormat()));
        joined = context.getState(joinedDescriptor);
        answers = context.getListState(new ListStateDescriptor<>(
                "keyed-join-answers", new VersionedStateSerializer<>(new LabelAnswerFormat())));
        received = context.getState(new ValueStateDescriptor<>("keyed-join-received", Types.INT));
        deadline = context.getState(new ValueStateDescriptor<>("keyed-join-deadline", Types.LONG));
        changes = context.getListState(new ListStateDescriptor<>(
                "keyed-join-changes", new VersionedStateSerializer<>(new LabelAnswerFormat())));
        remembered = context.getState(new ValueStateDescriptor<>(
                "keyed-join-remembered", new VersionedStateSerializer<>(new RememberedPageFormat())));
        rescored = context.getMetricGroup().counter(Metrics.PAGES_RESCORED);
        scorer = settings.pageScorer();
        labels = new AnsweredLabels();
        scored = JobCounter.register(context, Metrics.PAGES_SCORED);
        deadLetters = JobCounter.register(context, Metrics.DEAD_LETTERS);
        timeouts = context.getMetricGroup().counter(Metrics.LABEL_JOIN_TIMEOUTS);
    }

    @Override
    public void processElement(KeyedMatch match, ReadOnlyContext ctx, Collector<PageScore> out) throws Exception {
        if (match.isUpdate()) {
            onChange(match, ctx, out);
            return;
        }
        if (match.hashed() != null) {
            page.update(match);
            if (retentionMillis > 0) {
                // set here, where the key's timer service is at hand: the page may be scored in the broadcast release
                ctx.timerService().registerEventTimeTimer(match.hashed().eventTime() + retentionMillis);
            }
        } else {
            answers.add(match.answer());
            Integer before = received.value();
            received.update(before == null ? 1 : before + 1);
        }
        if (deadline.value() == null) {
            long at = ctx.timerService().currentProcessingTime() + timeoutMillis;
            ctx.timerService().registerProcessingTimeTimer(at);
            deadline.update(at);
        }
        if (!complete()) {
            return;
        }
        HashedPage hashed = page.value().hashed();
        LabelAnswer labelsNow = PageLabels.fold(hashed, ctx.getCurrentKey(), answers.get(), changes.get());
        if (ready(ctx.getBroadcastState(READY))) {
            PageScore score = score(hashed, List.of(labelsNow), ctx.getBroadcastState(TOTALS));
            out.collect(score);
            remember(hashed, labelsNow, score, ctx.currentWatermark());
        } else {
            // one value, so that the release (which sees one state per key) finds page and answers together
            joined.update(new JoinedPage(hashed, new LabelAnswer[] {labelsNow}));
        }
        clear();
        ctx.timerService().deleteProcessingTimeTimer(deadline.value());
        deadline.clear();
    }

    @Override
    public void processBroadcastElement(SourceTotals totals, Context ctx, Collector<PageScore> out) throws Exception {
        var state = ctx.getBroadcastState(TOTALS);
        for (int i = 0; i < totals.sources().length; i++) {
            if (totals.totals()[i] <= 0) {
                state.remove(totals.sources()[i]);
            } else {
                state.put(totals.sources()[i], totals.totals()[i]);
            }
        }
        var ready = ctx.getBroadcastState(READY);
        if (totals.loadedRun() == null || totals.loadedRun().equals(ready.get(READY_KEY))) {
            return;
        }
        ready.put(READY_KEY, totals.loadedRun());
        if (!ready(ready)) {
            return;
        }
        // the pages complete before every partition had the snapshot
        ctx.applyToKeyedState(joinedDescriptor, (id, complete) -> {
            JoinedPage waiting = complete.value();
            if (waiting != null) {
                PageScore score = score(waiting.page(), List.of(waiting.answers()), state);
                out.collect(score);
                // the backend is at this key while its state is applied to, so the key's other state is this page's
                remember(
                        waiting.page(),
                        PageLabels.fold(waiting.page(), id, List.of(waiting.answers()), List.of()),
                        score,
                        ctx.currentWatermark());
                complete.clear();
            }
        });
    }

    @Override
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<PageScore> out) throws Exception {
        if (ctx.timeDomain() == TimeDomain.EVENT_TIME) {
            remembered.clear(); // the page has left the re-score window
            return;
        }
        Long due = deadline.value();
        if (due == null || due != timestamp) {
            return;
        }
        if (!ready(ctx.getBroadcastState(READY))) {
            long at = timestamp + timeoutMillis; // every page waits for the snapshot: the timeout counts from then
            ctx.timerService().registerProcessingTimeTimer(at);
            deadline.update(at);
            return;
        }
        // still incomplete (a complete page left this state when its last answer came)
        KeyedMatch waiting = page.value();
        timeouts.inc();
        if (waiting != null) {
            deadLetters.inc();
            Integer got = received.value();
            ctx.output(
                    DeadLetters.TAG,
                    DeadLetters.of(
                            DeadLetterReason.LABEL_JOIN_TIMEOUT,
                            (got == null ? 0 : got) + " of " + waiting.expected()
                                    + " label partitions answered in time",
                            MatchLabels.asRecord(waiting.hashed()),
                            settings.deadLetterMaxOriginalChars()));
        }
        clear();
        deadline.clear();
    }

    private boolean complete() throws Exception {
        KeyedMatch waiting = page.value();
        Integer got = received.value();
        return waiting != null && (got == null ? 0 : got) >= waiting.expected();
    }

    private boolean ready(ReadOnlyBroadcastState<String, String> ready) throws Exception {
        return run == null || run.equals(ready.get(READY_KEY));
    }

    /**
     * A label of one of the page's hashes changed after its partition answered: applied to the remembered page (and
     * the page re-scored), to a page waiting for the snapshot, or kept with the answers of a page not yet complete.
     */
    private void onChange(KeyedMatch match, ReadOnlyContext ctx, Collector<PageScore> out) throws Exception {
        LabelAnswer change = match.answer();
        RememberedPage held = remembered.value();
        if (held != null) {
            LabelAnswer labelsNow = PageLabels.fold(held.page(), match.page(), List.of(held.labels()), List.of(change));
            if (PageLabels.same(labelsNow, held.labels())) {
                return;
            }
            PageScore score = scoreOnly(held.page(), List.of(labelsNow), ctx.getBroadcastState(TOTALS));
            boolean alerts = rule.alerts(score);
            rescored.inc();
            out.collect(score.withClearsAlert(held.alerted() && !alerts));
            remembered.update(new RememberedPage(held.page(), labelsNow, alerts));
            return;
        }
        JoinedPage waiting = joined.value();
        if (waiting != null) {
            joined.update(new JoinedPage(waiting.page(), new LabelAnswer[] {
                PageLabels.fold(waiting.page(), match.page(), List.of(waiting.answers()), List.of(change))
            }));
            return;
        }
        if (page.value() != null || received.value() != null) {
            changes.add(change); // after the answer it changes: applied when the page is complete
        }
        // else the page has left the window, or timed out: nothing to change
    }

    /** Keeps a scored page for re-scores while the watermark has not passed its fetch time by the retention. */
    private void remember(HashedPage hashed, LabelAnswer labelsNow, PageScore score, long watermark) throws Exception {
        if (retentionMillis <= 0 || watermark >= hashed.eventTime() + retentionMillis) {
            return;
        }
        // what scoring reads: not the signals' results, but the copy mark the score reads
        HashedPage kept = new HashedPage(
                hashed.url(),
                hashed.eventTime(),
                hashed.fileHash(),
                hashed.chunkHashes(),
                hashed.chunkLengths(),
                hashed.bodyBytes());
        CopyMark mark = hashed.result(CopyMark.KEY);
        if (mark != null) {
            kept = kept.with(CopyMark.KEY, mark);
        }
        remembered.update(new RememberedPage(kept, labelsNow, rule.alerts(score)));
    }

    private PageScore score(HashedPage hashed, Iterable<LabelAnswer> all, ReadOnlyBroadcastState<String, Long> totals) {
        scored.inc();
        return scoreOnly(hashed, all, totals);
    }

    private PageScore scoreOnly(
            HashedPage hashed, Iterable<LabelAnswer> all, ReadOnlyBroadcastState<String, Long> totals) {
        PageScore score = scorer.score(hashed, labels.forPage(hashed, all, source -> {
            try {
                Long total = totals.get(source);
                return total == null ? 0 : total;
            } catch (Exception e) {
                throw new IllegalStateException("label totals unreadable", e);
            }
        }));
        return PageScorer.withNearCopy(score, hashed.result(CopyMark.KEY));
    }

    private void clear() {
        page.clear();
        answers.clear();
        received.clear();
        changes.clear();
    }
}
