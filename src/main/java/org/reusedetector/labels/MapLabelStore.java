package org.reusedetector.labels;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A {@link LabelStore} on plain heap maps: for batch jobs, tools and tests. */
public final class MapLabelStore implements LabelStore {
    private final Map<Integer, byte[]> buckets = new HashMap<>();
    private final Map<String, Integer> originIds = new HashMap<>();
    private final List<String> origins = new ArrayList<>();

    @Override
    public byte[] bucket(int bucket) {
        return buckets.get(bucket);
    }

    @Override
    public void putBucket(int bucket, byte[] entries) {
        buckets.put(bucket, entries);
    }

    @Override
    public void removeBucket(int bucket) {
        buckets.remove(bucket);
    }

    @Override
    public int originId(String origin) {
        return originIds.getOrDefault(origin, -1);
    }

    @Override
    public int addOrigin(String origin) {
        origins.add(origin);
        originIds.put(origin, origins.size() - 1);
        return origins.size() - 1;
    }

    @Override
    public String origin(int id) {
        return id >= 0 && id < origins.size() ? origins.get(id) : null;
    }

    public int bucketCount() {
        return buckets.size();
    }
}
