package org.reusedetector.discover;

/**
 * Which side of a copy the evidence puts a host of a family on. Whole pages are copied, so the family's own pages
 * cannot tell: a mirror holds exactly what its source holds. The evidence is what else the host's publisher (its
 * site, the registrable domain) publishes: an author's site holds text of its own besides what was copied from it;
 * a mirror or an ad farm holds little but copied text. A page "of its own" holds text (an eligible chunk) and no
 * labelled content of any family; the share {@code q} of such pages among the site's pages with text decides:
 *
 * <ul>
 *   <li>{@link #SOURCE} when {@code q > 1/2}: most of what the publisher has is its own text;
 *   <li>{@link #COPIER} when {@code q < 1/2} and some host of the family is a source: most of what the publisher
 *       has is labelled (copied) text, and the family has a likelier origin;
 *   <li>{@link #UNCLEAR} otherwise: {@code q = 1/2}, the site has no page with text, or no host of the family
 *       publishes mostly its own text (a whole-site mirror of a source that publishes nothing else looks exactly like
 *       its copies, and a source missing from the crawl leaves only copies).
 * </ul>
 *
 * <p>The confidence is the lower end of the one-sided 95% Wilson interval of the share of the site's pages that
 * point to the side (its own pages for a source, its pages with labelled content for a copier); 0 when unclear.
 * It grows with the number of pages and with how one-sided they are: a site of 1 page that holds only copied text
 * gets 0.27, one of 100 such pages 0.97.
 *
 * <p>The first fetch is no evidence: it is the crawler's order, and a copy is often fetched before its source.
 * Nor is the family's share of a host's chunks: a mirror and its source have the same.
 */
final class CopySide {

    static final String SOURCE = "source";
    static final String COPIER = "copier";
    static final String UNCLEAR = "unclear";

    /** z of a one-sided 95% interval. */
    private static final double Z = 1.6448536269514722;

    /**
     * A side and how sure it is.
     *
     * @param side {@link #SOURCE}, {@link #COPIER} or {@link #UNCLEAR}
     * @param confidence the lower bound of the share of pages for the side; 0 when unclear
     */
    record Judgement(String side, double confidence) {}

    private CopySide() {}

    /** Whether the pages of a site put its hosts on the source side: most of its pages with text are its own. */
    static boolean sourceLike(long sitePages, long siteOwnPages) {
        return 2 * siteOwnPages > sitePages;
    }

    /**
     * The side of a host whose site has {@code sitePages} pages with text, {@code siteOwnPages} of them its own,
     * in a family where {@code familyHasSource} (some host is {@link #sourceLike}).
     */
    static Judgement judge(long sitePages, long siteOwnPages, boolean familyHasSource) {
        if (sitePages <= 0) {
            return new Judgement(UNCLEAR, 0);
        }
        if (sourceLike(sitePages, siteOwnPages)) {
            return new Judgement(SOURCE, lowerBound(siteOwnPages, sitePages));
        }
        long copied = sitePages - siteOwnPages;
        if (familyHasSource && 2 * copied > sitePages) {
            return new Judgement(COPIER, lowerBound(copied, sitePages));
        }
        return new Judgement(UNCLEAR, 0);
    }

    /** The lower end of the one-sided 95% Wilson score interval of a share of {@code k} in {@code n}. */
    static double lowerBound(long k, long n) {
        if (n <= 0) {
            return 0;
        }
        double p = (double) k / n;
        double z2 = Z * Z;
        double centre = p + z2 / (2 * n);
        double spread = Z * Math.sqrt(p * (1 - p) / n + z2 / (4.0 * n * n));
        return Math.max(0, (centre - spread) / (1 + z2 / n));
    }
}
