package org.reusedetector.model;

/**
 * One matched label, as shown in alerts: the hash that matched and where the label came from.
 *
 * @param hash hex SHA-1 of the labelled chunk or file
 * @param kind {@code chunk} or {@code file}
 * @param source who labelled it (a discovery run, an expert set)
 * @param exampleUrl a page where the labelled content was seen, or {@code null}
 */
public record Evidence(String hash, String kind, String source, String exampleUrl) {}
