package org.reusedetector.discover;

/** What blind discovery decides about a hash it considered. */
public enum Verdict {
    /** Spread across sites with the content it was copied with: labelled. */
    LABEL,
    /** Seen on fewer than the minimum number of hosts: one site's template (or its alias). */
    FEW_HOSTS,
    /**
     * On several hosts, but all of one site (registrable domain): one publisher's own reuse (translations of one
     * handbook, the {@code www.} and {@code docs.} hosts of one project), not copying between sites.
     */
    SAME_SITE,
    /** Most of its pages are on one host: that site's template, quoted elsewhere. */
    CONCENTRATED,
    /**
     * Spread, but on many pages of every site that carries it: boilerplate (a header or footer, even one copied
     * along with a whole site). The copied site is found by its content; its footer is no evidence.
     */
    BOILERPLATE,
    /**
     * Boilerplate on several sites: the fixed text of a documentation generator or a shared template. Published
     * as a {@code stop} label, so that it never counts as matched nor dilutes a page.
     */
    STOP,
    /**
     * Spread across sites, but too few distinct hashes sit on the same set of hosts: natural duplication (a
     * quote, a licence paragraph), not a copied site.
     */
    SMALL_GROUP,
    /** Below the discovery threshold (count modes). */
    BELOW_THRESHOLD;

    /** Whether a hash with this verdict goes into the labels file: as a label, or as a stop label. */
    public boolean published() {
        return this == LABEL || this == STOP;
    }
}
