package org.reusedetector.shingle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class GreedyCoverTest {

    private static BitSet items(int... items) {
        BitSet set = new BitSet();
        for (int i : items) {
            set.set(i);
        }
        return set;
    }

    private static List<Integer> order(List<GreedyCover.Step> steps) {
        return steps.stream().map(GreedyCover.Step::document).toList();
    }

    @Test
    void addsTheLargestIntersectionWithWhatIsStillUncovered() {
        BitSet target = items(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
        List<GreedyCover.Step> steps = GreedyCover.cover(
                target,
                List.of(
                        new GreedyCover.Candidate(10, true, items(0, 1, 2, 3, 4, 5)),
                        new GreedyCover.Candidate(11, true, items(5, 6, 7)),
                        new GreedyCover.Candidate(12, true, items(3, 4, 5, 6, 7, 8, 9))));
        // 12 covers 7, then 10 covers {0, 1, 2}; 11 adds nothing
        assertThat(order(steps)).containsExactly(12, 10);
        assertThat(steps).extracting(GreedyCover.Step::covered).containsExactly(7, 3);
    }

    @Test
    void tiesGoToTheLargerIntersectionWithTheWholeTarget() {
        BitSet target = items(0, 1, 2, 3, 4, 5);
        List<GreedyCover.Step> steps = GreedyCover.cover(
                target,
                List.of(
                        new GreedyCover.Candidate(1, true, items(0, 1, 2, 3)),
                        new GreedyCover.Candidate(2, true, items(4, 5)),
                        new GreedyCover.Candidate(3, true, items(2, 3, 4, 5))));
        // first 1 or 3 (4 each, tie on total too: the earlier); then 2 and 3 both add {4, 5}: 3 holds more of the
        // target
        assertThat(order(steps)).containsExactly(1, 3);
        assertThat(steps.get(1).equivalents()).containsExactly(2);
    }

    @Test
    void localDocumentsOnlyWhenNoForeignOneCoversAnythingLeft() {
        BitSet target = items(0, 1, 2, 3, 4, 5);
        List<GreedyCover.Step> steps = GreedyCover.cover(
                target,
                List.of(
                        new GreedyCover.Candidate(1, false, items(0, 1, 2, 3, 4, 5)),
                        new GreedyCover.Candidate(2, true, items(0, 1)),
                        new GreedyCover.Candidate(3, true, items(2))));
        assertThat(order(steps)).containsExactly(2, 3, 1);
        assertThat(steps).extracting(GreedyCover.Step::foreign).containsExactly(true, true, false);
        assertThat(steps.get(2).covered()).isEqualTo(3);
    }

    @Test
    void stopsWhenNothingLeftIsHeld() {
        assertThat(GreedyCover.cover(items(0, 1), List.of(new GreedyCover.Candidate(1, true, items(5)))))
                .isEmpty();
    }
}
