package org.reusedetector.discover;

/**
 * Partial per-hash counts of many hashes in one record, from one counting partition (a set of whole sites)
 * to the partition that merges a range of hashes: Flink moves a few thousand of these instead of one record
 * per hash. {@code data} holds {@code entries} packed entries (see {@link PartitionCounts}); their example
 * URLs are indices into the URLs that the same source has sent to the same range so far, this block's
 * {@code urls} appended (records from one subtask to another arrive in order).
 *
 * @param source the counting subtask
 * @param range the range of hashes (see {@link PartitionCounts#range})
 * @param entries entries in {@code data}
 * @param data packed entries
 * @param urls example URLs first referenced in this block
 */
public record CountBlock(int source, int range, int entries, byte[] data, String[] urls) {}
