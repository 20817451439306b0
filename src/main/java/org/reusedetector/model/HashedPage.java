package org.reusedetector.model;

import java.util.Arrays;

/**
 * A page cut into chunks and hashed: the chunk hash vector in document order with the chunk lengths, and what the
 * enabled signals found on it. Hashes are packed as raw 20-byte SHA-1 digests so that a page costs a few bytes per
 * chunk.
 *
 * @param url the page URL as crawled
 * @param eventTime fetch time, epoch milliseconds
 * @param fileHash SHA-1 of the whole body (20 bytes)
 * @param chunkHashes SHA-1 of every chunk, concatenated in document order (20 bytes each)
 * @param chunkLengths length in characters of every normalised chunk, same order
 * @param bodyBytes size of the body in UTF-8 bytes (for throughput figures)
 * @param results the signals' results, at most one per {@link ResultKey}, in the order they were put on; read them
 *     with {@link #result} (empty when no signal is on)
 */
public record HashedPage(
        String url,
        long eventTime,
        byte[] fileHash,
        byte[] chunkHashes,
        int[] chunkLengths,
        int bodyBytes,
        SignalResult[] results) {

    private static final SignalResult[] NO_RESULTS = new SignalResult[0];

    public HashedPage {
        if (results == null) {
            results = NO_RESULTS; // held pages of jobs from before the results were a component
        }
    }

    /** A page without signal results. */
    public HashedPage(
            String url, long eventTime, byte[] fileHash, byte[] chunkHashes, int[] chunkLengths, int bodyBytes) {
        this(url, eventTime, fileHash, chunkHashes, chunkLengths, bodyBytes, NO_RESULTS);
    }

    /** The page's result of this key, or {@code null}: no signal put one on. */
    public <T> T result(ResultKey<T> key) {
        for (SignalResult r : results) {
            if (r.name().equals(key.name())) {
                return key.decode(r.value());
            }
        }
        return null;
    }

    /** Whether a signal put a result of this key on the page. */
    public boolean has(ResultKey<?> key) {
        return indexOf(key) >= 0;
    }

    /** The same page with {@code value} as its result of {@code key}, in place of any it had. */
    public <T> HashedPage with(ResultKey<T> key, T value) {
        SignalResult result = new SignalResult(key.name(), key.encode(value));
        int i = indexOf(key);
        SignalResult[] next;
        if (i >= 0) {
            next = results.clone();
            next[i] = result;
        } else {
            next = Arrays.copyOf(results, results.length + 1);
            next[results.length] = result;
        }
        return withResults(next);
    }

    /** The same page without a result of {@code key}. */
    public HashedPage without(ResultKey<?> key) {
        int i = indexOf(key);
        if (i < 0) {
            return this;
        }
        SignalResult[] next = new SignalResult[results.length - 1];
        System.arraycopy(results, 0, next, 0, i);
        System.arraycopy(results, i + 1, next, i, results.length - i - 1);
        return withResults(next);
    }

    private HashedPage withResults(SignalResult[] next) {
        return new HashedPage(url, eventTime, fileHash, chunkHashes, chunkLengths, bodyBytes, next);
    }

    private int indexOf(ResultKey<?> key) {
        for (int i = 0; i < results.length; i++) {
            if (results[i].name().equals(key.name())) {
                return i;
            }
        }
        return -1;
    }

    public int chunkCount() {
        return chunkLengths.length;
    }
}
