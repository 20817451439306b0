package org.reusedetector.model;

/**
 * Keyed label mode: the hashes of one page that one label partition owns, sent to that partition in one record (a
 * page costs one record per partition it touches, not one per chunk).
 *
 * @param page the page's join id (see {@link KeyedMatch})
 * @param partitionKey the Flink key of the partition that owns the hashes
 * @param indices per hash, its chunk index in the page, or -1 for the page's file hash
 * @param hashes the hashes, 20 bytes each, in the order of {@code indices}
 * @param eventTime the page's fetch time, epoch milliseconds ({@link #UNKNOWN_TIME}: a query held in state from before
 *     queries carried it): the partition remembers the page under each hash for a window of fetch time
 */
public record LabelQuery(long page, int partitionKey, int[] indices, byte[] hashes, long eventTime) {

    /** The fetch time of a query that does not know it. */
    public static final long UNKNOWN_TIME = Long.MIN_VALUE;
}
