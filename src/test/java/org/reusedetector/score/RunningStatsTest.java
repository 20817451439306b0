package org.reusedetector.score;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RunningStatsTest {

    private static final double EPS = 1e-9;

    /** Two-pass mean and population standard deviation. */
    private static void assertMatchesNaive(RunningStats stats, List<Double> values) {
        assertThat(stats.count()).isEqualTo(values.size());
        if (values.isEmpty()) {
            assertThat(stats.mean()).isNaN();
            assertThat(stats.standardDeviation()).isNaN();
            return;
        }
        double mean = values.stream().mapToDouble(Double::doubleValue).sum() / values.size();
        double variance =
                values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum() / values.size();
        assertThat(stats.mean()).isCloseTo(mean, within(EPS));
        assertThat(stats.standardDeviation()).isCloseTo(Math.sqrt(variance), within(1e-6));
        assertThat(stats.standardDeviation()).isNotNaN().isGreaterThanOrEqualTo(0.0);
    }

    @Test
    void emptyStatisticHasNoMeanOrDeviation() {
        RunningStats stats = new RunningStats();
        assertThat(stats.count()).isZero();
        assertThat(stats.mean()).isNaN();
        assertThat(stats.standardDeviation()).isNaN();
    }

    @Test
    void smallKnownExample() {
        RunningStats stats = new RunningStats();
        for (double v : new double[] {2, 4, 4, 4, 5, 5, 7, 9}) {
            stats.add(v);
        }
        assertThat(stats.mean()).isEqualTo(5.0);
        assertThat(stats.standardDeviation()).isCloseTo(2.0, within(EPS));
        assertThat(stats.sum()).isEqualTo(40.0);
        assertThat(stats.sumOfSquares()).isEqualTo(232.0);
    }

    @Test
    void singleValueHasZeroDeviation() {
        RunningStats stats = new RunningStats();
        stats.add(0.3);
        assertThat(stats.mean()).isCloseTo(0.3, within(EPS));
        assertThat(stats.standardDeviation()).isCloseTo(0.0, within(EPS));
    }

    @Test
    void removeFromEmptyFails() {
        RunningStats stats = new RunningStats();
        assertThatThrownBy(() -> stats.remove(0.5)).isInstanceOf(IllegalStateException.class);
        stats.add(0.5);
        stats.remove(0.5);
        assertThatThrownBy(() -> stats.remove(0.5)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void removingDownToEmptyResetsExactly() {
        RunningStats stats = new RunningStats();
        List<Double> values = new ArrayList<>();
        Random random = new Random(7);
        for (int i = 0; i < 1000; i++) {
            double v = random.nextDouble();
            stats.add(v);
            values.add(v);
        }
        while (!values.isEmpty()) {
            stats.remove(values.remove(random.nextInt(values.size())));
            assertMatchesNaive(stats, values);
        }
        assertThat(stats.sum()).isZero();
        assertThat(stats.sumOfSquares()).isZero();
        stats.add(0.25);
        assertThat(stats.mean()).isEqualTo(0.25);
        assertThat(stats.standardDeviation()).isEqualTo(0.0);
    }

    @Test
    void randomAddRemoveReplaceAgainstTwoPass() {
        for (long seed = 1; seed <= 20; seed++) {
            Random random = new Random(seed);
            RunningStats stats = new RunningStats();
            List<Double> values = new ArrayList<>();
            for (int step = 0; step < 5000; step++) {
                int op = random.nextInt(10);
                // badness values are in [0, 1]; a few runs use a wider range too
                double v = seed % 5 == 0 ? random.nextGaussian() * 1000 : random.nextDouble();
                if (values.isEmpty() || op < 4) {
                    stats.add(v);
                    values.add(v);
                } else if (op < 7) {
                    int i = random.nextInt(values.size());
                    stats.replace(values.get(i), v);
                    values.set(i, v);
                } else {
                    stats.remove(values.remove(random.nextInt(values.size())));
                }
                if (step % 97 == 0) {
                    assertMatchesNaive(stats, values);
                }
            }
            assertMatchesNaive(stats, values);
            while (!values.isEmpty()) {
                stats.remove(values.remove(values.size() - 1));
            }
            assertMatchesNaive(stats, values);
        }
    }

    @Test
    void longRunsOfNearlyEqualValuesDoNotGoNegative() {
        RunningStats stats = new RunningStats();
        List<Double> values = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            stats.add(0.1);
            values.add(0.1);
        }
        for (int i = 0; i < 100_000; i++) {
            stats.replace(0.1, 0.7);
            stats.replace(0.7, 0.1);
        }
        assertMatchesNaive(stats, values);
        assertThat(stats.standardDeviation()).isCloseTo(0.0, within(1e-6));
    }

    @Test
    void restoredFromSums() {
        RunningStats stats = new RunningStats(3, 0.6, 0.14);
        assertThat(stats.count()).isEqualTo(3);
        assertThat(stats.mean()).isCloseTo(0.2, within(EPS));
        // values 0.1, 0.2, 0.3: variance 0.02 / 3
        assertThat(stats.standardDeviation()).isCloseTo(Math.sqrt(0.02 / 3), within(1e-9));
        stats.remove(0.3);
        assertThat(stats.mean()).isCloseTo(0.15, within(EPS));
    }

    @Test
    void medianAndMadFromTheHistogramResistOutliers() {
        RunningStats stats = new RunningStats();
        for (int i = 0; i < 80; i++) {
            stats.add(0.0);
        }
        for (int i = 0; i < 20; i++) {
            stats.add(0.9); // the bad neighbourhoods inflate mean and sigma, not median and MAD
        }
        assertThat(stats.median()).isZero();
        assertThat(stats.medianAbsoluteDeviation()).isZero();
        assertThat(stats.mean() + stats.standardDeviation()).isGreaterThan(0.5);

        stats.replace(0.0, 0.2);
        stats.remove(0.9);
        assertThat(stats.count()).isEqualTo(99);
        RunningStats spread = new RunningStats();
        for (int i = 0; i <= 100; i++) {
            spread.add(i / 100.0);
        }
        assertThat(spread.median()).isCloseTo(0.5, within(0.002));
        assertThat(spread.medianAbsoluteDeviation()).isCloseTo(0.25, within(0.002));
    }

    @Test
    void sumsAloneHaveNoMedian() {
        RunningStats sums = new RunningStats(3, 1.5, 1.0);
        assertThat(sums.hasHistogram()).isFalse();
        assertThat(sums.median()).isNaN();
        assertThat(new RunningStats().median()).isNaN();
        assertThatThrownBy(() -> new RunningStats(1, 1, 1, new long[3])).isInstanceOf(IllegalArgumentException.class);
    }
}
