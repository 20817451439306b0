package org.reusedetector.discover;

/**
 * Partial per-hash counts of many hashes in one record, from one counting partition (a set of whole sites)
 * to the partition that merges a range of hashes: Flink moves a few thousand of these instead of one record
 * per hash. A block either holds {@code entries} packed entries in {@code data} (see {@link PartitionCounts}),
 * whose example pages are indices among the source's counted pages, or, after all of a source's entries for
 * the range, no entries and the URLs of some of those pages in {@code urls}, their indices in {@code data}.
 *
 * @param source the counting subtask
 * @param range the range of hashes (see {@link PartitionCounts#range})
 * @param entries entries in {@code data}, or 0 in a block of URLs
 * @param data packed entries, or the pages of {@code urls} (ascending, delta varints)
 * @param urls example URLs (empty in a block of entries)
 */
public record CountBlock(int source, int range, int entries, byte[] data, String[] urls) {}
