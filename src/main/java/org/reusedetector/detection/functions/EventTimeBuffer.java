package org.reusedetector.detection.functions;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.functions.RuntimeContext;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.base.IntSerializer;
import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.streaming.api.TimerService;

/**
 * Keyed records waiting for the watermark to pass their event time, in arrival order per event time. Appending is
 * constant work (a count and one entry, never the records before), because one key may gather many records of one
 * event time: the threshold statistic holds every neighbourhood's updates of a fetch second under its one key.
 * Registers an event-time timer per event time; the caller drains that time in {@code onTimer}.
 */
final class EventTimeBuffer<T> {

    private final MapState<Long, Integer> counts;
    private final MapState<String, T> records;

    /** State {@code name + "-counts"} and {@code name + "-records"} of the calling keyed function. */
    EventTimeBuffer(RuntimeContext context, String name, TypeSerializer<T> serializer) {
        counts = context.getMapState(
                new MapStateDescriptor<>(name + "-counts", LongSerializer.INSTANCE, IntSerializer.INSTANCE));
        records =
                context.getMapState(new MapStateDescriptor<>(name + "-records", StringSerializer.INSTANCE, serializer));
    }

    void add(long time, T record, TimerService timers) throws Exception {
        Integer count = counts.get(time);
        if (count == null) {
            count = 0;
            timers.registerEventTimeTimer(time);
        }
        records.put(key(time, count), record);
        counts.put(time, count + 1);
    }

    /** The records of {@code time} in arrival order, gone from state; empty when there are none. */
    List<T> drain(long time) throws Exception {
        Integer count = counts.get(time);
        if (count == null) {
            return List.of();
        }
        counts.remove(time);
        List<T> due = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String key = key(time, i);
            due.add(records.get(key));
            records.remove(key);
        }
        return due;
    }

    private static String key(long time, int index) {
        return time + ":" + index;
    }
}
