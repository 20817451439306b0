package org.reusedetector.score;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NeighbourhoodConfidenceTest {

    private static final NeighbourhoodConfidence C95 = new NeighbourhoodConfidence(0.95);

    @ParameterizedTest
    @CsvSource({
        "1, 6.3138",
        "2, 2.9200",
        "3, 2.3534",
        "4, 2.1318",
        "5, 2.0150",
        "10, 1.8125",
        "30, 1.6973",
        "1000, 1.6464"
    })
    void studentQuantilesAtNinetyFivePercentMatchTheTable(long df, double expected) {
        assertThat(NeighbourhoodConfidence.studentQuantile(0.95, df)).isCloseTo(expected, within(expected * 0.005));
    }

    @Test
    void normalQuantiles() {
        assertThat(NeighbourhoodConfidence.normalQuantile(0.95)).isCloseTo(1.644854, within(1e-6));
        assertThat(NeighbourhoodConfidence.normalQuantile(0.975)).isCloseTo(1.959964, within(1e-6));
        assertThat(NeighbourhoodConfidence.normalQuantile(0.999)).isCloseTo(3.090232, within(1e-6));
    }

    /** The bounds of pages given as (scorable, matched) pairs. */
    private static double[] bounds(NeighbourhoodConfidence confidence, double[]... pages) {
        long chunks = 0;
        double matched = 0;
        double nn = 0;
        double mm = 0;
        double mn = 0;
        for (double[] p : pages) {
            chunks += (long) p[0];
            matched += p[1];
            nn += p[0] * p[0];
            mm += p[1] * p[1];
            mn += p[0] * p[1];
        }
        return confidence.bounds(pages.length, chunks, matched, nn, mm, mn);
    }

    @Test
    void pagesThatAgreeGiveATightIntervalAndPagesThatDisagreeAWideOne() {
        double[] agree = bounds(
                C95,
                new double[] {20, 10},
                new double[] {40, 20},
                new double[] {10, 5},
                new double[] {30, 15},
                new double[] {20, 10});
        assertThat(agree[0]).isCloseTo(0.5, within(1e-9));
        assertThat(agree[1]).isCloseTo(0.5, within(1e-9));

        // the same badness (0.5) from copied pages and clean pages: nothing is sure yet
        double[] disagree =
                bounds(C95, new double[] {20, 20}, new double[] {20, 0}, new double[] {20, 20}, new double[] {20, 0});
        assertThat(disagree[0]).isLessThan(0.05);
        assertThat(disagree[1]).isGreaterThan(0.95);
    }

    @Test
    void morePagesOfTheSameMixNarrowTheInterval() {
        double[][] few = {{20, 12}, {20, 6}, {20, 10}, {20, 8}, {20, 9}};
        double[][] many = new double[50][];
        for (int i = 0; i < many.length; i++) {
            many[i] = few[i % few.length];
        }
        double[] wide = bounds(C95, few);
        double[] narrow = bounds(C95, many);
        assertThat(wide[0]).isLessThan(narrow[0]);
        assertThat(wide[1]).isGreaterThan(narrow[1]);
        assertThat((narrow[0] + narrow[1]) / 2).isCloseTo(0.45, within(1e-9));
    }

    @Test
    void onePageIsNoSampleAndNoIntervalIsThePointRule() {
        assertThat(bounds(C95, new double[] {20, 20})).containsExactly(0, 1);
        assertThat(bounds(NeighbourhoodConfidence.NONE, new double[] {20, 5})).containsExactly(0.25, 0.25);
        assertThat(bounds(NeighbourhoodConfidence.NONE, new double[] {20, 5}, new double[] {20, 15}))
                .containsExactly(0.5, 0.5);
    }

    @Test
    void levelsOutsideTheRangeAreRefused() {
        assertThatThrownBy(() -> new NeighbourhoodConfidence(0.4)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new NeighbourhoodConfidence(1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aVerdictTurnsBadOnItsBadnessAndCleanOnItsUpperBound() {
        NeighbourhoodThreshold rule = NeighbourhoodThreshold.paper(5, 1, 1.0, Double.NaN)
                .withBounds(0.05, 0.5, 2)
                .withRobust(true)
                .withConfidence(C95);
        assertThat(rule.turnsBad(6, 0.30, 0.25, 3)).isTrue();
        assertThat(rule.turnsBad(6, 0.25, 0.25, 3)).as("not strictly above").isFalse();
        assertThat(rule.turnsBad(4, 0.90, 0.25, 3))
                .as("fewer pages than min-pages")
                .isFalse();
        assertThat(rule.turnsBad(6, 0.30, 0.25, 1))
                .as("one distinct labelled hash")
                .isFalse();
        assertThat(rule.turnsBad(6, 0.30, Double.NaN, 3))
                .as("threshold unknown")
                .isFalse();
        assertThat(rule.turnsClean(8, 0.20, 0.27, 0.25, 3))
                .as("badness below, upper bound above: the verdict stands")
                .isFalse();
        assertThat(rule.turnsClean(8, 0.20, 0.24, 0.25, 3)).isTrue();
        assertThat(rule.turnsClean(0, 0, 0, 0.25, 0)).as("emptied").isTrue();
        assertThat(rule.turnsClean(8, 0.20, 0.24, Double.NaN, 3)).isFalse();

        NeighbourhoodThreshold pointRule = NeighbourhoodThreshold.paper(5, 1, 1.0, Double.NaN)
                .withBounds(0.05, 0.5, 2)
                .withRobust(true)
                .withConfidence(NeighbourhoodConfidence.NONE);
        assertThat(pointRule.turnsClean(8, 0.20, 0.27, 0.25, 3))
                .as("no interval: clean as soon as not bad")
                .isTrue();
    }
}
