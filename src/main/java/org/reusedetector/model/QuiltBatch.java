package org.reusedetector.model;

/**
 * A page's sampled k-grams of one index shard, on their way through the quilt signal: keyed by shard to learn each
 * gram's earlier holders, then by page to be judged. One record per page and shard rather than per gram, and holders
 * named once per record, so the two shuffles carry few records and few strings.
 *
 * @param url the page
 * @param eventTime the page's fetch time, epoch milliseconds
 * @param shard the index shard of all these grams
 * @param batches how many records (shards) the page was split into (the judge waits for all of them)
 * @param grams the grams' fingerprints
 * @param holderUrls the distinct pages that held any of the grams before (empty until the index has answered)
 * @param holderCounts per gram, how many holders it had
 * @param holderRefs the holders of gram 0, then of gram 1, …, as indexes into {@code holderUrls}
 */
public record QuiltBatch(String url, long eventTime, int shard, int batches, long[] grams, String[] holderUrls, int[] holderCounts, int[] holderRefs) {}
