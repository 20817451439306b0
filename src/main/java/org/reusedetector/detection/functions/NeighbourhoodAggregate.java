package org.reusedetector.detection.functions;

import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.reusedetector.model.Evidence;
import org.reusedetector.model.PrefixDelta;
import org.reusedetector.model.PrefixScore;
import org.reusedetector.score.Neighbourhood;
import org.reusedetector.score.NeighbourhoodConfidence;
import org.reusedetector.stream.functions.NeighbourhoodState;

/**
 * Keyed by neighbourhood prefix: {@code badness(N) = sum of contains(L, n) / |N|}, kept as two numbers, with the sums of
 * squares that give its confidence bounds ({@link NeighbourhoodConfidence}).
 * The state goes when the last page of the neighbourhood is withdrawn.
 */
public final class NeighbourhoodAggregate extends KeyedProcessFunction<String, PrefixDelta, PrefixScore> {

    private final int maxEvidence;
    private final NeighbourhoodConfidence confidence;
    private transient ValueState<NeighbourhoodState> state;

    public NeighbourhoodAggregate(int maxEvidence, NeighbourhoodConfidence confidence) {
        this.maxEvidence = maxEvidence;
        this.confidence = confidence;
    }

    @Override
    public void open(OpenContext openContext) {
        state = getRuntimeContext()
                .getState(new ValueStateDescriptor<>("neighbourhood", TypeInformation.of(NeighbourhoodState.class)));
    }

    @Override
    public void processElement(PrefixDelta delta, Context ctx, Collector<PrefixScore> out) throws Exception {
        NeighbourhoodState before = state.value();
        if (before == null) {
            before = new NeighbourhoodState(0, 0, 0.0, new Evidence[0]);
        }
        long pages = Math.max(0, before.pages() + delta.pagesDelta());
        boolean empty = pages == 0;
        long chunks = empty ? 0 : Math.max(0, before.chunks() + delta.chunksDelta());
        double matched = empty ? 0.0 : before.matched() + delta.matchedDelta();
        NeighbourhoodState after = new NeighbourhoodState(
                pages,
                chunks,
                matched,
                Neighbourhood.mergeEvidence(before.evidence(), delta.evidence(), maxEvidence),
                empty ? 0 : before.chunksSquared() + delta.chunksSquaredDelta(),
                empty ? 0 : before.matchedSquared() + delta.matchedSquaredDelta(),
                empty ? 0 : before.products() + delta.productsDelta());
        if (empty) {
            state.clear();
        } else {
            state.update(after);
        }
        // only the upper bound is kept: it decides when a bad neighbourhood is cleared (alerting uses the badness)
        double upper = confidence
                .bounds(pages, chunks, matched, after.chunksSquared(), after.matchedSquared(), after.products())[1];
        out.collect(new PrefixScore(
                delta.prefix(),
                pages,
                Neighbourhood.badness(chunks, matched),
                before.pages(),
                Neighbourhood.badness(before.chunks(), before.matched()),
                delta.eventTime(),
                after.evidence(),
                Double.NaN,
                upper));
    }
}
