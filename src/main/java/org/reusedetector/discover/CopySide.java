package org.reusedetector.discover;

import java.util.HashMap;
import java.util.Map;

/**
 * Which side of a copy the evidence puts the hosts of a family on. The family's own pages cannot tell: a mirror holds
 * exactly what its source holds, with the same share of its chunks. Nor can the first fetch: it is the crawler's
 * order, and a copy is often fetched before its source. The evidence is what else each host's publisher (its site,
 * the registrable domain) publishes: an author's site holds text of its own besides what was copied from it, while a
 * mirror or an ad farm holds little but copied text. A page of the site is "its own" when it holds text (an eligible
 * chunk) and no labelled content of any family; each site of the family has a share {@code q} of such pages among
 * its pages with text, known within a one-sided 95% Wilson bound each way ({@code lo}, {@code hi}).
 *
 * <ul>
 *   <li>The family's likeliest source is the site with the highest {@code lo}.
 *   <li>{@link #COPIER}: a site whose {@code hi} is below that {@code lo} and below {@value #COPIER_OWN_SHARE}: beyond
 *       the noise of its page counts, it has less text of its own than the likeliest source, and next to none (mirrors
 *       and ad farms have none). A site with more text of its own may be a clone with pages of its own, a publisher
 *       quoting, or a source whose pages were copied one by one: its share of own pages cannot tell which, however
 *       precisely it is known, so it stays unclear.
 *   <li>{@link #SOURCE}: the likeliest source, when the family has a copier and no other site that is not a copier
 *       has as high a {@code lo}; or, with no copier, when every other site's hosts of the family show nothing but
 *       the family (every page with text holds its content or its stop chunks: the text of their own wraps the copy,
 *       as an ad farm's does) and its {@code lo} is above every other site's {@code hi}. A family has one origin: the
 *       sites that cannot be told from it stay unclear.
 *   <li>{@link #UNCLEAR}: the others, and every host of a family whose sites cannot be told apart (a whole-site mirror
 *       of a source that publishes nothing else looks exactly like its copies; a source missing from the crawl
 *       leaves copies only; a copy rewritten enough holds text of its own).
 * </ul>
 *
 * <p>The confidence is the gap between the bounds that decided: for a copier the source's (the likeliest source's)
 * {@code lo} minus its own {@code hi}, for the source its {@code lo} minus the highest {@code hi} of a copier site; 0
 * when unclear (a source with no copier: its {@code lo} minus the highest {@code hi} of the other sites). It reads as "with 95% confidence on each side, at least this much more of the source's pages are its
 * own text": near 1 for a source that is mostly its own text against copies that hold none, small where the sites
 * differ little or have few pages.
 */
final class CopySide {

    static final String SOURCE = "source";
    static final String COPIER = "copier";
    static final String UNCLEAR = "unclear";

    /** The largest share of own pages a copier's site may have ({@code hi} below it). */
    static final double COPIER_OWN_SHARE = 0.1;

    /** z of a one-sided 95% bound. */
    private static final double Z = 1.6448536269514722;

    /**
     * What the pages of a site show.
     *
     * @param pages its pages with text
     * @param ownPages of them, pages holding no labelled content of any family
     * @param showsOnlyTheFamily every page with text of each of its hosts that holds the family holds it (its content
     *     or its stop chunks): those hosts show the family's site and nothing else
     */
    record SiteText(long pages, long ownPages, boolean showsOnlyTheFamily) {

        /** A site whose hosts may show more than the family. */
        SiteText(long pages, long ownPages) {
            this(pages, ownPages, false);
        }

        /** The same site, seen from another of its hosts: it shows only the family if every host does. */
        SiteText andShowsOnlyTheFamily(SiteText other) {
            return new SiteText(pages, ownPages, showsOnlyTheFamily && other.showsOnlyTheFamily);
        }

        double lo() {
            return lowerBound(ownPages, pages);
        }

        double hi() {
            return 1 - lowerBound(pages - ownPages, pages);
        }
    }

    /**
     * A side and how sure it is.
     *
     * @param side {@link #SOURCE}, {@link #COPIER} or {@link #UNCLEAR}
     * @param confidence the gap between the deciding bounds; 0 when unclear
     */
    record Judgement(String side, double confidence) {
        static final Judgement UNCLEAR_SIDE = new Judgement(UNCLEAR, 0);
    }

    private CopySide() {}

    /** The side of each site of a family, from what each site's pages show. */
    static Map<String, Judgement> judge(Map<String, SiteText> sites) {
        Map<String, Judgement> sides = new HashMap<>();
        String likeliest = null;
        double best = -1;
        for (Map.Entry<String, SiteText> e : sites.entrySet()) {
            double lo = e.getValue().lo();
            if (lo > best) {
                best = lo;
                likeliest = e.getKey();
            }
        }
        double copierHi = -1;
        double notCopierLo = -1; // the highest lo of a site other than the likeliest that is no copier
        double otherHi = -1; // the highest hi of a site other than the likeliest
        boolean othersShowOnlyTheFamily = true;
        for (Map.Entry<String, SiteText> e : sites.entrySet()) {
            double hi = e.getValue().hi();
            if (!e.getKey().equals(likeliest)) {
                otherHi = Math.max(otherHi, hi);
                othersShowOnlyTheFamily &= e.getValue().showsOnlyTheFamily();
            }
            if (hi < best && hi < COPIER_OWN_SHARE) {
                sides.put(e.getKey(), new Judgement(COPIER, best - hi));
                copierHi = Math.max(copierHi, hi);
            } else if (!e.getKey().equals(likeliest)) {
                notCopierLo = Math.max(notCopierLo, e.getValue().lo());
            }
        }
        for (String site : sites.keySet()) {
            if (sides.containsKey(site)) {
                continue;
            }
            if (site.equals(likeliest) && copierHi >= 0 && best > notCopierLo) {
                sides.put(site, new Judgement(SOURCE, best - copierHi));
            } else if (site.equals(likeliest) && otherHi >= 0 && best > otherHi && othersShowOnlyTheFamily) {
                // no copier, but every other site's family hosts show the family's site on every page (their text of
                // their own is what they wrap it in, as an ad farm does), and beyond the noise of every site's page
                // counts this one publishes the most text of its own. A clone with pages of its own does not show
                // only the family, and its own share cannot say which side it is on: it keeps the family unclear.
                sides.put(site, new Judgement(SOURCE, best - otherHi));
            } else {
                sides.put(site, Judgement.UNCLEAR_SIDE);
            }
        }
        return sides;
    }

    /** Every site unclear. */
    static Map<String, Judgement> unclear(Iterable<String> sites) {
        Map<String, Judgement> sides = new HashMap<>();
        sites.forEach(site -> sides.put(site, Judgement.UNCLEAR_SIDE));
        return sides;
    }

    /**
     * The lower end of the one-sided 95% Wilson score interval of a share of {@code k} in {@code n}; 0 when {@code n}
     * is 0 (nothing shown).
     */
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
