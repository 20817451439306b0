package org.reusedetector.config;

/** Where the stream keeps the labelled set ({@code labels.mode}). */
public enum LabelsMode {
    /**
     * A copy of the whole set in broadcast state on the heap of every parallel matcher: no network hop per page, the
     * fastest for sets that fit a task's heap many times over.
     */
    BROADCAST,
    /**
     * Partitioned by hash in keyed RocksDB state ({@code labels.keyed.partitions}): each label is kept once, on disk,
     * and a page's hashes are sent to the partitions that own them; for sets larger than a task's heap.
     */
    KEYED
}
