package org.reusedetector.score;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.reusedetector.model.Evidence;
import org.reusedetector.model.PageScore;

class PageRuleTest {

    private static PageScore score(int chunks, int matched, boolean fileMatch) {
        return new PageScore(
                "https://a.org/p.html",
                0L,
                chunks,
                matched,
                Containment.of(matched, chunks, fileMatch),
                fileMatch,
                new Evidence[0]);
    }

    @Test
    void oneGenericChunkOnASmallPageIsNoEvidence() {
        PageRule rule = new PageRule(0.144, 2);
        assertThat(rule.isPartialTarget(score(5, 1, false))).isFalse(); // badness 0.2, but one chunk
        assertThat(rule.isPartialTarget(score(5, 2, false))).isTrue();
        assertThat(rule.isPartialTarget(score(20, 2, false))).isFalse(); // 0.1: below the threshold
    }

    @Test
    void aWholeFileMatchAlwaysAlerts() {
        PageRule rule = new PageRule(0.144, 2);
        assertThat(rule.alerts(score(0, 0, true))).isTrue();
        assertThat(rule.isPartialTarget(score(0, 0, true))).isFalse();
    }

    @Test
    void thePhishingProfileAlertsOnOneBrandChunk() {
        PageRule phishing = new PageRule(0.0, 1);
        assertThat(phishing.alerts(score(40, 1, false))).isTrue();
        assertThat(phishing.alerts(score(40, 0, false))).isFalse();
    }

    @Test
    void rejectsMeaninglessParameters() {
        assertThatThrownBy(() -> new PageRule(1.0, 2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PageRule(0.1, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
