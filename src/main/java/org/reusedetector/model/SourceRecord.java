package org.reusedetector.model;

/**
 * A raw input record before it is validated: the text as received and where it came from.
 *
 * @param value the record as UTF-8 text (a JSON object when well formed)
 * @param origin topic/partition/offset or file:line, for dead letters
 */
public record SourceRecord(String value, String origin) {}
