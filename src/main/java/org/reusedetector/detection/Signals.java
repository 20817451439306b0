package org.reusedetector.detection;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.reusedetector.config.Extension;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.signal.PageSignal;
import org.reusedetector.signal.PageSignals;
import org.reusedetector.signal.SharedParts;

/**
 * The signals beside the chunk hashes, and which of them the configuration turns on. They are the
 * {@link DetectionSignal}s among the {@link Extension}s of {@code META-INF/services/org.reusedetector.config.Extension}:
 * adding a signal is a package of its own under {@code signal} and one line in that file.
 */
public final class Signals {

    private Signals() {}

    /**
     * Every signal, in the order the parse step applies them, their operators are added and their alerts are joined: a
     * signal that changes the pages to be scored hands them to the ones after it.
     */
    private static final List<DetectionSignal> ALL = Extension.all().stream()
            .filter(DetectionSignal.class::isInstance)
            .map(DetectionSignal.class::cast)
            .toList();

    /** Every signal, whether on or not. */
    public static List<DetectionSignal> all() {
        return ALL;
    }

    /** The settings of the signals that keep theirs to themselves and are on, by name ({@link DetectionSignal#settingsOf}). */
    static Map<String, Serializable> ownSettings(ReuseDetectorConfig config) {
        Map<String, Serializable> settings = new LinkedHashMap<>();
        for (DetectionSignal signal : ALL) {
            Serializable own = signal.settingsOf(config);
            if (own != null) {
                settings.put(signal.name(), own);
            }
        }
        return settings;
    }

    /** The signals that the settings turn on, in {@link #ALL}'s order. */
    public static List<DetectionSignal> enabled(DetectionSettings settings) {
        return ALL.stream().filter(signal -> signal.enabled(settings)).toList();
    }

    /** The enabled signals that also run in the batch backfill. */
    public static List<DetectionSignal> enabledInBatch(DetectionSettings settings) {
        return enabled(settings).stream().filter(signal -> !signal.streamOnly()).toList();
    }

    /** The enabled signals' page parts for one parse thread, in {@link #enabled}'s order. */
    public static PageSignals pageSignals(DetectionSettings settings) {
        return pageSignals(settings, enabled(settings));
    }

    /** These signals' page parts for one parse thread, in their order, sharing what they share. */
    public static PageSignals pageSignals(DetectionSettings settings, List<DetectionSignal> signals) {
        SharedParts shared = new SharedParts();
        List<PageSignal> parts = new ArrayList<>();
        boolean[] ownPages = new boolean[signals.size()];
        for (int i = 0; i < signals.size(); i++) {
            parts.add(signals.get(i).pageSignal(settings, shared));
            ownPages[i] = signals.get(i).ownPages() != null;
        }
        return new PageSignals(parts, ownPages);
    }
}
