package org.reusedetector.stream;

import java.util.Map;

/**
 * {@link RecoveryITCase}'s failure modes in the keyed label mode ({@code labels.mode: KEYED}, re-scores on): an
 * operator exception, a task failure during a checkpoint, a crash and a resume from the retained checkpoint, and a
 * broker restart, each leaving the alerts, dead letters and hash index of a failure-free keyed run.
 */
class KeyedRecoveryITCase extends RecoveryITCase {

    @Override
    Map<String, String> labelsMode() {
        return Map.of("labels.mode", "KEYED", "labels.keyed.partitions", "4");
    }
}
