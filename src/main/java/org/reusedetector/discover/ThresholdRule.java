package org.reusedetector.discover;

import java.io.Serializable;
import java.util.Locale;
import org.reusedetector.config.ThresholdMode;

/**
 * The discovery threshold: how many pages must carry a chunk or file before it is a label candidate.
 *
 * <p>The paper labels everything duplicated more often than a threshold that it sets by hand "depending on
 * the dataset size" (10<sup>3</sup> files and 10<sup>5</sup> chunks on 2.86·10<sup>9</sup> pages), because
 * natural duplication (quotes, licences, syndication, translations sharing untranslated text) grows with
 * the corpus: a fixed number is too low for a large crawl and too high for a small one. The default mode,
 * {@link ThresholdMode#SCALED}, derives the threshold from the data:
 *
 * <pre>  threshold = max(minCount, ceil(scale · pages^exponent))</pre>
 *
 * where {@code pages} is the number of pages counted. With the exponent ½ the threshold sits, on the log-log
 * frequency-occurrence plot whose counts run from 1 to {@code pages}, at a fixed offset from the middle of
 * the range, so it grows with the corpus but much more slowly than it (the labelled set stays small while
 * natural duplication, which grows with the corpus, stays below it). Counts are of pages, not of
 * occurrences, so one rule serves chunks and files alike. {@code scale} was tuned on a synthetic crawl of
 * 8.6·10<sup>3</sup> pages whose documentation sites share untranslated text across up to ~35 hosts and
 * whose mirror and ad-wrap farms copy sites to 40 hosts: thresholds from 25 to 41 (scale 0.27 to 0.44)
 * label the farms' content and little else; the default 0.35 gives 33. On Common Crawl's size it gives
 * ~1.9·10<sup>4</sup>, between the paper's file and chunk thresholds. {@code minCount} keeps tiny corpora
 * from labelling every pair of equal chunks. {@link ThresholdMode#FIXED} uses an absolute count instead.
 *
 * <p>The knee of the log-log frequency-occurrence curve was tried and rejected: a copy farm puts many
 * distinct chunks at one count (the number of copies), and the sharpest bend of the curve is then just past
 * that cluster (36 to 63 on the crawl above, depending on stop-chunk filtering), so the knee leaves out
 * exactly the content discovery should find.
 *
 * @param mode scaled or fixed
 * @param fixedCount the absolute threshold ({@link ThresholdMode#FIXED})
 * @param scale the factor {@code c} ({@link ThresholdMode#SCALED})
 * @param exponent the exponent {@code α} ({@link ThresholdMode#SCALED})
 * @param minCount the floor of the scaled threshold
 */
public record ThresholdRule(ThresholdMode mode, long fixedCount, double scale, double exponent, long minCount) implements Serializable {

    public ThresholdRule {
        if (mode == null) {
            throw new IllegalArgumentException("threshold mode missing");
        }
        if (mode == ThresholdMode.FIXED && fixedCount < 1) {
            throw new IllegalArgumentException("a fixed discovery threshold must be at least 1, got " + fixedCount);
        }
        if (mode == ThresholdMode.SCALED && (!(scale > 0) || !(exponent >= 0 && exponent <= 1) || minCount < 1)) {
            throw new IllegalArgumentException("scaled discovery threshold needs scale > 0, exponent in [0, 1], min count >= 1");
        }
    }

    public static ThresholdRule scaled(double scale, double exponent, long minCount) {
        return new ThresholdRule(ThresholdMode.SCALED, 0, scale, exponent, minCount);
    }

    public static ThresholdRule fixed(long count) {
        return new ThresholdRule(ThresholdMode.FIXED, count, 0, 0, 0);
    }

    /** The threshold for a corpus of {@code pages} pages: hashes on at least this many pages are candidates. */
    public long threshold(long pages) {
        if (mode == ThresholdMode.FIXED) {
            return fixedCount;
        }
        long scaled = (long) Math.ceil(scale * Math.pow(Math.max(pages, 0), exponent));
        return Math.max(minCount, scaled);
    }

    public String describe() {
        return mode == ThresholdMode.FIXED
                ? "fixed " + fixedCount
                : String.format(Locale.ROOT, "max(%d, ceil(%s * pages^%s))", minCount, trim(scale), trim(exponent));
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
