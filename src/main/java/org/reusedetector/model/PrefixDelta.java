package org.reusedetector.model;

/**
 * The change one page makes to one neighbourhood: a new page adds its containment, a revisit replaces
 * its earlier containment, an expired page withdraws it.
 *
 * @param prefix the neighbourhood's normalised URL prefix
 * @param pagesDelta +1 for a new page, 0 for a revisit, -1 for a withdrawn page
 * @param badnessDelta new containment minus old containment
 * @param eventTime event time of the change
 * @param evidence a few labels of the page that caused the change (empty for withdrawals)
 */
public record PrefixDelta(String prefix, int pagesDelta, double badnessDelta, long eventTime, Evidence[] evidence) {}
