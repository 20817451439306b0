package org.reusedetector.model;

/**
 * Keyed label mode: a page with all its label partitions' answers, waiting for the label snapshot to be in everywhere.
 *
 * @param page the page
 * @param answers one per partition asked
 */
public record JoinedPage(HashedPage page, LabelAnswer[] answers) {}
