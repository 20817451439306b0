package org.reusedetector.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PrefixScoreTest {

    @Test
    void aThresholdStampKeepsEveryOtherField() {
        Copy[] copies = {new Copy("src.org", 0.5, 20, 40, null)};
        PrefixScore score =
                new PrefixScore("https://a.org/", 3, 0.5, 2, 0.4, 7L, new Evidence[0], Double.NaN, 0.8, copies, 0.2);
        PrefixScore stamped = score.withThreshold(0.3);
        assertThat(stamped.threshold()).isEqualTo(0.3);
        assertThat(stamped)
                .usingRecursiveComparison()
                .ignoringFields("threshold")
                .isEqualTo(score);
    }
}
