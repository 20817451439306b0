package org.reusedetector.stream.functions;

import org.reusedetector.model.Evidence;

/** A neighbourhood's running totals: pages, the sum of their containment, and a few matched labels. */
public record NeighbourhoodState(long pages, double sumContains, Evidence[] evidence) {

    public double badness() {
        return pages == 0 ? 0.0 : Math.min(1.0, Math.max(0.0, sumContains / pages));
    }
}
