package org.reusedetector.detection.functions;

import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.StateTtlConfig;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import java.time.Duration;
import org.reusedetector.model.QuiltGram;
import org.reusedetector.shingle.QuiltStream;

/**
 * The recent-gram index, keyed by gram: answers each page's gram with the pages that held it before (up to m), then
 * adds the page. Bounded by {@link QuiltStream}: sampled grams only, at most m holders a gram, and state TTL.
 */
public final class PatchGrams extends KeyedProcessFunction<Long, QuiltGram, QuiltGram> {

    private final QuiltStream quilt;
    private transient ValueState<String[]> holders;

    public PatchGrams(QuiltStream quilt) {
        this.quilt = quilt;
    }

    @Override
    public void open(OpenContext openContext) {
        ValueStateDescriptor<String[]> descriptor = new ValueStateDescriptor<>("gram-holders", TypeInformation.of(String[].class));
        descriptor.enableTimeToLive(StateTtlConfig.newBuilder(Duration.ofMillis(quilt.ttlMillis()))
                .setUpdateType(StateTtlConfig.UpdateType.OnCreateAndWrite)
                .setStateVisibility(StateTtlConfig.StateVisibility.NeverReturnExpired)
                .build());
        holders = getRuntimeContext().getState(descriptor);
    }

    @Override
    public void processElement(QuiltGram gram, Context ctx, Collector<QuiltGram> out) throws Exception {
        String[] before = holders.value();
        String[] known = before == null ? new String[0] : before;
        out.collect(new QuiltGram(gram.url(), gram.eventTime(), gram.gram(), gram.grams(), known));
        String[] after = quilt.addHolder(known, gram.url());
        if (after != known) {
            holders.update(after);
        }
    }
}
