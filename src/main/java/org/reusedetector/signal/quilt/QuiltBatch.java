package org.reusedetector.signal.quilt;

/**
 * A page's sampled k-grams of one index shard, on their way through the quilt signal: keyed by shard to learn each
 * gram's earlier holders, then by page to be judged. One record per page and shard rather than per gram, and pages
 * named by 64-bit holder ids ({@code QuiltStream.holderId}) rather than URLs, so the two shuffles and the judge's
 * state carry few records and no strings but the page's own URL, once.
 *
 * @param page the page's holder id
 * @param url the page's URL in the page's first record, empty in the others (the judge needs it once)
 * @param eventTime the page's fetch time, epoch milliseconds
 * @param shard the index shard of all these grams (in the judge's gathered record: how many shards are in)
 * @param batches how many records (shards) the page was split into (the judge waits for all of them)
 * @param grams the grams' fingerprints (empty once the index has answered: the judge needs only their number)
 * @param holderCounts once the index has answered, one entry per gram: how many foreign earlier holders it has if it
 *     is a patch gram, else 0 ({@code QuiltStream.patchSources}); empty before
 * @param holders once the index has answered, the patch grams' foreign holder ids, gram by gram; empty before
 */
public record QuiltBatch(
        long page,
        String url,
        long eventTime,
        int shard,
        int batches,
        long[] grams,
        int[] holderCounts,
        long[] holders) {}
