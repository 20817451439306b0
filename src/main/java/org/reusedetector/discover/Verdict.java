package org.reusedetector.discover;

/** What blind discovery decides about a frequent hash. */
public enum Verdict {
    /** Frequent and spread across sites: labelled. */
    LABEL,
    /** Frequent but seen on fewer than the minimum number of hosts: one site's template (or its alias). */
    FEW_HOSTS,
    /** Frequent but most of its pages are on one host: that site's template, quoted elsewhere. */
    CONCENTRATED,
    /**
     * Frequent and spread, but on many pages of every site that carries it: boilerplate (a header or footer, even
     * one copied along with a whole site). The copied site is found by its content; its footer is no evidence.
     */
    BOILERPLATE,
    /** Below the discovery threshold. */
    BELOW_THRESHOLD
}
