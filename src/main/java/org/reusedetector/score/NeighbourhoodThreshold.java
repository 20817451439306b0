package org.reusedetector.score;

import java.io.Serializable;

/**
 * The bad-neighbourhood threshold: the paper's mean + 1 standard deviation of badness over all
 * neighbourhoods (with at least the minimum number of pages), or a fixed override.
 *
 * @param minPages neighbourhoods with fewer pages neither count in the statistic nor alert
 * @param minNeighbourhoods the statistic is not trusted (threshold {@code NaN}) until this many neighbourhoods count
 * @param standardDeviations k in mean + k·σ (the paper: 1)
 * @param fixedThreshold when not {@code NaN}, used instead of the statistic
 */
public record NeighbourhoodThreshold(long minPages, long minNeighbourhoods, double standardDeviations, double fixedThreshold)
        implements Serializable {

    /**
     * The rule over a whole corpus (a backfill): every neighbourhood is in, so the streaming warm-up guard
     * ({@code minNeighbourhoods}) does not apply; the statistic needs one neighbourhood.
     */
    public NeighbourhoodThreshold forWholeCorpus() {
        return new NeighbourhoodThreshold(minPages, 1, standardDeviations, fixedThreshold);
    }

    public boolean counts(long pages) {
        return pages >= minPages;
    }

    public double threshold(RunningStats stats) {
        if (!Double.isNaN(fixedThreshold)) {
            return fixedThreshold;
        }
        if (stats.count() < Math.max(1, minNeighbourhoods)) {
            return Double.NaN;
        }
        return stats.mean() + standardDeviations * stats.standardDeviation();
    }

    /** Applies a neighbourhood's change (pages and badness before and after) to the statistic. */
    public void update(RunningStats stats, long previousPages, double previousBadness, long pages, double badness) {
        boolean before = counts(previousPages) && previousPages > 0;
        boolean after = counts(pages) && pages > 0;
        if (before && after) {
            stats.replace(previousBadness, badness);
        } else if (before && stats.count() > 0) { // empty only if state and statistic disagree (a changed min-pages on resume)
            stats.remove(previousBadness);
        } else if (after) {
            stats.add(badness);
        }
    }

    /** Whether a neighbourhood is bad: enough pages and badness strictly above a known threshold. */
    public boolean isBad(long pages, double badness, double threshold) {
        return pages > 0 && counts(pages) && !Double.isNaN(threshold) && badness > threshold;
    }
}
