package org.reusedetector.detection.functions;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.reusedetector.detection.ProcessingSpan;
import org.reusedetector.model.QuiltBatch;
import org.reusedetector.model.QuiltName;
import org.reusedetector.shingle.QuiltStream;

/**
 * Keyed by page (holder id): gathers the index's answers for all of a page's shards and judges the page by Najork's
 * rule ({@link QuiltStream#judge}). A quilt's counted sources leave as one {@link QuiltName} request each, to be
 * named by {@link NameQuiltSources} and gathered into the alert by {@link QuiltAlerts}. A page whose answers are
 * not all in within {@link #GIVE_UP_MILLIS} (processing time) is forgotten, so no state outlives it.
 */
public final class JudgeQuilts extends KeyedProcessFunction<Long, QuiltBatch, QuiltName> {

    static final long GIVE_UP_MILLIS = 10 * 60_000L;

    private final QuiltStream quilt;
    private transient ListState<QuiltBatch> answers;
    private transient ValueState<Integer> received;
    private transient ProcessingSpan.End span;

    public JudgeQuilts(QuiltStream quilt) {
        this.quilt = quilt;
    }

    @Override
    public void open(OpenContext openContext) {
        answers = getRuntimeContext().getListState(new ListStateDescriptor<>("quilt-answers", TypeInformation.of(QuiltBatch.class)));
        received = getRuntimeContext().getState(new ValueStateDescriptor<>("quilt-received", Types.INT));
        span = ProcessingSpan.end(getRuntimeContext());
    }

    @Override
    public void processElement(QuiltBatch answer, Context ctx, Collector<QuiltName> out) throws Exception {
        span.mark();
        List<QuiltBatch> all = new ArrayList<>();
        if (answer.batches() > 1) {
            Integer count = received.value();
            int n = count == null ? 1 : count + 1;
            if (count == null) {
                ctx.timerService().registerProcessingTimeTimer(ctx.timerService().currentProcessingTime() + GIVE_UP_MILLIS);
            }
            if (n < answer.batches()) {
                answers.add(answer);
                received.update(n);
                return;
            }
            answers.get().forEach(all::add);
            answers.clear();
            received.clear();
        }
        all.add(answer);
        QuiltStream.Verdict verdict = quilt.judge(answer.page(), holdersPerGram(all));
        if (verdict != null) {
            String url = all.stream().map(QuiltBatch::url).filter(u -> !u.isEmpty()).findFirst().orElseThrow();
            long[] sources = verdict.sources();
            for (int i = 0; i < sources.length; i++) {
                out.collect(new QuiltName(sources[i], "", url, answer.eventTime(), i, sources.length, verdict.coveredFraction()));
            }
        }
    }

    /** Each gram's earlier holders, from the answers' holder lists. */
    static List<long[]> holdersPerGram(List<QuiltBatch> answers) {
        List<long[]> perGram = new ArrayList<>();
        for (QuiltBatch answer : answers) {
            int at = 0;
            for (int count : answer.holderCounts()) {
                long[] holders = new long[count];
                System.arraycopy(answer.holders(), at, holders, 0, count);
                at += count;
                perGram.add(holders);
            }
        }
        return perGram;
    }

    @Override
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<QuiltName> out) {
        answers.clear();
        received.clear();
    }
}
