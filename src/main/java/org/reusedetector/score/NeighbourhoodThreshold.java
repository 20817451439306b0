package org.reusedetector.score;

import java.io.Serializable;
import org.reusedetector.model.Copy;
import org.reusedetector.model.PrefixScore;

/**
 * The bad-neighbourhood threshold and verdict. The threshold is k standard deviations above the typical
 * badness of all neighbourhoods (with at least the minimum number of pages), kept within
 * {@code [floor, ceiling]}, or a fixed override. The paper's statistic is mean + k·σ. Its robust form,
 * median + k·1.4826·MAD (the same number for a normal population), is the default: the neighbourhoods to be
 * found inflate the mean and σ themselves (a crawl with many copies puts mean + σ above the copies it should
 * flag), while the median and MAD describe the typical neighbourhood whatever the outliers do.
 *
 * <ul>
 *   <li>The <b>floor</b>: a population that is mostly clean has a mean and σ near zero (early in a stream,
 *       or on a crawl with little copying), and mean + σ of mostly zeros would call a prefix with one
 *       matched chunk in a hundred bad; so would the median and MAD of a mostly clean population, which are 0.
 *       The floor keeps the verdict from resting on a mostly-zero statistic.
 *   <li>The <b>ceiling</b>: when copies dominate the population (a crawl of a copy farm), mean + σ climbs
 *       towards 1 and copies wrapped in a little unique text escape. A neighbourhood whose content is mostly
 *       labelled is bad whatever the others look like.
 *   <li><b>Evidence</b>: a verdict needs at least {@code minEvidence} distinct labelled hashes in the
 *       neighbourhood, so that one generic chunk on a small prefix is never a bad neighbourhood.
 * </ul>
 *
 * @param minPages neighbourhoods with fewer (scorable) pages neither count in the statistic nor alert
 * @param minNeighbourhoods the statistic is not trusted (threshold {@code NaN}: no verdict) until this many
 *     neighbourhoods count: the stream's stated warm-up
 * @param standardDeviations k in mean + k·σ (the paper: 1)
 * @param fixedThreshold when not {@code NaN}, used instead of the statistic
 * @param floor the lowest threshold the statistic may give
 * @param ceiling the highest threshold the statistic may give
 * @param minEvidence fewest distinct labelled hashes of a bad neighbourhood (0: no evidence rule)
 * @param robust median + k·1.4826·MAD instead of mean + k·σ (where the statistic keeps a histogram)
 * @param confidence how sure a clean verdict must be: a bad neighbourhood turns clean only when the upper bound of its
 *     badness is below the threshold ({@link NeighbourhoodConfidence#NONE}: as soon as the badness is)
 * @param coverage the second verdict: a neighbourhood that covers enough of one source is bad whatever its badness
 *     ({@link CoverageRule#OFF}: none)
 * @param tolerance how settled the statistic must be before it is trusted (0: as soon as {@code minNeighbourhoods}
 *     count): until the half-width of its confidence interval is within this, the threshold is the ceiling
 */
public record NeighbourhoodThreshold(
        long minPages,
        long minNeighbourhoods,
        double standardDeviations,
        double fixedThreshold,
        double floor,
        double ceiling,
        int minEvidence,
        boolean robust,
        NeighbourhoodConfidence confidence,
        CoverageRule coverage,
        double tolerance)
        implements Serializable {

    /** The paper's rule alone: no floor, no ceiling, no evidence rule, mean + k·σ, no confidence bounds, no coverage. */
    public static NeighbourhoodThreshold paper(
            long minPages, long minNeighbourhoods, double standardDeviations, double fixedThreshold) {
        return new NeighbourhoodThreshold(
                minPages,
                minNeighbourhoods,
                standardDeviations,
                fixedThreshold,
                0,
                1,
                0,
                false,
                NeighbourhoodConfidence.NONE,
                CoverageRule.OFF,
                0);
    }

    /** This rule with the statistic's threshold kept within {@code [floor, ceiling]} and an evidence rule. */
    public NeighbourhoodThreshold withBounds(double floor, double ceiling, int minEvidence) {
        return new NeighbourhoodThreshold(
                minPages,
                minNeighbourhoods,
                standardDeviations,
                fixedThreshold,
                floor,
                ceiling,
                minEvidence,
                robust,
                confidence,
                coverage,
                tolerance);
    }

    /** This rule with the robust statistic (median + k·1.4826·MAD) or the paper's mean + k·σ. */
    public NeighbourhoodThreshold withRobust(boolean robust) {
        return new NeighbourhoodThreshold(
                minPages,
                minNeighbourhoods,
                standardDeviations,
                fixedThreshold,
                floor,
                ceiling,
                minEvidence,
                robust,
                confidence,
                coverage,
                tolerance);
    }

    /** This rule with confidence bounds on its verdicts. */
    public NeighbourhoodThreshold withConfidence(NeighbourhoodConfidence confidence) {
        return new NeighbourhoodThreshold(
                minPages,
                minNeighbourhoods,
                standardDeviations,
                fixedThreshold,
                floor,
                ceiling,
                minEvidence,
                robust,
                confidence,
                coverage,
                tolerance);
    }

    /** This rule with source coverage as a second verdict. */
    public NeighbourhoodThreshold withCoverage(CoverageRule coverage) {
        return new NeighbourhoodThreshold(
                minPages,
                minNeighbourhoods,
                standardDeviations,
                fixedThreshold,
                floor,
                ceiling,
                minEvidence,
                robust,
                confidence,
                coverage,
                tolerance);
    }

    /** This rule trusting the statistic only once its confidence interval's half-width is within {@code tolerance}. */
    public NeighbourhoodThreshold withTolerance(double tolerance) {
        return new NeighbourhoodThreshold(
                minPages,
                minNeighbourhoods,
                standardDeviations,
                fixedThreshold,
                floor,
                ceiling,
                minEvidence,
                robust,
                confidence,
                coverage,
                tolerance);
    }

    public NeighbourhoodThreshold {
        if (confidence == null) {
            confidence = NeighbourhoodConfidence.NONE;
        }
        if (coverage == null) {
            coverage = CoverageRule.OFF;
        }
        if (!(floor >= 0 && floor <= ceiling && ceiling <= 1)) {
            throw new IllegalArgumentException(
                    "neighborhood threshold needs 0 <= floor <= ceiling <= 1, got " + floor + " and " + ceiling);
        }
        if (minEvidence < 0) {
            throw new IllegalArgumentException("neighborhood min evidence must not be negative, got " + minEvidence);
        }
    }

    /** The same rule over a whole corpus (batch): every neighbourhood is in, so no warm-up applies. */
    public NeighbourhoodThreshold forWholeCorpus() {
        return new NeighbourhoodThreshold(
                minPages,
                1,
                standardDeviations,
                fixedThreshold,
                floor,
                ceiling,
                minEvidence,
                robust,
                confidence,
                coverage,
                0);
    }

    public boolean counts(long pages) {
        return pages >= minPages;
    }

    public double threshold(RunningStats stats) {
        return threshold(stats, false);
    }

    /**
     * The threshold, given whether the statistic has settled before ({@link #settled}): once trusted, a statistic stays
     * trusted, so that more copies arriving (which widen its interval) do not send the threshold back to the ceiling and
     * withdraw alerts it raised.
     */
    public double threshold(RunningStats stats, boolean settledBefore) {
        if (!Double.isNaN(fixedThreshold)) {
            return fixedThreshold;
        }
        if (stats.count() < Math.max(1, minNeighbourhoods)) {
            return Double.NaN;
        }
        double statistic = robust && stats.hasHistogram()
                ? stats.median() + standardDeviations * RunningStats.MAD_TO_SIGMA * stats.medianAbsoluteDeviation()
                : stats.mean() + standardDeviations * stats.standardDeviation();
        if (!settledBefore && !settled(stats)) {
            return ceiling;
        }
        return Math.min(ceiling, Math.max(floor, statistic));
    }

    /**
     * Whether the statistic is trusted: the half-width of its confidence interval, {@code z · 1.2533 · σ / √n} (the
     * standard error of a median; the mean's is smaller), is within the tolerance. A stream sees its population a few
     * neighbourhoods at a time, and an early population (many small clean prefixes, a few copies) puts the statistic
     * at the floor, where a prefix of natural duplication alerts and is withdrawn once the statistic settles. Until
     * then the threshold is the ceiling: only a neighbourhood bad whatever the others look like alerts by its badness
     * (coverage alerts need no threshold).
     */
    public boolean settled(RunningStats stats) {
        if (tolerance <= 0 || stats.count() == 0) {
            return true;
        }
        double z = NeighbourhoodConfidence.normalQuantile(confidence.level() > 0 ? confidence.level() : 0.95);
        double halfWidth = z * 1.2533 * stats.standardDeviation() / Math.sqrt(stats.count());
        return halfWidth <= tolerance;
    }

    /** Applies a neighbourhood's change (pages and badness before and after) to the statistic. */
    public void update(RunningStats stats, long previousPages, double previousBadness, long pages, double badness) {
        boolean before = counts(previousPages) && previousPages > 0;
        boolean after = counts(pages) && pages > 0;
        if (before && after) {
            stats.replace(previousBadness, badness);
        } else if (before
                && stats.count() > 0) { // empty only if state and statistic disagree (a changed min-pages on resume)
            stats.remove(previousBadness);
        } else if (after) {
            stats.add(badness);
        }
    }

    /**
     * Whether a neighbourhood that is not bad turns bad: the paper's rule, {@link #isBad(long, double, double, int)}
     * (badness above a known threshold, enough pages, enough distinct labelled hashes). The lower confidence bound is
     * not asked for: a copy diluted with much added text sits just above the floor, its pages of unequal size, and
     * the bound would miss it (the mutation experiment in docs/evaluation.md).
     */
    public boolean turnsBad(long pages, double badness, double threshold, int distinctEvidence) {
        return isBad(pages, badness, threshold, distinctEvidence);
    }

    /**
     * Whether a neighbourhood that is not bad turns bad by either verdict. By its badness: with a confidence level, when
     * the lower confidence bound of its badness is above a known threshold (a verdict that does not rest on a few pages
     * that happen to be copied, and needs no minimum of pages: with fewer than two there is no bound), with enough
     * distinct labelled hashes; without one, the paper's rule ({@link #turnsBad(long, double, double, int)}). Or by
     * source coverage ({@link CoverageRule}), which needs no threshold and holds however much other text dilutes the
     * copy.
     */
    public boolean turnsBad(
            long pages, double badness, double lower, double threshold, int distinctEvidence, Copy[] copies) {
        boolean byBadness = confidence.level() == 0 || !confidence.alertOnLowerBound()
                ? isBad(pages, badness, threshold, distinctEvidence)
                : pages > 0 && !Double.isNaN(threshold) && lower > threshold && distinctEvidence >= minEvidence;
        return byBadness || pages > 0 && coverage.coversAny(copies);
    }

    /**
     * Whether judging {@code score} against threshold {@code to} instead of {@code from} can change its verdict, whatever
     * it was: either rule ({@link #turnsBad(long, double, double, double, int, Copy[])}, {@link #turnsClean(long, double,
     * double, double, int, Copy[])}) answers differently. A neighbourhood cannot turn bad and clean against one threshold
     * (its upper bound is never below its badness), so when both answer alike its verdict stands.
     */
    public boolean verdictMayChange(PrefixScore score, double from, double to) {
        int evidence = score.evidence() == null ? 0 : score.evidence().length;
        return turnsBad(score.pages(), score.badness(), score.lower(), from, evidence, score.copies())
                        != turnsBad(score.pages(), score.badness(), score.lower(), to, evidence, score.copies())
                || turnsClean(score.pages(), score.badness(), score.upper(), from, evidence, score.copies())
                        != turnsClean(score.pages(), score.badness(), score.upper(), to, evidence, score.copies());
    }

    /**
     * As {@link #turnsClean(long, double, double, double, int)}, and no longer covering enough of any source. Coverage
     * has no hysteresis of its own: it only grows as pages arrive, and falls only when pages or labels go.
     */
    public boolean turnsClean(
            long pages, double badness, double upper, double threshold, int distinctEvidence, Copy[] copies) {
        if (pages == 0) {
            return true;
        }
        if (coverage.coversAny(copies)) {
            return false;
        }
        return turnsClean(
                pages, badness, upper, threshold, distinctEvidence); // no verdict while the threshold is unknown
    }

    /**
     * Whether a bad neighbourhood is clean again: it lost its last page, or the upper confidence bound of its badness
     * ({@link NeighbourhoodConfidence}) is below a known threshold; between the badness and the upper bound the verdict
     * stands, so a neighbourhood whose badness hovers near the threshold as its pages arrive does not flap. With no
     * interval (confidence 0), as soon as it is no longer bad.
     */
    public boolean turnsClean(long pages, double badness, double upper, double threshold, int distinctEvidence) {
        if (Double.isNaN(threshold)) {
            return false;
        }
        if (confidence.level() == 0) {
            return !isBad(pages, badness, threshold, distinctEvidence);
        }
        return pages == 0 || upper < threshold;
    }

    /** Whether a neighbourhood is bad: enough pages and badness strictly above a known threshold (no evidence rule). */
    public boolean isBad(long pages, double badness, double threshold) {
        return pages > 0 && counts(pages) && !Double.isNaN(threshold) && badness > threshold;
    }

    /** Whether a neighbourhood is bad: as {@link #isBad(long, double, double)}, with enough distinct labelled hashes. */
    public boolean isBad(long pages, double badness, double threshold, int distinctEvidence) {
        return isBad(pages, badness, threshold) && distinctEvidence >= minEvidence;
    }
}
