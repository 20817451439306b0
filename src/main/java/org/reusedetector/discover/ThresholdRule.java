package org.reusedetector.discover;

import java.io.Serializable;
import java.util.Locale;
import org.reusedetector.config.ThresholdMode;

/**
 * When a hash that is spread across sites becomes a label.
 *
 * <p>The default, {@link ThresholdMode#STRUCTURE}, has no count threshold at all. The paper (§4.2, Fig. 2) sets its
 * threshold by hand "depending on the dataset size" and notes that copied content stands out of the
 * frequency-occurrence distribution even below it: a copied site puts many distinct chunks at the same
 * place. That place is sharper than a count: a copy carries all of a site's content to the <em>same set of
 * hosts</em>, while natural duplication (a quote, a licence, a syndicated paragraph) lands each chunk on its
 * own set of hosts. So a candidate (on at least {@code minHosts} hosts of at least two sites, not
 * boilerplate; see {@link TemplateRule}) is labelled when the number of distinct candidates that sit on
 * exactly its hosts is at least the <em>group threshold</em> of those hosts: at least one page's worth of
 * content, and never less than {@code minGroup}.
 *
 * <p>A page's worth is measured on the pages the group sits on, not on the corpus: the countable chunks of the
 * smallest of the candidates' example pages ({@link #groupThreshold(long, long)}). A corpus-wide mean moves with
 * every site in the crawl, so adding or removing the pages of a site that shares nothing with a copy would move
 * the threshold of the copy's hosts, and could take its labels, and with them its hosts' verdicts, away. The
 * pages of the group itself change only when the copy does. They are also the right scale: the group must hold
 * at least as many distinct chunks as one whole page it sits on, so a copy of any one page of the site passes,
 * while a quote (a chunk or two of an article of its own) stays below the article it sits in. The smallest page
 * rather than a mean: a copy taken a few paragraphs per page from long pages still holds whole short pages, and
 * a mean over its candidates would weigh each page by the candidates it holds, long pages most. Nothing here
 * grows with the corpus, so a site copied onto five hosts is found in a crawl of any size, and the verdict on
 * one host set depends on its own pages only.
 *
 * <p>{@link ThresholdMode#SCALED} (the earlier default, {@code max(minCount, ceil(scale · pages^exponent))}) and
 * {@link ThresholdMode#FIXED} (the paper's absolute count) remain for corpora where a count is wanted: a hash on at
 * least that many pages is labelled if the template rule passes it. The knee of the log-log
 * frequency-occurrence curve was tried and rejected: a copy farm puts many distinct chunks at one count, and
 * the sharpest bend is just past that cluster, so the knee leaves out exactly the content to be found.
 *
 * @param mode structure, scaled or fixed
 * @param fixedCount the absolute threshold ({@link ThresholdMode#FIXED})
 * @param scale the factor {@code c} ({@link ThresholdMode#SCALED})
 * @param exponent the exponent {@code α} ({@link ThresholdMode#SCALED})
 * @param minCount the floor of the scaled threshold
 * @param minGroup the floor of the group threshold ({@link ThresholdMode#STRUCTURE})
 */
public record ThresholdRule(
        ThresholdMode mode, long fixedCount, double scale, double exponent, long minCount, long minGroup)
        implements Serializable {

    public ThresholdRule {
        if (mode == null) {
            throw new IllegalArgumentException("threshold mode missing");
        }
        if (mode == ThresholdMode.FIXED && fixedCount < 1) {
            throw new IllegalArgumentException("a fixed discovery threshold must be at least 1, got " + fixedCount);
        }
        if (mode == ThresholdMode.SCALED && (!(scale > 0) || !(exponent >= 0 && exponent <= 1) || minCount < 1)) {
            throw new IllegalArgumentException(
                    "scaled discovery threshold needs scale > 0, exponent in [0, 1], min count >= 1");
        }
        if (mode == ThresholdMode.STRUCTURE && minGroup < 1) {
            throw new IllegalArgumentException("the discovery group threshold needs min group >= 1, got " + minGroup);
        }
    }

    public static ThresholdRule structure(long minGroup) {
        return new ThresholdRule(ThresholdMode.STRUCTURE, 0, 0, 0, 0, minGroup);
    }

    public static ThresholdRule scaled(double scale, double exponent, long minCount) {
        return new ThresholdRule(ThresholdMode.SCALED, 0, scale, exponent, minCount, 0);
    }

    public static ThresholdRule fixed(long count) {
        return new ThresholdRule(ThresholdMode.FIXED, count, 0, 0, 0, 0);
    }

    /**
     * The floor of every host set's group threshold ({@link ThresholdMode#STRUCTURE}): {@code minGroup}; 0 (no
     * grouping) in the count modes.
     */
    public long groupFloor() {
        return mode == ThresholdMode.STRUCTURE ? minGroup : 0;
    }

    /**
     * The group threshold of one host set: a page's worth of content on the pages its candidates sit on, the countable
     * distinct chunks of the smallest of their example pages ({@link Tally#exampleChunks}: each candidate's smallest
     * URL, so that runs agree), and at least {@code floor} ({@link #groupFloor}). Nothing outside the host set's own
     * candidates enters (see the class comment).
     *
     * @param floor the least threshold
     * @param smallestExamplePage the countable chunks of the smallest example page of the host set's candidates
     */
    public static long groupThreshold(long floor, long smallestExamplePage) {
        return Math.max(floor, smallestExamplePage);
    }

    /** The threshold for a corpus of {@code pages} pages: hashes on at least this many pages are candidates. */
    public long threshold(long pages) {
        if (mode == ThresholdMode.FIXED) {
            return fixedCount;
        }
        if (mode == ThresholdMode.STRUCTURE) {
            return 1;
        }
        long scaled = (long) Math.ceil(scale * Math.pow(Math.max(pages, 0), exponent));
        return Math.max(minCount, scaled);
    }

    public String describe() {
        return switch (mode) {
            case FIXED -> "fixed " + fixedCount;
            case SCALED ->
                String.format(Locale.ROOT, "max(%d, ceil(%s * pages^%s))", minCount, trim(scale), trim(exponent));
            case STRUCTURE ->
                String.format(
                        Locale.ROOT,
                        "structure: a candidate is labelled when >= max(%d, countable chunks of the smallest example page of the candidates) distinct candidates sit on exactly its hosts",
                        minGroup);
        };
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
