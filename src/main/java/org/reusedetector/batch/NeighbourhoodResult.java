package org.reusedetector.batch;

import org.reusedetector.model.Copy;
import org.reusedetector.model.Evidence;

/** One line of a backfill's {@code neighborhoods.jsonl}: a prefix's final badness and whether it is bad. */
public record NeighbourhoodResult(
        String prefix,
        long pages,
        double badness,
        boolean bad,
        double threshold,
        long eventTime,
        Evidence[] evidence,
        Copy[] copies) {}
