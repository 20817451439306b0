package org.reusedetector.stream.functions;

import org.reusedetector.model.Evidence;

/**
 * A neighbourhood's running totals (keyed state of {@code NeighbourhoodAggregate}): pages, their scorable and
 * matched chunks, and a few matched labels; its badness is {@code score.Neighbourhood.badness}. The class name is part
 * of the checkpoint format: do not move or rename it.
 */
public record NeighbourhoodState(long pages, long chunks, double matched, Evidence[] evidence) {}
