package org.reusedetector.batch;

import org.reusedetector.score.RunningStats;

/**
 * Sums over all neighbourhoods that count (enough pages), combinable in any order: the exact
 * mean and standard deviation of a backfill.
 */
public record BadnessStatistic(long neighbourhoods, double sum, double sumOfSquares, long[] histogram) {

    public static BadnessStatistic of(double badness) {
        long[] histogram = new long[RunningStats.BINS];
        histogram[RunningStats.bin(badness)] = 1;
        return new BadnessStatistic(1, badness, badness * badness, histogram);
    }

    public static BadnessStatistic empty() {
        return new BadnessStatistic(0, 0, 0, new long[RunningStats.BINS]);
    }

    public BadnessStatistic plus(BadnessStatistic other) {
        long[] merged = histogram.clone();
        for (int i = 0; i < merged.length; i++) {
            merged[i] += other.histogram[i];
        }
        return new BadnessStatistic(
                neighbourhoods + other.neighbourhoods, sum + other.sum, sumOfSquares + other.sumOfSquares, merged);
    }

    public RunningStats toRunningStats() {
        return new RunningStats(neighbourhoods, sum, sumOfSquares, histogram);
    }
}
