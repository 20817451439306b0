package org.reusedetector.discover;

import org.reusedetector.model.Label;

/**
 * The thresholds a run chose once the whole corpus was counted (discovery is not distributive, §4.2).
 *
 * @param pages pages counted
 * @param chunkThreshold chunks on at least this many pages are candidates
 * @param fileThreshold files on at least this many pages are candidates
 * @param groupThreshold the floor of the group threshold: candidates are labelled when at least this many, and at
 *     least a page's worth of the pages they sit on ({@link ThresholdRule#groupThreshold(long, long)}), sit on
 *     the same hosts (0: no grouping)
 */
public record DiscoveryThresholds(long pages, long chunkThreshold, long fileThreshold, long groupThreshold) {

    public static DiscoveryThresholds of(long pages, ThresholdRule rule) {
        long threshold = rule.threshold(pages);
        return new DiscoveryThresholds(pages, threshold, threshold, rule.groupFloor());
    }

    /**
     * The group threshold of one host set whose candidates' smallest example page holds {@code smallestExamplePage}
     * countable chunks ({@link ThresholdRule#groupThreshold(long, long)}).
     */
    public long groupThreshold(long smallestExamplePage) {
        return ThresholdRule.groupThreshold(groupThreshold, smallestExamplePage);
    }

    public long forKind(String kind) {
        return Label.KIND_FILE.equals(kind) ? fileThreshold : chunkThreshold;
    }
}
