package org.reusedetector.batch;

import org.reusedetector.score.RunningStats;

/**
 * Sums over all neighbourhoods that count (enough pages), combinable in any order: the exact
 * mean and standard deviation of a backfill.
 */
public record BadnessStatistic(long neighbourhoods, double sum, double sumOfSquares) {

    public static BadnessStatistic of(double badness) {
        return new BadnessStatistic(1, badness, badness * badness);
    }

    public static BadnessStatistic empty() {
        return new BadnessStatistic(0, 0, 0);
    }

    public BadnessStatistic plus(BadnessStatistic other) {
        return new BadnessStatistic(neighbourhoods + other.neighbourhoods, sum + other.sum, sumOfSquares + other.sumOfSquares);
    }

    public RunningStats toRunningStats() {
        return new RunningStats(neighbourhoods, sum, sumOfSquares);
    }
}
