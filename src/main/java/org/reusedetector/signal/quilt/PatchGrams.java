package org.reusedetector.signal.quilt;

import java.time.Duration;
import java.util.Arrays;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.StateTtlConfig;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.reusedetector.model.QuiltBatch;

/**
 * The recent-gram index, keyed by shard, a map from gram to holder ids within: answers each of a page's grams with the
 * foreign pages that held it before when it is a patch gram ({@link QuiltStream#patchSources}; nothing otherwise), then
 * adds the page. Holders are 64-bit ids ({@link QuiltStream#holderId}) that carry their site, so the answer needs no
 * URL; a quilt's sources are named afterwards ({@link NameQuiltSources}). Bounded by {@link QuiltStream}: sampled grams
 * only, at most m holders a gram, and state TTL on every gram's entry.
 *
 * <p>The holders live in a heap copy ({@link RecentGrams}, at most {@link QuiltStream#cachedGrams} grams a subtask) that
 * answers reads and is written behind to keyed state: each gram changed since the last checkpoint is written once,
 * before the checkpoint's barrier ({@link #prepareSnapshotPreBarrier}, as Flink's mini-batch operators do), at the end
 * of the input, and before the copy overflows. An operator rather than a process function for that reason: the flush
 * writes under every changed shard's key. A gram's TTL thus runs from its flush, up to one checkpoint interval after
 * its last change.
 */
public final class PatchGrams extends AbstractStreamOperator<QuiltBatch>
        implements OneInputStreamOperator<QuiltBatch, QuiltBatch> {

    private static final long[] NO_GRAMS = new long[0];

    private final QuiltStream quilt;
    private transient MapState<Long, long[]> holders;
    private transient RecentGrams recent;
    private transient boolean restored;
    /** What {@link RecentGrams#touch} read: kept so that its reads are not dropped as dead code. */
    private transient long touched;

    public PatchGrams(QuiltStream quilt) {
        this.quilt = quilt;
    }

    @Override
    public void initializeState(StateInitializationContext context) throws Exception {
        super.initializeState(context);
        restored = context.isRestored();
    }

    @Override
    public void open() throws Exception {
        super.open();
        StateTtlConfig ttl = StateTtlConfig.newBuilder(Duration.ofMillis(quilt.ttlMillis()))
                .setUpdateType(StateTtlConfig.UpdateType.OnCreateAndWrite)
                .setStateVisibility(StateTtlConfig.StateVisibility.NeverReturnExpired)
                .build();
        MapStateDescriptor<Long, long[]> descriptor =
                new MapStateDescriptor<>("gram-holders", Types.LONG, TypeInformation.of(long[].class));
        descriptor.enableTimeToLive(ttl);
        holders = getRuntimeContext().getMapState(descriptor);
        // complete unless state was restored: then a gram the copy lacks is new
        recent = new RecentGrams(quilt.cachedGrams(), quilt.ttlMillis(), !restored);
    }

    @Override
    public void processElement(StreamRecord<QuiltBatch> element) throws Exception {
        QuiltBatch batch = element.getValue();
        int key = (Integer) getCurrentKey();
        long now = getProcessingTimeService().getCurrentProcessingTime();
        long[] grams = batch.grams();
        int[] counts = new int[grams.length];
        long[] answer = new long[16];
        int used = 0;
        touched += recent.touch(grams);
        long[] alone = {batch.page()}; // the holders of every gram new to the index (never changed in place)
        for (int i = 0; i < grams.length; i++) {
            long gram = grams[i];
            int slot = recent.locate(gram); // one lookup for the read and the write
            long[] known = recent.holdersAt(slot, now);
            if (known == null) {
                known = holders.get(gram);
            } else if (known == RecentGrams.ABSENT) {
                known = null;
            }
            if (known != null) {
                if (used + known.length > answer.length) {
                    answer = Arrays.copyOf(answer, Math.max(answer.length * 2, used + known.length));
                }
                int sources = quilt.patchSourcesInto(batch.page(), known, answer, used);
                used += sources;
                counts[i] = sources;
            }
            long[] after = known == null ? alone : quilt.addHolder(known, batch.page());
            if (after != known) {
                if (recent.fullAt(slot)) {
                    flush();
                    recent.forgetAll();
                    slot = recent.locate(gram);
                }
                recent.putAt(slot, gram, after, now, key);
            }
        }
        // the judge needs how many grams there were and the patch grams' foreign holders, not the grams
        output.collect(element.replace(new QuiltBatch(
                batch.page(),
                batch.url(),
                batch.eventTime(),
                batch.shard(),
                batch.batches(),
                NO_GRAMS,
                counts,
                Arrays.copyOf(answer, used))));
    }

    @Override
    public void prepareSnapshotPreBarrier(long checkpointId) throws Exception {
        super.prepareSnapshotPreBarrier(checkpointId);
        flush();
    }

    @Override
    public void finish() throws Exception {
        flush();
        super.finish();
    }

    /** Writes the grams changed since the last flush to state, each under its shard's key. */
    private void flush() throws Exception {
        if (recent == null || recent.changed() == 0) {
            return;
        }
        Object current = getCurrentKey();
        int[] at = {Integer.MIN_VALUE};
        recent.flush((key, gram, gramHolders) -> {
            if (key != at[0]) {
                setCurrentKey(key);
                at[0] = key;
            }
            holders.put(gram, gramHolders);
        });
        if (current != null) {
            setCurrentKey(current);
        }
    }
}
