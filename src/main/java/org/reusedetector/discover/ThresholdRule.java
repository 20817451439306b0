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
 * exactly its hosts is at least the <em>group threshold</em>: at least one page's worth of content, the
 * corpus's own mean number of countable chunks per page, and never less than {@code minGroup}. Nothing here
 * grows with the corpus, so a site copied onto five hosts is found in a crawl of any size.
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
     * The group threshold ({@link ThresholdMode#STRUCTURE}): a page's worth of content, the corpus's mean number of
     * countable distinct chunks per page, at least {@code minGroup}; 0 (no grouping) in the count modes.
     */
    public long groupThreshold(long pages, long countedChunks) {
        if (mode != ThresholdMode.STRUCTURE) {
            return 0;
        }
        long perPage = pages == 0 ? 0 : (long) Math.ceil((double) countedChunks / pages);
        return Math.max(minGroup, perPage);
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
                        "structure: a candidate is labelled when >= max(%d, ceil(countable chunks per page)) distinct candidates sit on exactly its hosts",
                        minGroup);
        };
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
