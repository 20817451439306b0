package org.reusedetector.config;

/** How blind discovery sets its frequency threshold ({@code discovery.threshold.mode}). */
public enum ThresholdMode {
    /** From the corpus size: {@code max(min-count, ceil(scale * pages^exponent))}. */
    SCALED,
    /** An absolute count of pages ({@code discovery.threshold.count}). */
    FIXED
}
