package org.reusedetector.detection.functions;

import org.apache.flink.api.common.state.BroadcastState;
import org.reusedetector.format.SnapshotMarker;

/**
 * Whether this run's label snapshot has loaded: its marker seen on every labels partition. The operators that match
 * pages against broadcast labels hold pages until then, so that a page read before its label is not missed. Markers
 * and the loaded run are kept in the operator's own broadcast state ({@code marker:<partition>} and {@code ready} →
 * run), so that they survive a restore. One per operator instance.
 */
final class LabelSnapshotGate {

    static final String MARKER = "marker:";
    static final String READY = LabelState.READY;

    private final String run;
    private final int partitions;
    private boolean ready;

    /** {@code run} is null when the job does not wait for a snapshot. */
    LabelSnapshotGate(String run, int partitions) {
        this.run = run;
        this.partitions = partitions;
        this.ready = run == null;
    }

    /**
     * On (re)start, {@code loadedRun} is what the restored state holds under {@link #READY}: a resumed run waits again,
     * for its own markers, because labels loaded just before it started must be in first.
     */
    void restore(String loadedRun) {
        ready = run == null || run.equals(loadedRun);
    }

    boolean ready() {
        return ready;
    }

    /** Records a marker; true when it completed the snapshot, and the caller should release the pages it holds. */
    boolean onMarker(SnapshotMarker marker, BroadcastState<String, String> state) throws Exception {
        if (marker.run().equals(run)) {
            state.put(MARKER + marker.partition(), run);
        }
        if (ready) {
            return false;
        }
        int markers = 0;
        for (var entry : state.entries()) {
            if (entry.getKey().startsWith(MARKER) && entry.getValue().equals(run)) {
                markers++;
            }
        }
        if (markers < partitions) {
            return false;
        }
        state.put(READY, run);
        ready = true;
        return true;
    }

    /** Whether a broadcast-state key is the gate's own, not a label. */
    static boolean isOwnKey(String key) {
        return key.startsWith(MARKER) || key.equals(READY);
    }
}
