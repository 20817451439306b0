package org.reusedetector.detection.functions;

import org.reusedetector.model.SourceChunks;

/**
 * What a URL currently contributes to its neighbourhoods, its latest containment, its labelled chunks per source, and when it was fetched: keyed state
 * of {@code UrlContributions}. Checkpoints hold it in
 * {@link UrlContributionFormat}, not by class name.
 */
public record UrlContribution(long chunks, double matched, long eventTime, SourceChunks[] sources) {

    /** A contribution without source tallies (a state written before they were kept reads with none). */
    public UrlContribution(long chunks, double matched, long eventTime) {
        this(chunks, matched, eventTime, SourceChunks.NONE);
    }
}
