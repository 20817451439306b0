package org.reusedetector.discover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ThresholdRuleTest {

    @Test
    void scaledThresholdGrowsWithTheSquareRootOfPages() {
        ThresholdRule rule = ThresholdRule.scaled(0.35, 0.5, 3);
        assertThat(rule.threshold(0)).isEqualTo(3);
        assertThat(rule.threshold(25)).isEqualTo(3); // 0.35 * 5 = 1.75: the floor
        assertThat(rule.threshold(8_635)).isEqualTo(33); // 0.35 * 92.9 = 32.5
        assertThat(rule.threshold(2_860_000_000L)).isEqualTo(18_718); // Common Crawl's size
        assertThat(ThresholdRule.scaled(1, 1, 1).threshold(500)).isEqualTo(500);
    }

    @Test
    void structureHasNoCountThresholdAndAGroupOfAPagesWorthOfContent() {
        ThresholdRule rule = DiscoveryParams.defaults("t").threshold();
        assertThat(rule.mode()).isEqualTo(org.reusedetector.config.ThresholdMode.STRUCTURE);
        assertThat(rule.threshold(8_635)).isEqualTo(1);
        assertThat(rule.threshold(2_860_000_000L)).isEqualTo(1); // nothing grows with the corpus
        assertThat(rule.groupFloor()).isEqualTo(3);
        assertThat(ThresholdRule.scaled(0.35, 0.5, 3).groupFloor()).isZero(); // count modes do not group
        assertThat(rule.describe()).startsWith("structure");
        assertThatThrownBy(() -> ThresholdRule.structure(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aHostSetsGroupThresholdIsThePageItsCandidatesSitOnWithTheFewestChunks() {
        assertThat(ThresholdRule.groupThreshold(3, 31)).isEqualTo(31);
        assertThat(ThresholdRule.groupThreshold(3, 2)).isEqualTo(3); // the floor
        assertThat(ThresholdRule.groupThreshold(3, 0)).isEqualTo(3);
        // the same candidates judged alike whatever else the corpus holds: nothing but their own pages enters
        ThresholdRule rule = DiscoveryParams.defaults("t").threshold();
        assertThat(DiscoveryThresholds.of(1_000, rule).groupThreshold(31))
                .isEqualTo(DiscoveryThresholds.of(1_000_000, rule).groupThreshold(31))
                .isEqualTo(31);
    }

    @Test
    void fixedThresholdIgnoresTheCorpusSize() {
        assertThat(ThresholdRule.fixed(1000).threshold(10)).isEqualTo(1000);
        assertThat(ThresholdRule.fixed(1000).threshold(1_000_000_000)).isEqualTo(1000);
        assertThat(ThresholdRule.fixed(1000).describe()).isEqualTo("fixed 1000");
    }

    @Test
    void rejectsMeaninglessParameters() {
        assertThatThrownBy(() -> ThresholdRule.fixed(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ThresholdRule.scaled(0, 0.5, 3)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ThresholdRule.scaled(1, 1.5, 3)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ThresholdRule.scaled(1, 0.5, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
