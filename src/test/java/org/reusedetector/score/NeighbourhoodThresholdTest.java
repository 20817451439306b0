package org.reusedetector.score;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

class NeighbourhoodThresholdTest {

    private static final NeighbourhoodThreshold PAPER = NeighbourhoodThreshold.paper(5, 3, 1.0, Double.NaN);

    @Test
    void countsFromMinPages() {
        assertThat(PAPER.counts(4)).isFalse();
        assertThat(PAPER.counts(5)).isTrue();
        assertThat(PAPER.counts(500)).isTrue();
    }

    @Test
    void thresholdIsNaNUntilMinNeighbourhoodsCount() {
        RunningStats stats = new RunningStats();
        assertThat(PAPER.threshold(stats)).isNaN();
        stats.add(0.1);
        stats.add(0.3);
        assertThat(PAPER.threshold(stats)).isNaN();
        stats.add(0.5);
        // mean 0.3, population sd sqrt(0.08 / 3)
        assertThat(PAPER.threshold(stats)).isCloseTo(0.3 + Math.sqrt(0.08 / 3), within(1e-12));
        stats.remove(0.5);
        assertThat(PAPER.threshold(stats)).isNaN();
    }

    @Test
    void zeroMinNeighbourhoodsStillNeedsOneValue() {
        NeighbourhoodThreshold any = NeighbourhoodThreshold.paper(1, 0, 1.0, Double.NaN);
        RunningStats stats = new RunningStats();
        assertThat(any.threshold(stats)).isNaN();
        stats.add(0.4);
        assertThat(any.threshold(stats)).isCloseTo(0.4, within(1e-12));
    }

    @Test
    void standardDeviationsScaleTheDeviation() {
        RunningStats stats = new RunningStats();
        for (double v : new double[] {0.2, 0.4, 0.6}) {
            stats.add(v);
        }
        double sd = Math.sqrt(0.08 / 3);
        assertThat(NeighbourhoodThreshold.paper(1, 1, 0.0, Double.NaN).threshold(stats))
                .isCloseTo(0.4, within(1e-12));
        assertThat(NeighbourhoodThreshold.paper(1, 1, 2.0, Double.NaN).threshold(stats))
                .isCloseTo(0.4 + 2 * sd, within(1e-12));
    }

    @Test
    void fixedThresholdOverridesTheStatistic() {
        NeighbourhoodThreshold fixed = NeighbourhoodThreshold.paper(5, 20, 1.0, 0.25);
        RunningStats stats = new RunningStats();
        assertThat(fixed.threshold(stats)).isEqualTo(0.25);
        for (int i = 0; i < 50; i++) {
            stats.add(0.9);
        }
        assertThat(fixed.threshold(stats)).isEqualTo(0.25);
        assertThat(NeighbourhoodThreshold.paper(5, 20, 1.0, 0.0).threshold(new RunningStats()))
                .isEqualTo(0.0);
    }

    @Test
    void updateAddsWhenANeighbourhoodReachesMinPages() {
        RunningStats stats = new RunningStats();
        PAPER.update(stats, 3, 0.5, 4, 0.6);
        assertThat(stats.count()).isZero();
        PAPER.update(stats, 4, 0.6, 5, 0.7);
        assertThat(stats.count()).isEqualTo(1);
        assertThat(stats.mean()).isCloseTo(0.7, within(1e-12));
    }

    @Test
    void updateReplacesWhileANeighbourhoodCounts() {
        RunningStats stats = new RunningStats();
        PAPER.update(stats, 4, 0.0, 5, 0.7);
        PAPER.update(stats, 5, 0.7, 6, 0.2);
        PAPER.update(stats, 6, 0.2, 6, 0.3); // revisit: same pages, new badness
        assertThat(stats.count()).isEqualTo(1);
        assertThat(stats.mean()).isCloseTo(0.3, within(1e-12));
    }

    @Test
    void updateRemovesWhenANeighbourhoodDropsBelowMinPages() {
        RunningStats stats = new RunningStats();
        stats.add(0.9); // another neighbourhood
        PAPER.update(stats, 4, 0.0, 5, 0.5);
        PAPER.update(stats, 5, 0.5, 4, 0.4);
        assertThat(stats.count()).isEqualTo(1);
        assertThat(stats.mean()).isCloseTo(0.9, within(1e-12));
        PAPER.update(stats, 4, 0.4, 0, 0.0);
        assertThat(stats.count()).isEqualTo(1);
    }

    @Test
    void emptyNeighbourhoodsNeverCount() {
        NeighbourhoodThreshold all = NeighbourhoodThreshold.paper(0, 1, 1.0, Double.NaN);
        RunningStats stats = new RunningStats();
        assertThat(all.counts(0)).isTrue();
        all.update(stats, 0, 0.0, 0, 0.0);
        assertThat(stats.count()).isZero();
        all.update(stats, 0, 0.0, 1, 0.5);
        assertThat(stats.count()).isEqualTo(1);
        all.update(stats, 1, 0.5, 0, 0.0);
        assertThat(stats.count()).isZero();
        assertThat(all.isBad(0, 1.0, 0.1)).isFalse();
    }

    @Test
    void updatesOfManyNeighbourhoodsMatchARecount() {
        Random random = new Random(3);
        long[] pages = new long[50];
        double[] badness = new double[50];
        RunningStats stats = new RunningStats();
        for (int step = 0; step < 20_000; step++) {
            int n = random.nextInt(pages.length);
            long newPages = Math.max(0, pages[n] + random.nextInt(3) - 1);
            double newBadness = newPages == 0 ? 0.0 : random.nextDouble();
            PAPER.update(stats, pages[n], badness[n], newPages, newBadness);
            pages[n] = newPages;
            badness[n] = newBadness;
        }
        RunningStats recount = new RunningStats();
        for (int n = 0; n < pages.length; n++) {
            if (pages[n] >= 5) {
                recount.add(badness[n]);
            }
        }
        assertThat(stats.count()).isEqualTo(recount.count());
        assertThat(stats.mean()).isCloseTo(recount.mean(), within(1e-9));
        assertThat(stats.standardDeviation()).isCloseTo(recount.standardDeviation(), within(1e-6));
    }

    @Test
    void isBadIsStrictlyAboveAKnownThresholdWithEnoughPages() {
        assertThat(PAPER.isBad(10, 0.51, 0.5)).isTrue();
        assertThat(PAPER.isBad(10, 0.5, 0.5)).isFalse();
        assertThat(PAPER.isBad(10, 0.49, 0.5)).isFalse();
        assertThat(PAPER.isBad(4, 1.0, 0.5)).isFalse();
        assertThat(PAPER.isBad(5, 1.0, 0.5)).isTrue();
        assertThat(PAPER.isBad(10, 1.0, Double.NaN)).isFalse();
        assertThat(PAPER.isBad(0, 1.0, 0.0)).isFalse();
    }

    @Test
    void floorAndCeilingBoundTheStatistic() {
        NeighbourhoodThreshold bounded = NeighbourhoodThreshold.paper(1, 1, 1.0, Double.NaN)
                .withBounds(0.1, 0.5, 2)
                .withRobust(true);
        RunningStats mostlyZeros = new RunningStats();
        for (int i = 0; i < 99; i++) {
            mostlyZeros.add(0.0);
        }
        mostlyZeros.add(0.0105);
        // mean + sd of mostly zeros is about 0.001: the floor keeps one matched chunk in a hundred from being bad
        assertThat(PAPER.forWholeCorpus().threshold(mostlyZeros)).isLessThan(0.01);
        assertThat(bounded.threshold(mostlyZeros)).isEqualTo(0.1);
        assertThat(bounded.isBad(10, 0.0105, bounded.threshold(mostlyZeros), 5)).isFalse();
        RunningStats copies = new RunningStats();
        for (int i = 0; i < 10; i++) {
            copies.add(1.0);
            copies.add(0.8);
        }
        copies.add(0.0);
        // a population of copies puts mean + sd near 1; the ceiling keeps a mostly labelled neighbourhood bad
        assertThat(PAPER.forWholeCorpus().threshold(copies)).isGreaterThan(0.9);
        assertThat(bounded.threshold(copies)).isEqualTo(0.5);
        assertThat(bounded.isBad(10, 0.8, 0.5, 3)).isTrue();
    }

    @Test
    void aBadNeighbourhoodNeedsDistinctEvidence() {
        NeighbourhoodThreshold rule = NeighbourhoodThreshold.paper(1, 1, 1.0, Double.NaN)
                .withBounds(0.1, 0.5, 2)
                .withRobust(true);
        assertThat(rule.isBad(5, 0.9, 0.2, 1)).isFalse(); // one generic chunk
        assertThat(rule.isBad(5, 0.9, 0.2, 2)).isTrue();
        assertThat(PAPER.isBad(5, 0.9, 0.2, 0)).isTrue(); // the paper's rule has no evidence rule
        assertThatThrownBy(() -> NeighbourhoodThreshold.paper(1, 1, 1.0, Double.NaN)
                        .withBounds(0.6, 0.5, 2)
                        .withRobust(true))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void wholeCorpusDropsOnlyTheWarmUp() {
        NeighbourhoodThreshold streaming = NeighbourhoodThreshold.paper(5, 20, 1.0, Double.NaN)
                .withBounds(0.1, 0.5, 2)
                .withRobust(true);
        assertThat(streaming.forWholeCorpus())
                .isEqualTo(NeighbourhoodThreshold.paper(5, 1, 1.0, Double.NaN)
                        .withBounds(0.1, 0.5, 2)
                        .withRobust(true));
    }

    private static NeighbourhoodThreshold withTolerance(double tolerance) {
        return new NeighbourhoodThreshold(
                5,
                20,
                1.0,
                Double.NaN,
                0.05,
                0.5,
                2,
                true,
                new NeighbourhoodConfidence(0.95),
                CoverageRule.OFF,
                tolerance);
    }

    @Test
    void untilTheStatisticSettlesTheThresholdIsTheCeiling() {
        RunningStats early = new RunningStats();
        for (int i = 0; i < 18; i++) {
            early.add(0.0);
        }
        for (int i = 0; i < 4; i++) {
            early.add(1.0); // 22 neighbourhoods, a few copies: median and MAD 0, sigma 0.38
        }
        assertThat(withTolerance(0).threshold(early)).isEqualTo(0.05); // the floor
        assertThat(withTolerance(0.05).settled(early)).isFalse();
        assertThat(withTolerance(0.05).threshold(early)).isEqualTo(0.5);
        assertThat(withTolerance(0.05).threshold(early, true)).isEqualTo(0.05); // once settled, it stays so

        RunningStats settled = new RunningStats();
        for (int i = 0; i < 900; i++) {
            settled.add(0.0);
        }
        for (int i = 0; i < 100; i++) {
            settled.add(1.0); // sigma 0.3 over 1,000: half-width 1.645 * 1.2533 * 0.3 / 31.6 = 0.02
        }
        assertThat(withTolerance(0.05).settled(settled)).isTrue();
        assertThat(withTolerance(0.05).threshold(settled)).isEqualTo(0.05);
        assertThat(withTolerance(0.05).forWholeCorpus().threshold(early)).isEqualTo(0.05); // batch: no warm-up
    }

    @Test
    void withAConfidenceLevelTheLowerBoundDecidesAndCoverageNeedsNoThreshold() {
        NeighbourhoodThreshold rule = new NeighbourhoodThreshold(
                5,
                20,
                1.0,
                Double.NaN,
                0.05,
                0.5,
                2,
                true,
                new NeighbourhoodConfidence(0.95, true),
                new CoverageRule(0.3, 20, 8),
                0);
        org.reusedetector.model.Copy[] none = new org.reusedetector.model.Copy[0];
        assertThat(rule.turnsBad(3, 0.6, 0.31, 0.3, 2, none)).isTrue(); // 3 pages suffice when they agree
        assertThat(rule.turnsBad(30, 0.6, 0.29, 0.3, 2, none)).isFalse(); // 30 do not when they disagree
        assertThat(rule.turnsBad(30, 0.6, 0.5, 0.3, 1, none)).isFalse(); // one distinct hash is no evidence
        org.reusedetector.model.Copy[] covered = {new org.reusedetector.model.Copy("s", 0.4, 40, 100, null)};
        assertThat(rule.turnsBad(2, 0.01, 0.0, Double.NaN, 0, covered)).isTrue();
        assertThat(rule.turnsClean(2, 0.01, 0.02, 0.3, 0, covered)).isFalse();
        assertThat(rule.turnsClean(2, 0.01, 0.02, 0.3, 0, none)).isTrue();
        assertThat(rule.turnsClean(2, 0.01, 0.02, Double.NaN, 0, none)).isFalse();
        // a blind copy family makes a verdict only where its labels named its source (the copy then carries it)
        org.reusedetector.model.Copy unclearFamily = new org.reusedetector.model.Copy("family:f1", 1.0, 40, 40, null);
        org.reusedetector.model.Copy sourcedFamily =
                new org.reusedetector.model.Copy("family:f1", 1.0, 40, 40, "https://author.org/");
        assertThat(rule.turnsBad(2, 0.01, 0.0, 0.3, 0, new org.reusedetector.model.Copy[] {unclearFamily}))
                .isFalse();
        assertThat(rule.turnsBad(2, 0.01, 0.0, 0.3, 0, new org.reusedetector.model.Copy[] {sourcedFamily}))
                .isTrue();
        assertThat(rule.coverage()
                        .covers(new org.reusedetector.model.Copy("family:f1", 1.0, 19, 19, "https://author.org/")))
                .as("too few chunks, as for any source")
                .isFalse();

        NeighbourhoodThreshold paper = new NeighbourhoodThreshold(
                5, 20, 1.0, Double.NaN, 0.05, 0.5, 2, true, new NeighbourhoodConfidence(0.95), CoverageRule.OFF, 0);
        assertThat(paper.turnsBad(30, 0.6, 0.29, 0.3, 2, none)).isTrue(); // the paper's rule: the badness decides
        assertThat(paper.turnsBad(3, 0.6, 0.5, 0.3, 2, none)).isFalse(); // with min-pages
    }
}
