package org.reusedetector.score;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ContainmentTest {

    @Test
    void shareOfMatchedChunks() {
        assertThat(Containment.of(0, 4, false)).isEqualTo(0.0);
        assertThat(Containment.of(1, 4, false)).isEqualTo(0.25);
        assertThat(Containment.of(3, 3, false)).isEqualTo(1.0);
        assertThat(Containment.of(1, 3, false)).isEqualTo(1.0 / 3);
    }

    @Test
    void fileMatchIsFullyContained() {
        assertThat(Containment.of(0, 10, true)).isEqualTo(1.0);
        assertThat(Containment.of(0, 0, true)).isEqualTo(1.0);
        assertThat(Containment.of(2, 10, true)).isEqualTo(1.0);
    }

    @Test
    void pageWithoutScoringChunksContainsNothing() {
        assertThat(Containment.of(0, 0, false)).isEqualTo(0.0);
    }
}
