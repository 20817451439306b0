package org.reusedetector.detection.functions;

import java.util.HashMap;
import java.util.Map;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.metrics.Counter;
import org.apache.flink.util.function.SerializableFunction;

/**
 * Passes records through and counts them in a metric per value of a key (the dead letters' reason, the
 * alerts' type, the labels' kind): one counter {@code name} in a metric group {@code group=value}, which
 * Prometheus shows as a label ({@code reason="invalid-json"}). Records whose key is {@code null} are passed
 * on uncounted. Stateless; the counters restart at zero with the task, as Flink's own do.
 */
public final class CountByKey<T> extends RichMapFunction<T, T> {

    private final String group;
    private final String name;
    private final SerializableFunction<T, String> key;
    private transient Map<String, Counter> counters;

    public CountByKey(String group, String name, SerializableFunction<T, String> key) {
        this.group = group;
        this.name = name;
        this.key = key;
    }

    @Override
    public void open(OpenContext context) {
        counters = new HashMap<>();
    }

    @Override
    public T map(T record) throws Exception {
        String value = key.apply(record);
        if (value != null) {
            counters.computeIfAbsent(
                            value,
                            v -> getRuntimeContext()
                                    .getMetricGroup()
                                    .addGroup(group, v)
                                    .counter(name))
                    .inc();
        }
        return record;
    }
}
