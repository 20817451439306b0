package org.reusedetector.discover;

/**
 * What discovery from a hash index counts of one fetched page, worked out where the page is read so that
 * the shuffle to the counting partition carries only this: the URL and its identity, host and fate, and the
 * page's eligible distinct hashes (no chunk lengths, nothing to parse again).
 *
 * @param partition the hash of the page's partition key ({@link PartitionCounts#partitionKey}): its site
 * @param url the URL as fetched
 * @param key the URL's identity for "latest fetch wins" (normalised, ignored parameters dropped), or
 *     {@code null} when it is the URL itself
 * @param host the page's host ({@link SiteKey}), or {@code null} when the page is not counted
 * @param eventTime the fetch time
 * @param fate {@link #COUNTED}, {@link #INVALID_URL} or {@link #RECURSION}
 * @param file whether {@code hashes} starts with the page's file hash
 * @param hashes the eligible hashes, 20 bytes each, each once: the file's first if {@code file}, then the chunks'
 */
public record PageHashes(
        int partition, String url, String key, String host, long eventTime, byte fate, boolean file, byte[] hashes) {

    public static final byte COUNTED = 0;
    public static final byte INVALID_URL = 1;
    public static final byte RECURSION = 2;

    /** The URL's identity. */
    String identity() {
        return key == null ? url : key;
    }

    /** Eligible distinct chunks of the page (its file hash aside). */
    int chunks() {
        return hashes.length / org.reusedetector.page.Sha1.LENGTH - (file ? 1 : 0);
    }
}
