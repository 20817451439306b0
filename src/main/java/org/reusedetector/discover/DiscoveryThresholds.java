package org.reusedetector.discover;

import org.reusedetector.model.Label;

/**
 * The thresholds a run chose once the whole corpus was counted (discovery is not distributive, §4.2).
 *
 * @param pages pages counted
 * @param chunkThreshold chunks on at least this many pages are candidates
 * @param fileThreshold files on at least this many pages are candidates
 * @param groupThreshold candidates are labelled when at least this many sit on the same hosts (0: no grouping)
 */
public record DiscoveryThresholds(long pages, long chunkThreshold, long fileThreshold, long groupThreshold) {

    public static DiscoveryThresholds of(long pages, ThresholdRule rule) {
        return of(pages, 0, rule);
    }

    public static DiscoveryThresholds of(long pages, long countedChunks, ThresholdRule rule) {
        long threshold = rule.threshold(pages);
        return new DiscoveryThresholds(pages, threshold, threshold, rule.groupThreshold(pages, countedChunks));
    }

    public long forKind(String kind) {
        return Label.KIND_FILE.equals(kind) ? fileThreshold : chunkThreshold;
    }
}
