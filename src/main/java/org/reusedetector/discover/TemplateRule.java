package org.reusedetector.discover;

import java.io.Serializable;
import java.util.Locale;
import org.reusedetector.model.Label;

/**
 * Keeps site templates out of the labelled set. Most of what occurs often on the web is benign template
 * material (the paper: 83% of a sample of frequent chunks): navigation, headers and footers repeated on the
 * pages of one site. Copied content instead spreads across sites. A frequent hash is therefore labelled only
 * if
 *
 * <ul>
 *   <li>it is on at least {@code minHosts} distinct hosts: a chunk on one or two hosts is a site's own
 *       template (or the template of a site and its alias), however often it repeats; and
 *   <li>no single host carries more than {@code maxTopHostShare} of its pages: when one site accounts for
 *       most occurrences, the chunk is that site's template that a few others quote. Content mirrored to
 *       {@code d} sites has a top-host share of about {@code 1/(d+1)}.
 * </ul>
 *
 *   <li>it is on at most {@code maxPagesPerHost} pages per host on average: a paragraph copied onto other sites
 *       sits on one page of each (one page per host); a header or footer sits on every page of each site that
 *       carries it, even when a whole site was copied with it. Leaving such boilerplate out costs nothing in
 *       detection (a mirror is found by its content chunks and file hashes) and keeps it from making every
 *       page built with the same template look a little copied.
 * </ul>
 *
 * @param minHosts fewest distinct hosts of a label (default 3: a source and at least two copies)
 * @param maxTopHostShare largest share of the pages on one host (default ½: no site holds the majority)
 * @param maxPagesPerHost largest mean number of pages per host (default 3)
 */
public record TemplateRule(long minHosts, double maxTopHostShare, double maxPagesPerHost) implements Serializable {

    /** Without the pages-per-host rule. */
    public TemplateRule(long minHosts, double maxTopHostShare) {
        this(minHosts, maxTopHostShare, Double.POSITIVE_INFINITY);
    }

    public TemplateRule {
        if (minHosts < 1) {
            throw new IllegalArgumentException("min hosts must be at least 1, got " + minHosts);
        }
        if (!(maxTopHostShare > 0 && maxTopHostShare <= 1)) {
            throw new IllegalArgumentException("max top-host share must be in (0, 1], got " + maxTopHostShare);
        }
        if (!(maxPagesPerHost >= 1)) {
            throw new IllegalArgumentException("max pages per host must be at least 1, got " + maxPagesPerHost);
        }
    }

    /** The verdict for a hash on {@code count} pages of {@code hosts} hosts (each its own site), {@code topHostPages} on its top host. */
    public Verdict classify(long count, long hosts, long topHostPages, long threshold) {
        return classify(Label.KIND_CHUNK, count, hosts, hosts, topHostPages, threshold);
    }

    /**
     * The verdict for a hash on {@code count} pages of {@code hosts} hosts and {@code sites} sites (registrable
     * domains), {@code topHostPages} on its top host. Reuse within one site is its publisher's own
     * ({@link Verdict#SAME_SITE}); chunk boilerplate on several sites is a shared template or a generator's
     * fixed text ({@link Verdict#STOP}). {@link Verdict#LABEL} here means "a candidate": the threshold mode may
     * still ask for a group ({@link org.reusedetector.config.ThresholdMode#STRUCTURE}).
     */
    public Verdict classify(String kind, long count, long hosts, long sites, long topHostPages, long threshold) {
        if (count < threshold) {
            return Verdict.BELOW_THRESHOLD;
        }
        if (hosts < minHosts) {
            return Verdict.FEW_HOSTS;
        }
        if (sites < 2) {
            return Verdict.SAME_SITE;
        }
        if (count > maxPagesPerHost * hosts) {
            return Label.KIND_CHUNK.equals(kind) ? Verdict.STOP : Verdict.BOILERPLATE;
        }
        if (topHostPages > maxTopHostShare * count) {
            return Verdict.CONCENTRATED;
        }
        return Verdict.LABEL;
    }

    public String describe() {
        return String.format(
                Locale.ROOT,
                "hosts >= %d and sites >= 2 and pages per host <= %s (else stop) and top-host share <= %s",
                minHosts,
                maxPagesPerHost,
                maxTopHostShare);
    }
}
