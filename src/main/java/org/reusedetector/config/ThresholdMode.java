package org.reusedetector.config;

/** How blind discovery decides what to label ({@code discovery.threshold.mode}). */
public enum ThresholdMode {
    /** No count threshold: a hash spread across sites is labelled when enough distinct hashes sit on exactly its hosts. */
    STRUCTURE,
    /** From the corpus size: {@code max(min-count, ceil(scale * pages^exponent))}. */
    SCALED,
    /** An absolute count of pages ({@code discovery.threshold.count}). */
    FIXED
}
