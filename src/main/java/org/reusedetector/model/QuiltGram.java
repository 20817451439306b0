package org.reusedetector.model;

/**
 * One sampled k-gram of a page on its way through the quilt signal: keyed by gram to learn its earlier holders,
 * then by page to be judged.
 *
 * @param url the page
 * @param eventTime the page's fetch time, epoch milliseconds
 * @param gram the gram's fingerprint
 * @param grams how many sampled grams the page has (the judge waits for all of them)
 * @param holders the other pages that held the gram before, empty until the gram index has answered
 */
public record QuiltGram(String url, long eventTime, long gram, int grams, String[] holders) {}
