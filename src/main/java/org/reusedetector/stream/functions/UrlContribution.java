package org.reusedetector.stream.functions;

/** What a URL currently contributes to its neighbourhoods: its latest containment and when it was fetched. */
public record UrlContribution(double contains, long eventTime) {}
