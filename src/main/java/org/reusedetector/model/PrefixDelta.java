package org.reusedetector.model;

/**
 * The change one page makes to one neighbourhood: a new page adds its chunks and matched chunks, a revisit
 * replaces its earlier ones, an expired page withdraws them.
 *
 * @param prefix the neighbourhood's normalised URL prefix
 * @param pagesDelta +1 for a new page, 0 for a revisit, -1 for a withdrawn page
 * @param chunksDelta change in scorable chunks
 * @param matchedDelta change in matched chunks (a whole-file match counts all its chunks)
 * @param eventTime event time of the change
 * @param evidence a few labels of the page that caused the change (empty for withdrawals)
 */
public record PrefixDelta(String prefix, int pagesDelta, long chunksDelta, double matchedDelta, long eventTime, Evidence[] evidence) {}
