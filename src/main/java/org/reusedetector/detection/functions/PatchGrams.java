package org.reusedetector.detection.functions;

import java.time.Duration;
import java.util.Arrays;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.StateTtlConfig;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.reusedetector.model.QuiltBatch;
import org.reusedetector.shingle.QuiltStream;
import org.reusedetector.shingle.RecentGrams;

/**
 * The recent-gram index, keyed by shard, a map from gram to holder ids within: answers each of a page's grams with the
 * foreign pages that held it before when it is a patch gram ({@link QuiltStream#patchSources}; nothing otherwise), then
 * adds the page. Holders are 64-bit ids ({@link QuiltStream#holderId}) that
 * carry their site, so the answer needs no URL; a quilt's sources are named afterwards ({@link NameQuiltSources}).
 * Bounded by {@link QuiltStream}: sampled grams only, at most m holders a gram, and state TTL on every gram's entry.
 * Reads are answered from a heap copy of what this subtask wrote ({@link RecentGrams}, at most {@link
 * QuiltStream#cachedGrams} grams) where it can; every change is written to state.
 */
public final class PatchGrams extends KeyedProcessFunction<Integer, QuiltBatch, QuiltBatch> implements CheckpointedFunction {

    private static final long[] NO_GRAMS = new long[0];

    private final QuiltStream quilt;
    private transient MapState<Long, long[]> holders;
    /** The same holders in the heap, saving state reads (see {@link RecentGrams}); complete unless state was restored. */
    private transient RecentGrams recent;
    private transient boolean restored;

    public PatchGrams(QuiltStream quilt) {
        this.quilt = quilt;
    }

    @Override
    public void open(OpenContext openContext) {
        StateTtlConfig ttl = StateTtlConfig.newBuilder(Duration.ofMillis(quilt.ttlMillis()))
                .setUpdateType(StateTtlConfig.UpdateType.OnCreateAndWrite)
                .setStateVisibility(StateTtlConfig.StateVisibility.NeverReturnExpired)
                .build();
        MapStateDescriptor<Long, long[]> descriptor = new MapStateDescriptor<>("gram-holders", Types.LONG, TypeInformation.of(long[].class));
        descriptor.enableTimeToLive(ttl);
        holders = getRuntimeContext().getMapState(descriptor);
        recent = new RecentGrams(quilt.cachedGrams(), quilt.ttlMillis(), !restored);
    }

    @Override
    public void initializeState(FunctionInitializationContext context) {
        restored = context.isRestored();
    }

    @Override
    public void snapshotState(FunctionSnapshotContext context) {
        // the holders are in keyed state, written as they change; the heap copy is no state
    }

    @Override
    public void processElement(QuiltBatch batch, Context ctx, Collector<QuiltBatch> out) throws Exception {
        long[] grams = batch.grams();
        int[] counts = new int[grams.length];
        long[] answer = new long[16];
        int used = 0;
        long now = ctx.timerService().currentProcessingTime();
        for (int i = 0; i < grams.length; i++) {
            long[] known = recent.get(grams[i], now);
            if (known == null) {
                known = holders.get(grams[i]);
            } else if (known == RecentGrams.ABSENT) {
                known = null;
            }
            if (known != null) {
                long[] sources = quilt.patchSources(batch.page(), known);
                if (sources != null) {
                    if (used + sources.length > answer.length) {
                        answer = Arrays.copyOf(answer, Math.max(answer.length * 2, used + sources.length));
                    }
                    System.arraycopy(sources, 0, answer, used, sources.length);
                    used += sources.length;
                    counts[i] = sources.length;
                }
            }
            long[] after = quilt.addHolder(known, batch.page());
            if (after != known) {
                holders.put(grams[i], after);
                recent.put(grams[i], after, now);
            }
        }
        // the judge needs how many grams there were and the patch grams' foreign holders, not the grams
        out.collect(new QuiltBatch(batch.page(), batch.url(), batch.eventTime(), batch.shard(), batch.batches(), NO_GRAMS, counts, Arrays.copyOf(answer, used)));
    }
}
