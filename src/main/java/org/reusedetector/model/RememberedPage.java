package org.reusedetector.model;

/**
 * Keyed label mode: a scored page kept by the join for the re-score window ({@code labels.keyed.rescore.retention}),
 * so that a label change of one of its hashes re-scores it.
 *
 * @param page the page without its signals' results, but for the copy mark its score reads
 * @param labels its labelled hashes as they stand: chunk index (-1: file hash), kind mask and origin
 * @param alerted whether its latest score raised a page alert
 */
public record RememberedPage(HashedPage page, LabelAnswer labels, boolean alerted) {}
