package org.reusedetector.detection.functions;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.model.SourceCounts;
import org.reusedetector.model.SourceTotals;

/**
 * Keyed label mode: sums the label partitions' counts of chunk labels per coverage source ({@link LabelPartition#COUNTS})
 * into totals for the join, and says when every partition has this run's snapshot. One task (one key): there are few
 * records, one per changed source and partition and second. State: a count per partition and source, and a total per
 * source, both bounded by the sources the labels name; no TTL, as the labels they count have none.
 */
public final class SumSourceCounts extends KeyedProcessFunction<Integer, SourceCounts, SourceTotals> {

    private static final long serialVersionUID = 1L;

    /** Every count goes to the one task. */
    public static final KeySelector<SourceCounts, Integer> ONE_KEY = counts -> 0;

    private final String run;
    private final int partitions;

    private transient MapState<String, Long> perPartition;
    private transient MapState<String, Long> totals;
    private transient MapState<Integer, String> loaded;
    private transient ValueState<String> announced;

    public SumSourceCounts(DetectionSettings settings, int partitions) {
        this.run = settings.labelSnapshotRun();
        this.partitions = partitions;
    }

    @Override
    public void open(OpenContext openContext) {
        var context = getRuntimeContext();
        perPartition = context.getMapState(new MapStateDescriptor<>("source-counts", Types.STRING, Types.LONG));
        totals = context.getMapState(new MapStateDescriptor<>("source-totals", Types.STRING, Types.LONG));
        loaded = context.getMapState(new MapStateDescriptor<>("partitions-loaded", Types.INT, Types.STRING));
        announced = context.getState(new ValueStateDescriptor<>("snapshot-announced", Types.STRING));
    }

    @Override
    public void processElement(SourceCounts counts, Context ctx, Collector<SourceTotals> out) throws Exception {
        List<String> sources = new ArrayList<>();
        List<Long> sums = new ArrayList<>();
        for (int i = 0; i < counts.sources().length; i++) {
            String source = counts.sources()[i];
            String key = counts.partitionKey() + "\u0000" + source;
            Long before = perPartition.get(key);
            long delta = counts.counts()[i] - (before == null ? 0 : before);
            if (counts.counts()[i] <= 0) {
                perPartition.remove(key);
            } else {
                perPartition.put(key, counts.counts()[i]);
            }
            if (delta == 0) {
                continue;
            }
            Long total = totals.get(source);
            long sum = (total == null ? 0 : total) + delta;
            if (sum <= 0) {
                totals.remove(source);
            } else {
                totals.put(source, sum);
            }
            sources.add(source);
            sums.add(Math.max(0, sum));
        }
        boolean newlyLoaded = false;
        if (run != null && run.equals(counts.run()) && !run.equals(announced.value())) {
            loaded.put(counts.partitionKey(), run);
            int in = 0;
            for (String partitionRun : loaded.values()) {
                in += run.equals(partitionRun) ? 1 : 0;
            }
            if (in >= partitions) {
                announced.update(run);
                newlyLoaded = true;
            }
        }
        if (!sources.isEmpty() || newlyLoaded) {
            out.collect(new SourceTotals(
                    announced.value(),
                    sources.toArray(new String[0]),
                    sums.stream().mapToLong(Long::longValue).toArray()));
        }
    }
}
