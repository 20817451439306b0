package org.reusedetector.detection.functions;

import org.reusedetector.model.Copy;
import org.reusedetector.model.Evidence;

/**
 * A neighbourhood's running totals (keyed state of {@code NeighbourhoodAggregate}): pages, their scorable and
 * matched chunks, a few matched labels, and the sums over pages of squares and products of the two counts (for the
 * confidence bounds of {@code score.NeighbourhoodConfidence}), and the sources it covers most ({@code copies}, whose
 * chunks are counted in the operator's map state); its badness is {@code score.Neighbourhood.badness}. Checkpoints hold it in {@link NeighbourhoodStateFormat}, not by class name.
 */
public record NeighbourhoodState(
        long pages,
        long chunks,
        double matched,
        Evidence[] evidence,
        double chunksSquared,
        double matchedSquared,
        double products,
        Copy[] copies) {

    /** Totals without the sums of squares (a state written before they were kept reads with them 0). */
    public NeighbourhoodState(long pages, long chunks, double matched, Evidence[] evidence) {
        this(pages, chunks, matched, evidence, 0, 0, 0, Copy.NONE);
    }
}
