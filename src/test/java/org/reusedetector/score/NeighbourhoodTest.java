package org.reusedetector.score;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.reusedetector.model.Evidence;

class NeighbourhoodTest {

    private static Evidence evidence(char c) {
        return new Evidence(String.valueOf(c).repeat(40), "chunk", "discover:r", null);
    }

    @Test
    void badnessIsTheMeanContainmentClampedToTheUnitInterval() {
        assertThat(Neighbourhood.badness(4, 1.0)).isEqualTo(0.25);
        assertThat(Neighbourhood.badness(0, 0.0)).isZero();
        assertThat(Neighbourhood.badness(3, 3.0000000000000004)).isEqualTo(1.0); // rounding of summed deltas
        assertThat(Neighbourhood.badness(3, -1e-17)).isZero();
    }

    @Test
    void evidenceKeepsTheNewestDistinctLabelsUpToTheLimit() {
        Evidence a = evidence('a');
        Evidence b = evidence('b');
        Evidence c = evidence('c');
        assertThat(Neighbourhood.mergeEvidence(new Evidence[] {a, b}, new Evidence[] {c, a}, 3))
                .containsExactly(c, a, b);
        assertThat(Neighbourhood.mergeEvidence(new Evidence[] {a, b}, new Evidence[] {c}, 2))
                .containsExactly(c, a);
        Evidence[] kept = {a};
        assertThat(Neighbourhood.mergeEvidence(kept, new Evidence[0], 3)).isSameAs(kept);
        assertThat(Neighbourhood.mergeEvidence(kept, null, 3)).isSameAs(kept);
        assertThat(Neighbourhood.mergeEvidence(kept, new Evidence[] {b}, 0)).isSameAs(kept);
    }
}
