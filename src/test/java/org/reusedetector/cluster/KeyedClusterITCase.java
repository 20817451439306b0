package org.reusedetector.cluster;

import java.util.List;

/**
 * {@link ClusterITCase} in the keyed label mode ({@code labels.mode: KEYED}): a TaskManager killed with SIGKILL while
 * label partitions, the join and its remembered pages are spread over both TaskManagers; the recovered job's committed
 * alerts, dead letters and hash index equal those of a failure-free keyed run.
 */
class KeyedClusterITCase extends ClusterITCase {

    @Override
    List<String> labelsMode() {
        return List.of("--set", "labels.mode=KEYED", "--set", "labels.keyed.partitions=4");
    }
}
