package org.reusedetector.discover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TemplateRuleTest {

    private final TemplateRule rule = DiscoveryParams.defaults("t").template();

    @Test
    void contentMirroredAcrossSitesIsLabelledButItsFooterIsBoilerplate() {
        assertThat(rule.classify(41, 41, 1, 33)).isEqualTo(Verdict.LABEL);
        assertThat(rule.classify(120, 41, 3, 33)).isEqualTo(Verdict.LABEL); // about one page per site
        // a mirrored site's own footer: on every page of 85 hosts, no host holds the majority; a chunk: a stop label
        assertThat(rule.classify(1556, 85, 317, 33)).isEqualTo(Verdict.STOP);
        assertThat(rule.classify("file", 1556, 85, 85, 317, 33)).isEqualTo(Verdict.BOILERPLATE);
        assertThat(new TemplateRule(3, 0.5).classify(1556, 85, 317, 33)).isEqualTo(Verdict.LABEL); // without the rule
    }

    @Test
    void aTemplateOfOneOrTwoSitesIsNot() {
        assertThat(rule.classify(125, 1, 125, 33)).isEqualTo(Verdict.FEW_HOSTS);
        assertThat(rule.classify(250, 2, 125, 33)).isEqualTo(Verdict.FEW_HOSTS);
    }

    @Test
    void aTemplateQuotedBySomeOthersIsConcentrated() {
        TemplateRule shareOnly = new TemplateRule(3, 0.5);
        assertThat(rule.classify(12, 4, 9, 1)).isEqualTo(Verdict.CONCENTRATED); // 3 pages per host, 9 of 12 on one
        assertThat(shareOnly.classify(100, 3, 50, 33)).isEqualTo(Verdict.LABEL); // exactly half: not a majority
        assertThat(shareOnly.classify(100, 3, 51, 33)).isEqualTo(Verdict.CONCENTRATED);
    }

    @Test
    void reuseWithinOneSiteIsItsPublishersOwn() {
        // translations of one handbook on 24 hosts of one registrable domain
        assertThat(rule.classify("chunk", 24, 24, 1, 1, 1)).isEqualTo(Verdict.SAME_SITE);
        assertThat(rule.classify("chunk", 24, 24, 2, 1, 1)).isEqualTo(Verdict.LABEL);
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
        assertThatThrownBy(() -> new TemplateRule(3, 0.5, 0.5)).isInstanceOf(IllegalArgumentException.class);
    }
}
