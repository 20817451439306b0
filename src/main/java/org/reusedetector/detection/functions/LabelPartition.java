package org.reusedetector.detection.functions;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.StateTtlConfig;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.metrics.Counter;
import org.apache.flink.streaming.api.functions.co.KeyedCoProcessFunction;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.Metrics;
import org.reusedetector.labels.keyed.PageMemory;
import org.reusedetector.labels.keyed.PartitionLabels;
import org.reusedetector.model.KeyedMatch;
import org.reusedetector.model.LabelQuery;
import org.reusedetector.model.PartitionLabel;
import org.reusedetector.model.RecentPages;
import org.reusedetector.model.SourceCounts;
import org.reusedetector.page.Sha1;
import org.reusedetector.state.VersionedStateSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keyed label mode: one label partition per key, its labels in keyed state ({@link PartitionLabels}, RocksDB in the
 * stream). Applies the label records routed to it ({@link RouteLabels}) and answers the queries of pages' hashes
 * ({@link SplitPages}) with what it holds.
 *
 * <p>Queries that arrive before the partition has this run's snapshot (the marker of every labels-topic partition)
 * wait in keyed list state and are answered, in arrival order, when it is in: a page read before its label must not be
 * missed, as in broadcast mode. The partition's counts of chunk labels per coverage source go to {@link #COUNTS} when
 * the snapshot is in (all of them) and, after that, a second after they change (the changed ones), to be summed over
 * all partitions ({@link SumSourceCounts}).
 *
 * <p>With re-scores on ({@code labels.keyed.rescore.retention}), the partition also remembers, per hash, the recent
 * pages that held it ({@link PageMemory}: a window of fetch time behind the newest page it has seen, and a cap per
 * hash). When a label record changes a hash's label, each remembered page gets the hash's new label
 * ({@link KeyedMatch#update}) on the channel its answer took, so the join sees answer and changes in the order they
 * were made. A change is thus applied to the pages the partition had answered before it, whatever their fetch time, and
 * a page asked after it reads it in its answer: either way the page ends with the labels as they stand.
 *
 * <p>The labelled set has no TTL: like broadcast state, it holds what the labels topic says until a remove record
 * says otherwise. Held queries are cleared when answered; changed-source marks when sent (a timer). The memory of
 * pages expires by fetch time when a hash is read, and by a TTL of the retention (processing time, from its last page)
 * for hashes no page brings again.
 */
public final class LabelPartition extends KeyedCoProcessFunction<Integer, PartitionLabel, LabelQuery, KeyedMatch> {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(LabelPartition.class);

    public static final OutputTag<SourceCounts> COUNTS = new OutputTag<>("label-source-counts") {};

    /** How long changed counts wait before they are sent: one record per changed source and second, not per label. */
    static final long COUNT_DELAY_MILLIS = 1_000;

    private static final int CACHE_LIMIT = 100_000;

    private final String run;
    private final int markerPartitions;
    private final long retentionMillis;
    private final int maxPages;

    private transient MapState<Long, long[]> labels;
    private transient MapState<Integer, String> origins;
    private transient MapState<String, Integer> originIds;
    private transient ValueState<Integer> nextOrigin;
    private transient MapState<String, Long> sourceChunks;
    private transient MapState<String, Boolean> changedSources;
    private transient ValueState<Long> countTimer;
    private transient MapState<Integer, String> markers;
    private transient ValueState<String> loadedRun;
    private transient ListState<LabelQuery> held;
    private transient MapState<Long, RecentPages> recentPages;
    private transient ValueState<Long> newestFetch;
    private transient Counter changesToPages;
    private transient PartitionLabels partition;
    /**
     * Per task, the origins and source counts of its partitions also on the heap: each label reads them, and a RocksDB
     * read each costs more than the label's own. Origins never change once given an id; counts are written through.
     * A restarted task starts empty, so a restore never meets a stale entry. Cleared when full.
     */
    private transient Map<Long, String> originCache;

    private transient Map<String, Integer> originIdCache;
    private transient Map<String, Long> countCache;
    private transient int currentKey;
    private transient Counter updates;

    public LabelPartition(DetectionSettings settings) {
        this.run = settings.labelSnapshotRun();
        this.markerPartitions = settings.labelPartitions();
        this.retentionMillis = settings.keyedLabels().rescoreRetentionMillis();
        this.maxPages = settings.keyedLabels().rescoreMaxPages();
    }

    @Override
    public void open(OpenContext openContext) {
        var context = getRuntimeContext();
        labels = context.getMapState(new MapStateDescriptor<>(
                "keyed-labels", Types.LONG, PrimitiveArrayTypeInfo.LONG_PRIMITIVE_ARRAY_TYPE_INFO));
        origins = context.getMapState(new MapStateDescriptor<>("keyed-label-origins", Types.INT, Types.STRING));
        originIds = context.getMapState(new MapStateDescriptor<>("keyed-label-origin-ids", Types.STRING, Types.INT));
        nextOrigin = context.getState(new ValueStateDescriptor<>("keyed-label-next-origin", Types.INT));
        sourceChunks = context.getMapState(new MapStateDescriptor<>("keyed-label-sources", Types.STRING, Types.LONG));
        changedSources = context.getMapState(
                new MapStateDescriptor<>("keyed-label-changed-sources", Types.STRING, Types.BOOLEAN));
        countTimer = context.getState(new ValueStateDescriptor<>("keyed-label-count-timer", Types.LONG));
        markers = context.getMapState(new MapStateDescriptor<>("keyed-label-markers", Types.INT, Types.STRING));
        loadedRun = context.getState(new ValueStateDescriptor<>("keyed-label-loaded-run", Types.STRING));
        held = context.getListState(new ListStateDescriptor<>(
                "keyed-label-held-queries", new VersionedStateSerializer<>(new LabelQueryFormat())));
        MapStateDescriptor<Long, RecentPages> recent = new MapStateDescriptor<>(
                "keyed-label-recent-pages",
                LongSerializer.INSTANCE,
                new VersionedStateSerializer<>(new RecentPagesFormat()));
        if (retentionMillis > 0) {
            // a bound for hashes no page brings again; the window itself is in fetch time (PageMemory)
            recent.enableTimeToLive(StateTtlConfig.newBuilder(Duration.ofMillis(retentionMillis))
                    .setUpdateType(StateTtlConfig.UpdateType.OnCreateAndWrite)
                    .setStateVisibility(StateTtlConfig.StateVisibility.NeverReturnExpired)
                    .build());
        }
        recentPages = context.getMapState(recent);
        newestFetch = context.getState(new ValueStateDescriptor<>("keyed-label-newest-fetch", Types.LONG));
        changesToPages = context.getMetricGroup().counter(Metrics.LABEL_CHANGES_TO_PAGES);
        partition = new PartitionLabels(new StateStore());
        originCache = new HashMap<>();
        originIdCache = new HashMap<>();
        countCache = new HashMap<>();
        updates = context.getMetricGroup().counter(Metrics.LABEL_PARTITION_UPDATES);
    }

    @Override
    public void processElement1(PartitionLabel record, Context ctx, Collector<KeyedMatch> out) throws Exception {
        updates.inc();
        currentKey = ctx.getCurrentKey();
        if (record.label() == null) {
            onMarker(record, ctx, out);
            return;
        }
        Set<String> changed = new LinkedHashSet<>();
        if (partition.apply(record.label(), changed) && retentionMillis > 0) {
            sendToRememberedPages(Sha1.fromHex(record.label().hash()), out);
        }
        if (!changed.isEmpty() && loaded()) { // before the snapshot is in, all counts go at once when it is
            for (String source : changed) {
                changedSources.put(source, true);
            }
            if (countTimer.value() == null) {
                long at = ctx.timerService().currentProcessingTime() + COUNT_DELAY_MILLIS;
                ctx.timerService().registerProcessingTimeTimer(at);
                countTimer.update(at);
            }
        }
    }

    @Override
    public void processElement2(LabelQuery query, Context ctx, Collector<KeyedMatch> out) throws Exception {
        currentKey = ctx.getCurrentKey();
        if (loaded()) {
            answer(query, out);
        } else {
            held.add(query);
        }
    }

    /** Answers a query and, with re-scores on, remembers the page under each of its hashes. */
    private void answer(LabelQuery query, Collector<KeyedMatch> out) throws Exception {
        out.collect(KeyedMatch.answer(partition.answer(query)));
        if (retentionMillis <= 0) {
            return;
        }
        Long newest = newestFetch.value();
        long eventTime = query.eventTime() == LabelQuery.UNKNOWN_TIME
                ? (newest == null ? 0 : newest) // a query held from before queries carried it: as of now
                : query.eventTime();
        if (newest == null || eventTime > newest) {
            newest = eventTime;
            newestFetch.update(newest);
        }
        byte[] hashes = query.hashes();
        for (int i = 0; i < query.indices().length; i++) {
            long key = PartitionLabels.keyOf(hashes, i * Sha1.LENGTH);
            RecentPages before = recentPages.get(key);
            RecentPages after = PageMemory.add(
                    before,
                    PartitionLabels.lowOf(hashes, i * Sha1.LENGTH),
                    query.indices()[i],
                    query.page(),
                    eventTime,
                    newest,
                    retentionMillis,
                    maxPages);
            if (after != before) {
                if (after.size() == 0) {
                    recentPages.remove(key);
                } else {
                    recentPages.put(key, after);
                }
            }
        }
    }

    /** The hash's label as it now stands, to every page in the window that held the hash. */
    private void sendToRememberedPages(byte[] hash, Collector<KeyedMatch> out) throws Exception {
        long key = PartitionLabels.keyOf(hash, 0);
        RecentPages remembered = recentPages.get(key);
        if (remembered == null) {
            return;
        }
        Long newest = newestFetch.value();
        long now = newest == null ? Long.MIN_VALUE + retentionMillis : newest;
        for (PageMemory.Holder holder :
                PageMemory.holders(remembered, PartitionLabels.lowOf(hash, 0), now, retentionMillis)) {
            out.collect(KeyedMatch.update(partition.change(holder.page(), holder.index(), hash)));
            changesToPages.inc();
        }
        RecentPages live = PageMemory.expire(remembered, now, retentionMillis);
        if (live != remembered) {
            if (live.size() == 0) {
                recentPages.remove(key);
            } else {
                recentPages.put(key, live);
            }
        }
    }

    @Override
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<KeyedMatch> out) throws Exception {
        currentKey = ctx.getCurrentKey();
        countTimer.clear();
        List<String> sources = new ArrayList<>();
        for (String source : changedSources.keys()) {
            sources.add(source);
        }
        changedSources.clear();
        emitCounts(ctx, sources);
    }

    private void onMarker(PartitionLabel marker, Context ctx, Collector<KeyedMatch> out) throws Exception {
        if (run == null || !run.equals(marker.markerRun())) {
            return; // an earlier run's marker: compaction keeps the latest per partition
        }
        markers.put(marker.markerPartition(), marker.markerRun());
        if (loaded()) {
            return;
        }
        int seen = 0;
        for (String markerRun : markers.values()) {
            seen += run.equals(markerRun) ? 1 : 0;
        }
        if (seen < markerPartitions) {
            return;
        }
        loadedRun.update(run);
        List<String> sources = new ArrayList<>();
        for (String source : sourceChunks.keys()) {
            sources.add(source);
        }
        emitCounts(ctx, sources);
        long answered = 0;
        for (LabelQuery query : held.get()) {
            answer(query, out);
            answered++;
        }
        held.clear();
        LOG.debug("Label partition {} has snapshot {}; answered {} held queries", ctx.getCurrentKey(), run, answered);
    }

    private void emitCounts(Context ctx, List<String> sources) throws Exception {
        long[] counts = new long[sources.size()];
        for (int i = 0; i < counts.length; i++) {
            Long count = sourceChunks.get(sources.get(i));
            counts[i] = count == null ? 0 : count;
        }
        ctx.output(
                COUNTS,
                new SourceCounts(ctx.getCurrentKey(), loadedRun.value(), sources.toArray(new String[0]), counts));
    }

    private boolean loaded() throws Exception {
        return run == null || run.equals(loadedRun.value());
    }

    private static <K, V> void cache(Map<K, V> cache, K key, V value) {
        if (cache.size() >= CACHE_LIMIT) {
            cache.clear();
        }
        cache.put(key, value);
    }

    /** The partition's store: the keyed state of the current key. */
    private final class StateStore implements PartitionLabels.Store {

        @Override
        public long[] get(long key) {
            try {
                return labels.get(key);
            } catch (Exception e) {
                throw new IllegalStateException("label state unreadable", e);
            }
        }

        @Override
        public void put(long key, long[] pairs) {
            try {
                labels.put(key, pairs);
            } catch (Exception e) {
                throw new IllegalStateException("label state unwritable", e);
            }
        }

        @Override
        public void remove(long key) {
            try {
                labels.remove(key);
            } catch (Exception e) {
                throw new IllegalStateException("label state unwritable", e);
            }
        }

        @Override
        public int originId(String origin) {
            String cacheKey = currentKey + "\u0000" + origin;
            Integer cached = originIdCache.get(cacheKey);
            if (cached != null) {
                return cached;
            }
            try {
                Integer id = originIds.get(origin);
                if (id != null) {
                    cache(originIdCache, cacheKey, id);
                }
                return id == null ? -1 : id;
            } catch (Exception e) {
                throw new IllegalStateException("label state unreadable", e);
            }
        }

        @Override
        public int addOrigin(String origin) {
            try {
                Integer next = nextOrigin.value();
                int id = next == null ? 0 : next;
                origins.put(id, origin);
                originIds.put(origin, id);
                nextOrigin.update(id + 1);
                return id;
            } catch (Exception e) {
                throw new IllegalStateException("label state unwritable", e);
            }
        }

        @Override
        public String origin(int id) {
            long cacheKey = (long) currentKey << 32 | (id & 0xffffffffL);
            String cached = originCache.get(cacheKey);
            if (cached != null) {
                return cached;
            }
            try {
                String origin = origins.get(id);
                if (origin != null) {
                    cache(originCache, cacheKey, origin);
                }
                return origin;
            } catch (Exception e) {
                throw new IllegalStateException("label state unreadable", e);
            }
        }

        @Override
        public long sourceChunks(String source) {
            String cacheKey = currentKey + "\u0000" + source;
            Long cached = countCache.get(cacheKey);
            if (cached != null) {
                return cached;
            }
            try {
                Long count = sourceChunks.get(source);
                cache(countCache, cacheKey, count == null ? 0L : count);
                return count == null ? 0 : count;
            } catch (Exception e) {
                throw new IllegalStateException("label state unreadable", e);
            }
        }

        @Override
        public void putSourceChunks(String source, long count) {
            cache(countCache, currentKey + "\u0000" + source, Math.max(0L, count));
            try {
                if (count <= 0) {
                    sourceChunks.remove(source);
                } else {
                    sourceChunks.put(source, count);
                }
            } catch (Exception e) {
                throw new IllegalStateException("label state unwritable", e);
            }
        }
    }
}
