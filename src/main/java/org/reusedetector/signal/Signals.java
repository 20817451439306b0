package org.reusedetector.signal;

import java.util.List;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.DetectionSignal;
import org.reusedetector.signal.imatch.ImatchSignal;
import org.reusedetector.signal.nearcopy.NearCopySignal;

/**
 * The signals beside the chunk hashes, and which of them the configuration turns on. Adding a signal is a package of
 * its own under this one and an entry in {@link #ALL}; the jobs hand the enabled ones to
 * {@code DetectionWorkflow}, which imports no signal.
 */
public final class Signals {

    private Signals() {}

    /**
     * Every signal, in the order the parse step applies them, their operators are added and their alerts are joined: a
     * signal that changes the pages to be scored hands them to the ones after it.
     */
    private static final List<DetectionSignal> ALL = List.of(new ImatchSignal(), new NearCopySignal());

    /** Every signal, whether on or not. */
    public static List<DetectionSignal> all() {
        return ALL;
    }

    /** The signals that the settings turn on, in {@link #ALL}'s order. */
    public static List<DetectionSignal> enabled(DetectionSettings settings) {
        return ALL.stream().filter(signal -> signal.enabled(settings)).toList();
    }
}
