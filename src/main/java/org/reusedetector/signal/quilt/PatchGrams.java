package org.reusedetector.signal.quilt;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.StateTtlConfig;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.runtime.state.VoidNamespace;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.reusedetector.state.VersionedStateSerializer;

/**
 * The recent-gram index, keyed by shard, a map from gram to holder ids within: answers each of a page's grams with the
 * foreign pages that held it before when it is a patch gram ({@link QuiltStream#patchSources}; nothing otherwise), then
 * adds the page. Holders are 64-bit ids ({@link QuiltStream#holderId}) that carry their site, so the answer needs no
 * URL; a quilt's sources are named afterwards ({@link NameQuiltSources}). Bounded by {@link QuiltStream}: sampled grams
 * only, at most m holders a gram, and a TTL on every gram's entry.
 *
 * <p><b>In event time.</b> "Before" is fetch time, not arrival: a page's records wait in the heap until the watermark
 * passes their fetch time, and then the records of all pages due are taken in {@link #CANONICAL_ORDER} (fetch time,
 * then page id, shard and grams), so the index answers a page with exactly the pages fetched before it, whichever task
 * got there first. A gram's entry carries the fetch time of its last update, and ages against the fetch time of the
 * page it answers ({@code shingles.quilt.ttl}), not the wall clock. A page later than the watermark is taken on
 * arrival, outside that guarantee. The waiting records are written to keyed state ({@code quilt-pending}, one list per
 * shard) only before a checkpoint's barrier, not per record.
 *
 * <p>The holders live in a heap copy ({@link RecentGrams}, at most {@link QuiltStream#cachedGrams} grams a subtask) that
 * answers reads and is written behind to keyed state: each gram changed since the last checkpoint is written once,
 * before the checkpoint's barrier ({@link #prepareSnapshotPreBarrier}, as Flink's mini-batch operators do), at the end
 * of the input, and before the copy overflows. An operator rather than a process function for that reason: the flush
 * writes under every changed shard's key. The state's own TTL (processing time, twice the index's TTL) only bounds
 * its size: an entry is answered by its event-time age.
 */
public final class PatchGrams extends AbstractStreamOperator<QuiltBatch>
        implements OneInputStreamOperator<QuiltBatch, QuiltBatch> {

    /** The order in which the records due at a watermark are taken: a function of what they say only. */
    static final Comparator<QuiltBatch> CANONICAL_ORDER = Comparator.comparingLong(QuiltBatch::eventTime)
            .thenComparingLong(QuiltBatch::page)
            .thenComparingInt(QuiltBatch::shard)
            .thenComparing(QuiltBatch::grams, Arrays::compare);

    /** Name of the keyed list state of the records waiting for the watermark (one list per shard key). */
    static final String PENDING = "quilt-pending";

    private static final long[] NO_GRAMS = new long[0];
    /** Grams written to state in one batch by {@link #flush}. */
    private static final int WRITE_BATCH = 4096;

    private final QuiltStream quilt;
    /** Per gram, the event time of its last update followed by its holders. */
    private transient MapState<Long, long[]> holders;
    /** The version before's entries (holders only, processing-time TTL): read on a miss after a restore. */
    private transient MapState<Long, long[]> holdersBefore;

    private transient ListState<QuiltBatch> pendingState;
    private transient RecentGrams recent;
    private transient boolean restored;
    /** Records waiting for the watermark, in arrival order. */
    private transient List<QuiltBatch> pending;
    /** Shard keys whose list in {@link #pendingState} is not empty. */
    private transient Set<Integer> pendingKeys;

    private transient long watermark;
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
        // a bound on the state's size only: whether an entry answers is decided by its event-time age
        StateTtlConfig ttl = StateTtlConfig.newBuilder(Duration.ofMillis(2 * quilt.ttlMillis()))
                .setUpdateType(StateTtlConfig.UpdateType.OnCreateAndWrite)
                .setStateVisibility(StateTtlConfig.StateVisibility.NeverReturnExpired)
                .build();
        MapStateDescriptor<Long, long[]> descriptor =
                new MapStateDescriptor<>("gram-holders-at", Types.LONG, TypeInformation.of(long[].class));
        descriptor.enableTimeToLive(ttl);
        holders = getRuntimeContext().getMapState(descriptor);
        MapStateDescriptor<Long, long[]> before =
                new MapStateDescriptor<>("gram-holders", Types.LONG, TypeInformation.of(long[].class));
        before.enableTimeToLive(StateTtlConfig.newBuilder(Duration.ofMillis(quilt.ttlMillis()))
                .setUpdateType(StateTtlConfig.UpdateType.OnCreateAndWrite)
                .setStateVisibility(StateTtlConfig.StateVisibility.NeverReturnExpired)
                .build());
        holdersBefore = getRuntimeContext().getMapState(before);
        pendingState = getRuntimeContext()
                .getListState(
                        new ListStateDescriptor<>(PENDING, new VersionedStateSerializer<>(new QuiltBatchFormat())));
        // complete unless state was restored: then a gram the copy lacks is new
        recent = new RecentGrams(quilt.cachedGrams(), quilt.ttlMillis(), !restored);
        pending = new ArrayList<>();
        pendingKeys = new HashSet<>();
        watermark = Long.MIN_VALUE;
        if (restored) {
            List<Integer> keys;
            try (Stream<Integer> stored =
                    this.<Integer>getKeyedStateBackend().getKeys(PENDING, VoidNamespace.INSTANCE)) {
                keys = stored.collect(Collectors.toList());
            }
            for (Integer key : keys) {
                setCurrentKey(key);
                Iterable<QuiltBatch> waiting = pendingState.get();
                if (waiting != null) {
                    waiting.forEach(pending::add);
                    pendingKeys.add(key);
                }
            }
        }
    }

    @Override
    public void processElement(StreamRecord<QuiltBatch> element) throws Exception {
        QuiltBatch batch = element.getValue();
        if (batch.eventTime() > watermark) {
            pending.add(batch);
        } else {
            answer(batch); // later than the watermark: on arrival
        }
    }

    @Override
    public void processWatermark(Watermark mark) throws Exception {
        watermark = Math.max(watermark, mark.getTimestamp());
        takeDue(watermark);
        super.processWatermark(mark);
    }

    /** Answers the waiting records of fetch time up to {@code time}, in canonical order. */
    private void takeDue(long time) throws Exception {
        if (pending.isEmpty()) {
            return;
        }
        List<QuiltBatch> due = new ArrayList<>();
        List<QuiltBatch> rest = new ArrayList<>();
        for (QuiltBatch batch : pending) {
            (batch.eventTime() <= time ? due : rest).add(batch);
        }
        if (due.isEmpty()) {
            return;
        }
        pending = rest;
        due.sort(CANONICAL_ORDER);
        for (QuiltBatch batch : due) {
            setCurrentKey(batch.shard());
            answer(batch);
        }
    }

    /** Answers the batch's grams from the index (under the current key, its shard) and adds its page. */
    private void answer(QuiltBatch batch) throws Exception {
        int key = batch.shard();
        long now = Math.max(0L, batch.eventTime());
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
                known = stored(gram, now);
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
        output.collect(new StreamRecord<>(
                new QuiltBatch(
                        batch.page(),
                        batch.url(),
                        batch.eventTime(),
                        batch.shard(),
                        batch.batches(),
                        NO_GRAMS,
                        counts,
                        Arrays.copyOf(answer, used)),
                batch.eventTime()));
    }

    /** The gram's holders in state at event time {@code now}, or {@code null} when it has none that are alive then. */
    private long[] stored(long gram, long now) throws Exception {
        long[] entry = holders.get(gram);
        if (entry != null) {
            return now - entry[0] >= quilt.ttlMillis() ? null : Arrays.copyOfRange(entry, 1, entry.length);
        }
        // the version before kept no time: its entries are taken as alive until the state's TTL removes them
        return restored ? holdersBefore.get(gram) : null;
    }

    @Override
    public void prepareSnapshotPreBarrier(long checkpointId) throws Exception {
        super.prepareSnapshotPreBarrier(checkpointId);
        flush();
        writePending();
    }

    @Override
    public void finish() throws Exception {
        takeDue(Long.MAX_VALUE);
        flush();
        super.finish();
    }

    /** Writes the waiting records to state, one list per shard key, and clears the lists of keys with none left. */
    private void writePending() throws Exception {
        if (pending.isEmpty() && pendingKeys.isEmpty()) {
            return;
        }
        Object current = getCurrentKey();
        Set<Integer> keys = new HashSet<>();
        for (QuiltBatch batch : pending) {
            keys.add(batch.shard());
        }
        for (Integer key : keys) {
            List<QuiltBatch> of = new ArrayList<>();
            for (QuiltBatch batch : pending) {
                if (batch.shard() == key) {
                    of.add(batch);
                }
            }
            setCurrentKey(key);
            pendingState.update(of);
        }
        for (Integer key : pendingKeys) {
            if (!keys.contains(key)) {
                setCurrentKey(key);
                pendingState.clear();
            }
        }
        pendingKeys = keys;
        if (current != null) {
            setCurrentKey(current);
        }
    }

    /**
     * Writes the grams changed since the last flush to state, each under its shard's key, with its time: gathered per
     * key and written {@link #WRITE_BATCH} at a time with {@code putAll}, which RocksDB takes as one write batch (one
     * JNI call and one write-group entry for the lot instead of one per gram).
     */
    private void flush() throws Exception {
        if (recent == null || recent.changed() == 0) {
            return;
        }
        Object current = getCurrentKey();
        Map<Integer, Map<Long, long[]>> byKey = new HashMap<>();
        recent.flush((key, gram, gramHolders, time) -> {
            Map<Long, long[]> batch = byKey.computeIfAbsent(key, k -> new HashMap<>());
            long[] entry = new long[gramHolders.length + 1];
            entry[0] = time;
            System.arraycopy(gramHolders, 0, entry, 1, gramHolders.length);
            batch.put(gram, entry); // the grams of one flush are distinct
            if (batch.size() >= WRITE_BATCH) {
                write(key, batch);
            }
        });
        for (Map.Entry<Integer, Map<Long, long[]>> batch : byKey.entrySet()) {
            write(batch.getKey(), batch.getValue());
        }
        if (current != null) {
            setCurrentKey(current);
        }
    }

    private void write(int key, Map<Long, long[]> batch) throws Exception {
        if (!batch.isEmpty()) {
            setCurrentKey(key);
            holders.putAll(batch);
            batch.clear();
        }
    }
}
