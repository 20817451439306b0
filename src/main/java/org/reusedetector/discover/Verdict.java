package org.reusedetector.discover;

/** What blind discovery decides about a frequent hash. */
public enum Verdict {
    /** Frequent and spread across sites: labelled. */
    LABEL,
    /** Frequent but seen on fewer than the minimum number of hosts: one site's template (or its alias). */
    FEW_HOSTS,
    /** Frequent but most of its pages are on one host: that site's template, quoted elsewhere. */
    CONCENTRATED,
    /** Below the discovery threshold. */
    BELOW_THRESHOLD
}
