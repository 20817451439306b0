package org.reusedetector.signal.quilt;

import java.time.Duration;
import java.util.Arrays;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.StateTtlConfig;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.reusedetector.detection.ProcessingSpan;
import org.reusedetector.model.QuiltBatch;
import org.reusedetector.model.QuiltName;
import org.reusedetector.state.VersionedStateSerializer;

/**
 * Keyed by page (holder id): gathers the index's answers for all of a page's shards and judges the page by Najork's
 * rule ({@link QuiltStream#judgePatches}). A quilt's counted sources leave as one {@link QuiltName} request each, to be
 * named by {@link NameQuiltSources} and gathered into the alert by {@link QuiltAlerts}. The answers gathered so far are
 * one record in one value state (one read and one write an answer); a page whose answers are not all in within {@link
 * #GIVE_UP_MILLIS} (processing time) is forgotten by that state's TTL, so no state outlives it and no timer is kept.
 */
public final class JudgeQuilts extends KeyedProcessFunction<Long, QuiltBatch, QuiltName> {

    static final long GIVE_UP_MILLIS = 10 * 60_000L;

    private static final long[] NONE = new long[0];

    private final QuiltStream quilt;
    private transient ValueState<QuiltBatch> gathered;
    private transient ProcessingSpan.End span;

    public JudgeQuilts(QuiltStream quilt) {
        this.quilt = quilt;
    }

    @Override
    public void open(OpenContext openContext) {
        ValueStateDescriptor<QuiltBatch> descriptor = new ValueStateDescriptor<>(
                "quilt-gathered",
                new VersionedStateSerializer<>(new QuiltBatchFormat())); // not "quilt-answers": that was a list state
        descriptor.enableTimeToLive(StateTtlConfig.newBuilder(Duration.ofMillis(GIVE_UP_MILLIS))
                .setUpdateType(StateTtlConfig.UpdateType.OnCreateAndWrite)
                .setStateVisibility(StateTtlConfig.StateVisibility.NeverReturnExpired)
                .build());
        gathered = getRuntimeContext().getState(descriptor);
        span = ProcessingSpan.end(getRuntimeContext());
    }

    @Override
    public void processElement(QuiltBatch answer, Context ctx, Collector<QuiltName> out) throws Exception {
        span.mark();
        QuiltBatch all = answer;
        if (answer.batches() > 1) {
            QuiltBatch before = gathered.value();
            all = before == null
                    ? new QuiltBatch(
                            answer.page(),
                            answer.url(),
                            answer.eventTime(),
                            1,
                            answer.batches(),
                            NONE,
                            answer.holderCounts(),
                            answer.holders())
                    : merged(before, answer);
            if (all.shard() < all.batches()) {
                gathered.update(all);
                return;
            }
            gathered.clear();
        }
        QuiltStream.Verdict verdict = quilt.judgePatches(all.holderCounts().length, all.holderCounts(), all.holders());
        if (verdict != null) {
            long[] sources = verdict.sources();
            for (int i = 0; i < sources.length; i++) {
                out.collect(new QuiltName(
                        sources[i], "", all.url(), answer.eventTime(), i, sources.length, verdict.coveredFraction()));
            }
        }
    }

    /** The answers gathered so far and one more: counts and holders appended, the page's URL kept. */
    private static QuiltBatch merged(QuiltBatch gathered, QuiltBatch answer) {
        int[] counts =
                Arrays.copyOf(gathered.holderCounts(), gathered.holderCounts().length + answer.holderCounts().length);
        System.arraycopy(
                answer.holderCounts(), 0, counts, gathered.holderCounts().length, answer.holderCounts().length);
        long[] holders = Arrays.copyOf(gathered.holders(), gathered.holders().length + answer.holders().length);
        System.arraycopy(answer.holders(), 0, holders, gathered.holders().length, answer.holders().length);
        String url = gathered.url().isEmpty() ? answer.url() : gathered.url();
        return new QuiltBatch(
                gathered.page(),
                url,
                gathered.eventTime(),
                gathered.shard() + 1,
                gathered.batches(),
                NONE,
                counts,
                holders);
    }
}
