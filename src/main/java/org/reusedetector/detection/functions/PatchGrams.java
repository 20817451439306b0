package org.reusedetector.detection.functions;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
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
    /** Per gram, its holders' ids ({@link QuiltStream#holderId}): longs, not URLs, since every sampled gram reads and writes its list. */
    private transient MapState<Long, long[]> holders;
    /** The URL of every holder id of this shard, read once per holder and record. */
    private transient MapState<Long, String> urls;

    public PatchGrams(QuiltStream quilt) {
        this.quilt = quilt;
    }

    @Override
    public void open(OpenContext openContext) {
        StateTtlConfig ttl = StateTtlConfig.newBuilder(Duration.ofMillis(quilt.ttlMillis()))
                .setUpdateType(StateTtlConfig.UpdateType.OnCreateAndWrite)
                .setStateVisibility(StateTtlConfig.StateVisibility.NeverReturnExpired)
                .build();
        MapStateDescriptor<Long, long[]> descriptor = new MapStateDescriptor<>("gram-holder-ids", Types.LONG, TypeInformation.of(long[].class));
        descriptor.enableTimeToLive(ttl);
        holders = getRuntimeContext().getMapState(descriptor);
        MapStateDescriptor<Long, String> urlDescriptor = new MapStateDescriptor<>("holder-urls", Types.LONG, Types.STRING);
        urlDescriptor.enableTimeToLive(ttl);
        urls = getRuntimeContext().getMapState(urlDescriptor);
    }

    @Override
    public void processElement(QuiltBatch batch, Context ctx, Collector<QuiltBatch> out) throws Exception {
        long[] grams = batch.grams();
        long self = QuiltStream.holderId(batch.url());
        urls.put(self, batch.url());
        Map<Long, Integer> ids = new HashMap<>();
        List<String> named = new ArrayList<>();
        int[] counts = new int[grams.length];
        int[] refs = new int[16];
        int used = 0;
        for (int i = 0; i < grams.length; i++) {
            long[] known = holders.get(grams[i]);
            if (known != null) {
                for (long holder : known) {
                    Integer ref = ids.get(holder);
                    if (ref == null) {
                        String url = urls.get(holder);
                        if (url == null) {
                            continue; // its name expired first: the holder is forgotten
                        }
                        ref = named.size();
                        ids.put(holder, ref);
                        named.add(url);
                    }
                    if (used == refs.length) {
                        refs = Arrays.copyOf(refs, used * 2);
                    }
                    refs[used++] = ref;
                    counts[i]++;
                }
            }
            long[] after = quilt.addHolder(known, self);
            if (after != known) {
                holders.put(grams[i], after);
            }
        }
        out.collect(new QuiltBatch(batch.url(), batch.eventTime(), batch.shard(), batch.batches(), grams, named.toArray(String[]::new), counts,
                Arrays.copyOf(refs, used)));
    }
}
