package org.reusedetector.model;

/**
 * Keyed label mode: one label partition's counts of chunk labels per coverage source (absolute, so that a repeated
 * record changes nothing), and whether the partition has loaded the label snapshot of {@code run}.
 *
 * @param partitionKey the partition's Flink key
 * @param run the run whose snapshot the partition has loaded, or {@code null} when none yet (or no run waits)
 * @param sources the sources whose counts changed
 * @param counts their counts in this partition, same order (0: none left)
 */
public record SourceCounts(int partitionKey, String run, String[] sources, long[] counts) {}
