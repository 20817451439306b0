package org.reusedetector.model;

/**
 * Keyed label mode: what one label partition found of a page's hashes ({@link LabelQuery}): only the labelled ones.
 *
 * @param page the page's join id
 * @param indices per labelled hash, its chunk index in the page (-1: the file hash)
 * @param kinds per labelled hash, the kind mask of its label (the bits of {@code labels.LabelIndex})
 * @param origins per labelled hash, the label's origin (source, example page, family), or {@code null} when it has none
 */
public record LabelAnswer(long page, int[] indices, byte[] kinds, String[] origins) {}
