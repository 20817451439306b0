package org.reusedetector.signal.quilt;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.StateTtlConfig;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.runtime.state.VoidNamespace;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.reusedetector.state.VersionedStateSerializer;

/**
 * Keyed by page (holder id): gathers the index's answers for all of a page's shards and judges the page by Najork's
 * rule ({@link QuiltStream#judgePatches}), the answers taken in shard order whatever order they came in (the greedy
 * cover breaks ties by the order in which sources first appear). A quilt's counted sources leave as one {@link
 * QuiltName} request each, to be named by {@link NameQuiltSources} and gathered into the alert by {@link QuiltAlerts}.
 *
 * <p>A page's answers leave the index together, when the watermark passes its fetch time, so they are gathered in
 * the heap, not in state a record: only the pages still incomplete at a checkpoint are written, before its barrier
 * ({@code quilt-gathered-parts}, their answers as they came). A page whose answers are not all in once the watermark
 * is {@link #GIVE_UP_MILLIS} past its fetch time is forgotten (event time, so the same in every run). An operator
 * rather than a process function for that reason: the write before the barrier is under every incomplete page's key.
 */
public final class JudgeQuilts extends AbstractStreamOperator<QuiltName>
        implements OneInputStreamOperator<QuiltBatch, QuiltName> {

    static final long GIVE_UP_MILLIS = 10 * 60_000L;

    /** Name of the keyed list state of the answers of pages incomplete at the last checkpoint. */
    static final String GATHERED = "quilt-gathered-parts";

    private final QuiltStream quilt;
    private transient ListState<QuiltBatch> parts;
    /** The answers gathered so far of each incomplete page (id and fetch time: a URL fetched twice is two pages). */
    private transient Map<Fetch, List<QuiltBatch>> gathering;
    /** Page keys whose list in {@link #parts} is not empty. */
    private transient Set<Long> stored;

    private transient boolean restored;

    private record Fetch(long page, long eventTime) {}

    public JudgeQuilts(QuiltStream quilt) {
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
        parts = getRuntimeContext()
                .getListState(
                        new ListStateDescriptor<>(GATHERED, new VersionedStateSerializer<>(new QuiltBatchFormat())));
        // the version before's state (one merged record a page, processing-time TTL): registered so that its TTL
        // still clears it; its pages in flight at the upgrade are not judged
        ValueStateDescriptor<QuiltBatch> before =
                new ValueStateDescriptor<>("quilt-gathered", new VersionedStateSerializer<>(new QuiltBatchFormat()));
        before.enableTimeToLive(StateTtlConfig.newBuilder(Duration.ofMillis(GIVE_UP_MILLIS))
                .setUpdateType(StateTtlConfig.UpdateType.OnCreateAndWrite)
                .setStateVisibility(StateTtlConfig.StateVisibility.NeverReturnExpired)
                .build());
        getRuntimeContext().getState(before);
        gathering = new HashMap<>();
        stored = new HashSet<>();
        if (restored) {
            List<Long> keys;
            try (Stream<Long> keyed = this.<Long>getKeyedStateBackend().getKeys(GATHERED, VoidNamespace.INSTANCE)) {
                keys = keyed.collect(Collectors.toList());
            }
            for (Long key : keys) {
                setCurrentKey(key);
                Iterable<QuiltBatch> answers = parts.get();
                if (answers != null) {
                    for (QuiltBatch answer : answers) {
                        gathering
                                .computeIfAbsent(new Fetch(answer.page(), answer.eventTime()), f -> new ArrayList<>())
                                .add(answer);
                    }
                    stored.add(key);
                }
            }
        }
    }

    @Override
    public void processElement(StreamRecord<QuiltBatch> element) throws Exception {
        QuiltBatch answer = element.getValue();
        if (answer.batches() <= 1) {
            judge(List.of(answer));
            return;
        }
        Fetch fetch = new Fetch(answer.page(), answer.eventTime());
        List<QuiltBatch> all = gathering.computeIfAbsent(fetch, f -> new ArrayList<>(answer.batches()));
        all.add(answer);
        if (all.size() >= answer.batches()) {
            gathering.remove(fetch);
            judge(all);
        }
    }

    /** Judges a page from all its answers, taken in shard order. */
    private void judge(List<QuiltBatch> answers) {
        List<QuiltBatch> inOrder = new ArrayList<>(answers);
        inOrder.sort(Comparator.comparingInt(QuiltBatch::shard));
        int grams = 0;
        int holderCount = 0;
        String url = "";
        for (QuiltBatch answer : inOrder) {
            grams += answer.holderCounts().length;
            holderCount += answer.holders().length;
            if (url.isEmpty()) {
                url = answer.url();
            }
        }
        int[] counts = new int[grams];
        long[] holders = new long[holderCount];
        int g = 0;
        int h = 0;
        for (QuiltBatch answer : inOrder) {
            System.arraycopy(answer.holderCounts(), 0, counts, g, answer.holderCounts().length);
            g += answer.holderCounts().length;
            System.arraycopy(answer.holders(), 0, holders, h, answer.holders().length);
            h += answer.holders().length;
        }
        QuiltStream.Verdict verdict = quilt.judgePatches(grams, counts, holders);
        if (verdict != null) {
            long eventTime = inOrder.get(0).eventTime();
            long[] sources = verdict.sources();
            for (int i = 0; i < sources.length; i++) {
                output.collect(new StreamRecord<>(
                        new QuiltName(sources[i], "", url, eventTime, i, sources.length, verdict.coveredFraction()),
                        eventTime));
            }
        }
    }

    @Override
    public void processWatermark(Watermark mark) throws Exception {
        if (!gathering.isEmpty()) {
            // a page's answers leave the index together: one still incomplete this long after is missing some
            for (Iterator<Fetch> i = gathering.keySet().iterator(); i.hasNext(); ) {
                if (i.next().eventTime() + GIVE_UP_MILLIS < mark.getTimestamp()) {
                    i.remove();
                }
            }
        }
        super.processWatermark(mark);
    }

    @Override
    public void prepareSnapshotPreBarrier(long checkpointId) throws Exception {
        super.prepareSnapshotPreBarrier(checkpointId);
        if (gathering.isEmpty() && stored.isEmpty()) {
            return;
        }
        Object current = getCurrentKey();
        Map<Long, List<QuiltBatch>> byKey = new HashMap<>();
        gathering.forEach((fetch, answers) ->
                byKey.computeIfAbsent(fetch.page(), k -> new ArrayList<>()).addAll(answers));
        for (Map.Entry<Long, List<QuiltBatch>> entry : byKey.entrySet()) {
            setCurrentKey(entry.getKey());
            parts.update(entry.getValue());
        }
        for (Long key : stored) {
            if (!byKey.containsKey(key)) {
                setCurrentKey(key);
                parts.clear();
            }
        }
        stored = new HashSet<>(byKey.keySet());
        if (current != null) {
            setCurrentKey(current);
        }
    }
}
