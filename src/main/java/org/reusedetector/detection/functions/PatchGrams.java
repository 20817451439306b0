package org.reusedetector.detection.functions;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.StateTtlConfig;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.reusedetector.model.QuiltBatch;
import org.reusedetector.shingle.QuiltStream;

/**
 * The recent-gram index, keyed by shard, a map from gram to holders within: answers each of a page's grams with the
 * pages that held it before (up to m), then adds the page. Bounded by {@link QuiltStream}: sampled grams only, at
 * most m holders a gram, and state TTL on every gram's entry.
 */
public final class PatchGrams extends KeyedProcessFunction<Integer, QuiltBatch, QuiltBatch> {

    private final QuiltStream quilt;
    private transient MapState<Long, String[]> holders;

    public PatchGrams(QuiltStream quilt) {
        this.quilt = quilt;
    }

    @Override
    public void open(OpenContext openContext) {
        MapStateDescriptor<Long, String[]> descriptor = new MapStateDescriptor<>("gram-holders", Types.LONG, TypeInformation.of(String[].class));
        descriptor.enableTimeToLive(StateTtlConfig.newBuilder(Duration.ofMillis(quilt.ttlMillis()))
                .setUpdateType(StateTtlConfig.UpdateType.OnCreateAndWrite)
                .setStateVisibility(StateTtlConfig.StateVisibility.NeverReturnExpired)
                .build());
        holders = getRuntimeContext().getMapState(descriptor);
    }

    @Override
    public void processElement(QuiltBatch batch, Context ctx, Collector<QuiltBatch> out) throws Exception {
        long[] grams = batch.grams();
        Map<String, Integer> ids = new HashMap<>();
        int[] counts = new int[grams.length];
        int[] refs = new int[16];
        int used = 0;
        for (int i = 0; i < grams.length; i++) {
            String[] known = holders.get(grams[i]);
            if (known != null) {
                counts[i] = known.length;
                for (String holder : known) {
                    if (used == refs.length) {
                        refs = java.util.Arrays.copyOf(refs, used * 2);
                    }
                    refs[used++] = ids.computeIfAbsent(holder, h -> ids.size());
                }
            }
            String[] after = quilt.addHolder(known, batch.url());
            if (after != known) {
                holders.put(grams[i], after);
            }
        }
        String[] urls = new String[ids.size()];
        ids.forEach((url, id) -> urls[id] = url);
        out.collect(new QuiltBatch(batch.url(), batch.eventTime(), batch.shard(), batch.batches(), grams, urls, counts, java.util.Arrays.copyOf(refs, used)));
    }
}
