package org.reusedetector.discover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ThresholdRuleTest {

    @Test
    void scaledThresholdGrowsWithTheSquareRootOfPages() {
        ThresholdRule rule = DiscoveryParams.defaults("t").threshold();
        assertThat(rule.threshold(0)).isEqualTo(3);
        assertThat(rule.threshold(25)).isEqualTo(3); // 0.35 * 5 = 1.75: the floor
        assertThat(rule.threshold(8_635)).isEqualTo(33); // 0.35 * 92.9 = 32.5
        assertThat(rule.threshold(2_860_000_000L)).isEqualTo(18_718); // Common Crawl's size
        assertThat(ThresholdRule.scaled(1, 1, 1).threshold(500)).isEqualTo(500);
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
