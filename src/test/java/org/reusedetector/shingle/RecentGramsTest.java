package org.reusedetector.shingle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RecentGramsTest {

    @Test
    void aCompleteCopyAnswersMissesAsAbsentAndAnIncompleteOneLeavesThemToTheState() {
        RecentGrams complete = new RecentGrams(100, 1000, true);
        RecentGrams incomplete = new RecentGrams(100, 1000, false);
        assertThat(complete.get(42, 0)).isSameAs(RecentGrams.ABSENT);
        assertThat(incomplete.get(42, 0)).isNull();
        long[] holders = {7L, 9L};
        complete.put(42, holders, 10);
        incomplete.put(42, holders, 10);
        assertThat(complete.get(42, 500)).isSameAs(holders);
        assertThat(incomplete.get(42, 500)).isSameAs(holders);
    }

    @Test
    void anEntryWhoseTtlHasRunOutIsLeftToTheState() {
        RecentGrams recent = new RecentGrams(100, 1000, true);
        recent.put(42, new long[] {7L}, 10);
        assertThat(recent.get(42, 1009)).containsExactly(7L);
        assertThat(recent.get(42, 1010)).as("expired: the state decides").isNull();
        recent.put(42, new long[] {7L, 8L}, 1010);
        assertThat(recent.get(42, 2009)).containsExactly(7L, 8L);
    }

    @Test
    void itAnswersAsAMapWouldAndPastItsCapacityForgetsAllAndIsNoLongerComplete() {
        RecentGrams recent = new RecentGrams(50_000, Long.MAX_VALUE, true);
        Map<Long, long[]> reference = new HashMap<>();
        Random random = new Random(3);
        for (int i = 0; i < 200_000; i++) {
            long gram = random.nextInt(40_000) * 0x9E3779B97F4A7C15L; // keys that collide in the low bits too
            long[] expected = reference.get(gram);
            assertThat(recent.get(gram, i)).isEqualTo(expected == null ? RecentGrams.ABSENT : expected);
            long[] next = {i};
            reference.put(gram, next);
            recent.put(gram, next, i);
        }
        assertThat(recent.size()).isEqualTo(reference.size());
        assertThat(recent.complete()).isTrue();
        for (long gram = 1; recent.size() < 50_000; gram++) {
            recent.put(gram, new long[] {gram}, 0);
        }
        recent.put(-1L, new long[] {1L}, 0);
        assertThat(recent.complete()).isFalse();
        assertThat(recent.size()).isEqualTo(1);
        assertThat(recent.get(-1L, 0)).containsExactly(1L);
        assertThat(recent.get(0x9E3779B97F4A7C15L, 0)).as("forgotten: the state must say").isNull();
    }
}
