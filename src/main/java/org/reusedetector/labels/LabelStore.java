package org.reusedetector.labels;

/**
 * Where a {@link LabelIndex} keeps its data: buckets of packed entries and a dictionary of label origins.
 * Implemented over plain maps (batch, tests) and over Flink broadcast state (streaming).
 */
public interface LabelStore {

    /** The bucket's packed entries, or {@code null} when the bucket is empty. */
    byte[] bucket(int bucket);

    void putBucket(int bucket, byte[] entries);

    void removeBucket(int bucket);

    /** Id of an origin ({@code source} and {@code example_url}), or -1 when it has none yet. */
    int originId(String origin);

    /** Registers a new origin and returns its id. Ids must be assigned deterministically (in arrival order). */
    int addOrigin(String origin);

    String origin(int id);

    /**
     * How many chunk labels count for a source (see {@code LabelIndex#sourceOf}); 0 when none, or when the store does
     * not count them (source coverage is then unknown).
     */
    default long sourceChunks(String source) {
        return 0;
    }

    /** Changes a source's count of chunk labels (a store that does not count them ignores it). */
    default void addSourceChunks(String source, long delta) {}
}
