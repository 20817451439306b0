package org.reusedetector.discover;

import org.reusedetector.model.Label;

/**
 * The thresholds a run chose once the whole corpus was counted (discovery is not distributive, §4.2).
 *
 * @param pages pages counted
 * @param chunkThreshold chunks on at least this many pages are candidates
 * @param fileThreshold files on at least this many pages are candidates
 */
public record DiscoveryThresholds(long pages, long chunkThreshold, long fileThreshold) {

    public static DiscoveryThresholds of(long pages, ThresholdRule rule) {
        long threshold = rule.threshold(pages);
        return new DiscoveryThresholds(pages, threshold, threshold);
    }

    public long forKind(String kind) {
        return Label.KIND_FILE.equals(kind) ? fileThreshold : chunkThreshold;
    }
}
