package org.reusedetector.discover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.reusedetector.config.ConfigException;
import org.reusedetector.config.ReuseDetectorConfig;

class DiscoveryParamsTest {

    @Test
    void defaultsComeFromTheConfiguration() {
        DiscoveryParams p = DiscoveryParams.from(ReuseDetectorConfig.defaults(), "r1");
        assertThat(p.source()).isEqualTo("discover:r1");
        assertThat(p.minChunkLength()).isEqualTo(50);
        assertThat(p.threshold()).isEqualTo(ThresholdRule.structure(3));
        assertThat(p.template()).isEqualTo(new TemplateRule(3, 0.5, 3.0));
        assertThat(p.chunking().defaultStopList()).isTrue();
        assertThat(DiscoveryParams.defaults("r1")).isEqualTo(p);
    }

    @Test
    void fixedModeNeedsACount() {
        assertThatThrownBy(() -> ReuseDetectorConfig.of(Map.of("discovery.threshold.mode", "FIXED")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("discovery.threshold.count");
        ReuseDetectorConfig config = ReuseDetectorConfig.of(Map.of(
                "discovery.threshold.mode",
                "FIXED",
                "discovery.threshold.count",
                "1000",
                "discovery.template.min-hosts",
                "5",
                "discovery.template.max-top-host-share",
                "0.25"));
        DiscoveryParams p = DiscoveryParams.from(config, "r");
        assertThat(p.threshold().threshold(1)).isEqualTo(1000);
        assertThat(p.template()).isEqualTo(new TemplateRule(5, 0.25, 3.0));
    }

    @Test
    void invalidRulesAreConfigErrors() {
        assertThatThrownBy(() -> ReuseDetectorConfig.of(Map.of("discovery.template.max-top-host-share", "2")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("discovery.template.max-top-host-share");
    }
}
