package org.reusedetector.labels;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link LabelStore} on the plain heap: for batch jobs, tools and tests. The buckets are one array
 * indexed by bucket number (1.3 MB for all 65,536), cheaper than a map once there are a few labels per bucket.
 */
public final class MapLabelStore implements LabelStore {
    private final byte[][] buckets = new byte[1 << 16][];
    private int bucketCount;
    private final Map<String, Integer> originIds = new HashMap<>();
    private final List<String> origins = new ArrayList<>();
    private final Map<String, Long> sourceChunks = new HashMap<>();

    @Override
    public byte[] bucket(int bucket) {
        return buckets[bucket];
    }

    @Override
    public void putBucket(int bucket, byte[] entries) {
        if (buckets[bucket] == null) {
            bucketCount++;
        }
        buckets[bucket] = entries;
    }

    @Override
    public void removeBucket(int bucket) {
        if (buckets[bucket] != null) {
            bucketCount--;
        }
        buckets[bucket] = null;
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

    @Override
    public long sourceChunks(String source) {
        return sourceChunks.getOrDefault(source, 0L);
    }

    @Override
    public void addSourceChunks(String source, long delta) {
        long count = sourceChunks.getOrDefault(source, 0L) + delta;
        if (count <= 0) {
            sourceChunks.remove(source);
        } else {
            sourceChunks.put(source, count);
        }
    }

    public int bucketCount() {
        return bucketCount;
    }
}
