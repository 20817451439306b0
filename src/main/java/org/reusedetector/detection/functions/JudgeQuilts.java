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
import org.reusedetector.model.QuiltGram;
import org.reusedetector.shingle.QuiltStream;

/**
 * Keyed by page: gathers the index's answers for all of a page's sampled grams, judges the page by Najork's rule
 * ({@link QuiltStream#judge}) and raises a {@code quilt} alert. A page whose answers are not all in within
 * {@link #GIVE_UP_MILLIS} (processing time) is forgotten, so no state outlives it.
 */
public final class JudgeQuilts extends KeyedProcessFunction<String, QuiltGram, Alert> {

    static final long GIVE_UP_MILLIS = 10 * 60_000L;

    private final QuiltStream quilt;
    private transient ListState<String[]> answers;
    private transient ValueState<Integer> received;
    private transient JobCounter alerts;

    public JudgeQuilts(QuiltStream quilt) {
        this.quilt = quilt;
    }

    @Override
    public void open(OpenContext openContext) {
        answers = getRuntimeContext().getListState(new ListStateDescriptor<>("quilt-answers", TypeInformation.of(String[].class)));
        received = getRuntimeContext().getState(new ValueStateDescriptor<>("quilt-received", Types.INT));
        alerts = JobCounter.register(getRuntimeContext(), Metrics.QUILT_ALERTS);
    }

    @Override
    public void processElement(QuiltGram gram, Context ctx, Collector<Alert> out) throws Exception {
        Integer count = received.value();
        int n = count == null ? 1 : count + 1;
        if (count == null) {
            ctx.timerService().registerProcessingTimeTimer(ctx.timerService().currentProcessingTime() + GIVE_UP_MILLIS);
        }
        answers.add(gram.holders());
        if (n < gram.grams()) {
            received.update(n);
            return;
        }
        List<String[]> all = new ArrayList<>();
        answers.get().forEach(all::add);
        answers.clear();
        received.clear();
        QuiltStream.Verdict verdict = quilt.judge(gram.url(), all);
        if (verdict != null) {
            alerts.inc();
            out.collect(Alert.quilt(gram.url(), gram.eventTime(), verdict.patchFraction(), quilt.params().theta(), verdict.sources()));
        }
    }

    @Override
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<Alert> out) {
        answers.clear();
        received.clear();
    }
}
