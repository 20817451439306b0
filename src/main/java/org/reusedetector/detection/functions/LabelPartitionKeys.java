package org.reusedetector.detection.functions;

import java.io.Serializable;
import org.apache.flink.runtime.state.KeyGroupRangeAssignment;

/**
 * Keyed label mode: the Flink key of each label partition, chosen so that partition {@code p} falls in key group
 * {@code p} of an operator whose max parallelism is the partition count. Plain partition numbers would be hashed into
 * key groups, some getting two partitions and some none; with one partition per key group, any parallelism up to
 * the partition count spreads them evenly (within one), and rescaling moves whole partitions.
 */
public final class LabelPartitionKeys implements Serializable {

    private static final long serialVersionUID = 1L;

    private final int[] keys;

    public LabelPartitionKeys(int partitions) {
        keys = new int[partitions];
        boolean[] taken = new boolean[partitions];
        int found = 0;
        for (int candidate = 0; found < partitions; candidate++) {
            int group = KeyGroupRangeAssignment.assignToKeyGroup(candidate, partitions);
            if (!taken[group]) {
                taken[group] = true;
                keys[group] = candidate;
                found++;
            }
        }
    }

    /** The key of every partition, by partition. */
    public int[] keys() {
        return keys.clone();
    }

    public int keyOf(int partition) {
        return keys[partition];
    }

    public int partitions() {
        return keys.length;
    }
}
