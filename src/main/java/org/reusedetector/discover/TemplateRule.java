package org.reusedetector.discover;

import java.io.Serializable;
import java.util.Locale;

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
 * @param minHosts fewest distinct hosts of a label ({@code discovery.template.min-hosts}; 3: a source and at least two copies)
 * @param maxTopHostShare largest share of the pages on one host ({@code discovery.template.max-top-host-share}; ½: no site
 *     holds the majority)
 * @param maxPagesPerHost largest mean number of pages per host ({@code discovery.template.max-pages-per-host})
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

    /** The verdict for a hash on {@code count} pages of {@code hosts} hosts, {@code topHostPages} on its top host. */
    public Verdict classify(long count, long hosts, long topHostPages, long threshold) {
        if (count < threshold) {
            return Verdict.BELOW_THRESHOLD;
        }
        if (hosts < minHosts) {
            return Verdict.FEW_HOSTS;
        }
        if (topHostPages > maxTopHostShare * count) {
            return Verdict.CONCENTRATED;
        }
        if (count > maxPagesPerHost * hosts) {
            return Verdict.BOILERPLATE;
        }
        return Verdict.LABEL;
    }

    public String describe() {
        return String.format(Locale.ROOT, "hosts >= %d and top-host share <= %s and pages per host <= %s", minHosts, maxTopHostShare,
                maxPagesPerHost);
    }
}
