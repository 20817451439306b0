package org.reusedetector.discover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TemplateRuleTest {

    private final TemplateRule rule = TemplateRule.defaults();

    @Test
    void contentMirroredAcrossSitesIsLabelled() {
        assertThat(rule.classify(41, 41, 1, 33)).isEqualTo(Verdict.LABEL);
        // a mirrored site's own footer: on every page of 41 hosts, no host holds the majority
        assertThat(rule.classify(1556, 85, 317, 33)).isEqualTo(Verdict.LABEL);
    }

    @Test
    void aTemplateOfOneOrTwoSitesIsNot() {
        assertThat(rule.classify(125, 1, 125, 33)).isEqualTo(Verdict.FEW_HOSTS);
        assertThat(rule.classify(250, 2, 125, 33)).isEqualTo(Verdict.FEW_HOSTS);
    }

    @Test
    void aTemplateQuotedBySomeOthersIsConcentrated() {
        assertThat(rule.classify(1000, 4, 990, 33)).isEqualTo(Verdict.CONCENTRATED);
        assertThat(rule.classify(100, 3, 50, 33)).isEqualTo(Verdict.LABEL); // exactly half: not a majority
        assertThat(rule.classify(100, 3, 51, 33)).isEqualTo(Verdict.CONCENTRATED);
    }

    @Test
    void belowTheThresholdComesFirst() {
        assertThat(rule.classify(32, 32, 1, 33)).isEqualTo(Verdict.BELOW_THRESHOLD);
    }

    @Test
    void rejectsMeaninglessParameters() {
        assertThatThrownBy(() -> new TemplateRule(0, 0.5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TemplateRule(3, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TemplateRule(3, 1.5)).isInstanceOf(IllegalArgumentException.class);
    }
}
