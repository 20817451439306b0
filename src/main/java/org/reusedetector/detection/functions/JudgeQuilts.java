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
import org.reusedetector.detection.JobCounter;
import org.reusedetector.detection.Metrics;
import org.reusedetector.model.Alert;
import org.reusedetector.model.QuiltBatch;
import org.reusedetector.shingle.QuiltStream;

/**
 * Keyed by page: gathers the index's answers for all of a page's shards, judges the page by Najork's rule ({@link
 * QuiltStream#judge}) and raises a {@code quilt} alert. A page whose answers are not all in within {@link
 * #GIVE_UP_MILLIS} (processing time) is forgotten, so no state outlives it.
 */
public final class JudgeQuilts extends KeyedProcessFunction<String, QuiltBatch, Alert> {

    static final long GIVE_UP_MILLIS = 10 * 60_000L;

    private final QuiltStream quilt;
    private transient ListState<QuiltBatch> answers;
    private transient ValueState<Integer> received;
    private transient JobCounter alerts;

    public JudgeQuilts(QuiltStream quilt) {
        this.quilt = quilt;
    }

    @Override
    public void open(OpenContext openContext) {
        answers = getRuntimeContext().getListState(new ListStateDescriptor<>("quilt-answers", TypeInformation.of(QuiltBatch.class)));
        received = getRuntimeContext().getState(new ValueStateDescriptor<>("quilt-received", Types.INT));
        alerts = JobCounter.register(getRuntimeContext(), Metrics.QUILT_ALERTS);
    }

    @Override
    public void processElement(QuiltBatch answer, Context ctx, Collector<Alert> out) throws Exception {
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
        QuiltStream.Verdict verdict = quilt.judge(answer.url(), holdersPerGram(all));
        if (verdict != null) {
            alerts.inc();
            out.collect(Alert.quilt(answer.url(), answer.eventTime(), verdict.coveredFraction(), quilt.params().theta(), verdict.sources()));
        }
    }

    /** Each gram's earlier holders, from the answers' shared holder lists. */
    static List<String[]> holdersPerGram(List<QuiltBatch> answers) {
        List<String[]> perGram = new ArrayList<>();
        for (QuiltBatch answer : answers) {
            int at = 0;
            for (int count : answer.holderCounts()) {
                String[] holders = new String[count];
                for (int h = 0; h < count; h++) {
                    holders[h] = answer.holderUrls()[answer.holderRefs()[at++]];
                }
                perGram.add(holders);
            }
        }
        return perGram;
    }

    @Override
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<Alert> out) {
        answers.clear();
        received.clear();
    }
}
