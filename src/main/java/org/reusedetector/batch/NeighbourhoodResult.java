package org.reusedetector.batch;

import org.reusedetector.model.Copy;
import org.reusedetector.model.Evidence;

/**
 * One line of a backfill's {@code neighborhoods.jsonl}: a prefix's final badness and whether it is bad.
 *
 * @param threshold the neighbourhood threshold; {@code null} (left out) when no neighbourhood counts towards it
 * @param badnessLow the lower confidence bound of the badness at {@code neighborhood.confidence}
 * @param badnessHigh the upper confidence bound of the badness
 */
public record NeighbourhoodResult(
        String prefix,
        long pages,
        double badness,
        boolean bad,
        Double threshold,
        long eventTime,
        Evidence[] evidence,
        Copy[] copies,
        Double badnessLow,
        Double badnessHigh) {

    /** A result without confidence bounds. */
    public NeighbourhoodResult(
            String prefix,
            long pages,
            double badness,
            boolean bad,
            Double threshold,
            long eventTime,
            Evidence[] evidence,
            Copy[] copies) {
        this(prefix, pages, badness, bad, threshold, eventTime, evidence, copies, null, null);
    }
}
