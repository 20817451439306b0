package org.reusedetector.model;

/**
 * The labelled chunks of one source that a page holds, or that a change adds to or takes from a neighbourhood: the
 * input of source coverage ({@code score.SourceCoverage}).
 *
 * @param source the source: the site (registrable domain) of an expert label's example page, or the copy family of a
 *     discovered label
 * @param sourceChunks how many chunks of the source are labelled (the coverage's denominator) when the page was scored
 * @param exampleUrl a page of the source holding one of the chunks, or {@code null} (discovered labels)
 * @param chunks the chunks, by the first 8 bytes of their SHA-1, ascending and distinct
 * @param counts per chunk, how many pages it adds (+1 each) or takes (-1 each): a page's own tally holds 1s
 */
public record SourceChunks(String source, long sourceChunks, String exampleUrl, long[] chunks, int[] counts) {

    public static final SourceChunks[] NONE = new SourceChunks[0];
}
