package org.reusedetector.stream.functions;

/**
 * What a URL currently contributes to its neighbourhoods, its latest containment and when it was fetched: keyed state
 * of {@code UrlContributions}. The class name is part of the checkpoint format: do not move or rename it.
 */
public record UrlContribution(long chunks, double matched, long eventTime) {}
