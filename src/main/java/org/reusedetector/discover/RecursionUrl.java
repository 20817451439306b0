package org.reusedetector.discover;

/** A URL left out of counting as a crawler recursion error (a line of {@code recursion.jsonl}). */
public record RecursionUrl(String url) {}
