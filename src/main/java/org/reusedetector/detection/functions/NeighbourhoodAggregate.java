package org.reusedetector.detection.functions;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.reusedetector.model.Copy;
import org.reusedetector.model.Evidence;
import org.reusedetector.model.PrefixDelta;
import org.reusedetector.model.PrefixScore;
import org.reusedetector.score.CoverageTracker;
import org.reusedetector.score.Neighbourhood;
import org.reusedetector.score.NeighbourhoodConfidence;
import org.reusedetector.state.VersionedStateSerializer;

/**
 * Keyed by neighbourhood prefix: {@code badness(N) = sum of contains(L, n) / |N|}, kept as two numbers, with the sums of
 * squares that give its confidence bounds ({@link NeighbourhoodConfidence}).
 * It keeps the neighbourhood's source coverage too ({@link CoverageTracker}): the pages holding each labelled chunk of
 * the sources it covers most, in map state. The state goes when the last page of the neighbourhood is withdrawn.
 *
 * <p>Changes are applied in event-time order, not in the order they arrive: several upstream tasks send changes of one
 * neighbourhood, and their interleaving differs from run to run. A change waits in {@code neighbourhood-pending} until
 * the watermark passes its event time; the changes of one event time are applied in {@link PrefixDelta#CANONICAL_ORDER}.
 * So every run, at any parallelism, passes each neighbourhood through the same states. A change that arrives behind the
 * watermark (a page later than {@code job.out-of-orderness}) is applied at once, and its update carries the watermark as
 * its event time, so that a neighbourhood's updates leave in event-time order and {@link NeighbourhoodVerdicts}, which
 * orders them by event time, keeps their order.
 */
public final class NeighbourhoodAggregate extends KeyedProcessFunction<String, PrefixDelta, PrefixScore> {

    private final int maxEvidence;
    private final NeighbourhoodConfidence confidence;
    private final int maxSources;
    private transient ValueState<NeighbourhoodState> state;
    /** Pages holding each labelled chunk of the tracked sources, keyed by source and chunk. */
    private transient MapState<String, Integer> chunkPages;

    /** Changes waiting for the watermark, by event time. */
    private transient EventTimeBuffer<PrefixDelta> pending;

    private transient CoverageTracker tracker;
    private transient CoverageTracker.ChunkCounts counts;

    public NeighbourhoodAggregate(int maxEvidence, NeighbourhoodConfidence confidence) {
        this(maxEvidence, confidence, 0);
    }

    /** @param maxSources sources whose coverage each neighbourhood tracks (0: none) */
    public NeighbourhoodAggregate(int maxEvidence, NeighbourhoodConfidence confidence, int maxSources) {
        this.maxEvidence = maxEvidence;
        this.confidence = confidence;
        this.maxSources = maxSources;
    }

    @Override
    public void open(OpenContext openContext) {
        state = getRuntimeContext()
                .getState(new ValueStateDescriptor<>(
                        "neighbourhood", new VersionedStateSerializer<>(new NeighbourhoodStateFormat())));
        chunkPages = getRuntimeContext()
                .getMapState(new MapStateDescriptor<>("neighbourhood-source-chunks", Types.STRING, Types.INT));
        pending = new EventTimeBuffer<>(
                getRuntimeContext(), "neighbourhood-pending", new VersionedStateSerializer<>(new PrefixDeltaFormat()));
        tracker = new CoverageTracker(maxSources);
        counts = new CoverageTracker.ChunkCounts() {
            @Override
            public int get(String source, long chunk) throws Exception {
                Integer pages = chunkPages.get(key(source, chunk));
                return pages == null ? 0 : pages;
            }

            @Override
            public void put(String source, long chunk, int pages) throws Exception {
                chunkPages.put(key(source, chunk), pages);
            }

            @Override
            public void remove(String source, long chunk) throws Exception {
                chunkPages.remove(key(source, chunk));
            }

            @Override
            public void removeSource(String source) throws Exception {
                String start = source + KEY_SEPARATOR;
                List<String> keys = new ArrayList<>();
                for (String key : chunkPages.keys()) {
                    if (key.startsWith(start)) {
                        keys.add(key);
                    }
                }
                for (String key : keys) {
                    chunkPages.remove(key);
                }
            }
        };
    }

    private static final char KEY_SEPARATOR = '\u0000';

    private static String key(String source, long chunk) {
        return source + KEY_SEPARATOR + Long.toHexString(chunk);
    }

    @Override
    public void processElement(PrefixDelta delta, Context ctx, Collector<PrefixScore> out) throws Exception {
        long time = delta.eventTime();
        long watermark = ctx.timerService().currentWatermark();
        if (time <= watermark) {
            // late: its place in event time has passed. Its update goes out at the watermark, not at its own time:
            // the threshold takes updates in event-time order and may still hold this neighbourhood's update of a
            // later time; stamped earlier, this one would overtake it, and the neighbourhood's last word there
            // (neighbourhood-verdicts) would be the older update, for ever if this one emptied it
            apply(delta, watermark, out);
            return;
        }
        pending.add(time, delta, ctx.timerService());
    }

    @Override
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<PrefixScore> out) throws Exception {
        List<PrefixDelta> due = new ArrayList<>(pending.drain(timestamp));
        due.sort(PrefixDelta.CANONICAL_ORDER);
        for (PrefixDelta delta : due) {
            apply(delta, delta.eventTime(), out);
        }
    }

    /** Applies a change and sends the neighbourhood's update, of event time {@code updateTime}. */
    private void apply(PrefixDelta delta, long updateTime, Collector<PrefixScore> out) throws Exception {
        NeighbourhoodState before = state.value();
        if (before == null) {
            before = new NeighbourhoodState(0, 0, 0.0, new Evidence[0]);
        }
        long pages = Math.max(0, before.pages() + delta.pagesDelta());
        boolean empty = pages == 0;
        long chunks = empty ? 0 : Math.max(0, before.chunks() + delta.chunksDelta());
        double matched = empty ? 0.0 : before.matched() + delta.matchedDelta();
        Copy[] copies = empty ? Copy.NONE : tracker.apply(before.copies(), delta.sources(), counts);
        NeighbourhoodState after = new NeighbourhoodState(
                pages,
                chunks,
                matched,
                Neighbourhood.mergeEvidence(before.evidence(), delta.evidence(), maxEvidence),
                empty ? 0 : before.chunksSquared() + delta.chunksSquaredDelta(),
                empty ? 0 : before.matchedSquared() + delta.matchedSquaredDelta(),
                empty ? 0 : before.products() + delta.productsDelta(),
                copies);
        if (empty) {
            state.clear();
            chunkPages.clear();
        } else {
            state.update(after);
        }
        double[] bounds = confidence.bounds(
                pages, chunks, matched, after.chunksSquared(), after.matchedSquared(), after.products());
        out.collect(new PrefixScore(
                delta.prefix(),
                pages,
                Neighbourhood.badness(chunks, matched),
                before.pages(),
                Neighbourhood.badness(before.chunks(), before.matched()),
                updateTime,
                after.evidence(),
                Double.NaN,
                bounds[1],
                copies,
                bounds[0]));
    }
}
