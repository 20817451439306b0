package org.reusedetector.model;

/**
 * A page's sampled k-grams of one index shard, on their way through the quilt signal: keyed by shard to learn each
 * gram's earlier holders, then by page to be judged. One record per page and shard rather than per gram, and pages
 * named by 64-bit holder ids ({@code QuiltStream.holderId}) rather than URLs, so the two shuffles and the judge's
 * state carry few records and no strings but the page's own URL, once.
 *
 * @param page the page's holder id
 * @param url the page's URL in the page's first record, empty in the others (the judge needs it once)
 * @param eventTime the page's fetch time, epoch milliseconds
 * @param shard the index shard of all these grams
 * @param batches how many records (shards) the page was split into (the judge waits for all of them)
 * @param grams the grams' fingerprints
 * @param holderCounts per gram, how many earlier holders it had (empty until the index has answered)
 * @param holders the holder ids of gram 0, then of gram 1, … (empty until the index has answered)
 */
public record QuiltBatch(long page, String url, long eventTime, int shard, int batches, long[] grams, int[] holderCounts, long[] holders) {}
