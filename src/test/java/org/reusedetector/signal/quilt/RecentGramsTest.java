package org.reusedetector.signal.quilt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
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
        complete.put(42, holders, 10, 0);
        incomplete.put(42, holders, 10, 0);
        assertThat(complete.get(42, 500)).isSameAs(holders);
        assertThat(incomplete.get(42, 500)).isSameAs(holders);
    }

    @Test
    void anEntryWhoseTtlHasRunOutIsLeftToTheState() {
        RecentGrams recent = new RecentGrams(100, 1000, true);
        recent.put(42, new long[] {7L}, 10, 0);
        assertThat(recent.get(42, 1009)).containsExactly(7L);
        assertThat(recent.get(42, 1010)).as("expired: the state decides").isNull();
        recent.put(42, new long[] {7L, 8L}, 1010, 0);
        assertThat(recent.get(42, 2009)).containsExactly(7L, 8L);
    }

    @Test
    void itAnswersAsAMapWouldAndPastItsCapacityForgetsAllAndIsNoLongerComplete() throws Exception {
        RecentGrams recent = new RecentGrams(50_000, Long.MAX_VALUE, true);
        Map<Long, long[]> reference = new HashMap<>();
        Random random = new Random(3);
        for (int i = 0; i < 200_000; i++) {
            long gram = random.nextInt(40_000) * 0x9E3779B97F4A7C15L; // keys that collide in the low bits too
            long[] expected = reference.get(gram);
            assertThat(recent.get(gram, i)).isEqualTo(expected == null ? RecentGrams.ABSENT : expected);
            long[] next = {i};
            reference.put(gram, next);
            recent.put(gram, next, i, 0);
        }
        assertThat(recent.size()).isEqualTo(reference.size());
        assertThat(recent.complete()).isTrue();
        for (long gram = 1; recent.size() < 50_000; gram++) {
            recent.put(gram, new long[] {gram}, 0, 0);
        }
        assertThat(recent.full(-1L)).isTrue();
        assertThat(recent.full(1L)).as("a gram it holds still fits").isFalse();
        Map<Long, long[]> written = new HashMap<>();
        recent.flush((key, gram, holders, time) -> written.put(gram, holders));
        assertThat(written).hasSize(50_000);
        recent.forgetAll();
        recent.put(-1L, new long[] {1L}, 0, 0);
        assertThat(recent.complete()).isFalse();
        assertThat(recent.size()).isEqualTo(1);
        assertThat(recent.get(-1L, 0)).containsExactly(1L);
        assertThat(recent.get(0x9E3779B97F4A7C15L, 0))
                .as("forgotten: the state must say")
                .isNull();
    }

    @Test
    void aFlushWritesEachChangedGramOnceWithItsLatestHoldersAndKeyAndThenNothing() throws Exception {
        RecentGrams recent = new RecentGrams(100_000, 1000, true);
        recent.put(1, new long[] {10L}, 0, 7);
        recent.put(2, new long[] {20L}, 0, 8);
        recent.put(1, new long[] {10L, 11L}, 1, 7);
        for (long gram = 100; gram < 20_100; gram++) {
            recent.put(gram, new long[] {gram}, 2, 9); // the table grows under the changes
        }
        List<String> writes = new ArrayList<>();
        recent.flush((key, gram, holders, time) -> writes.add(key + ":" + gram + ":" + Arrays.toString(holders)));
        assertThat(writes).hasSize(20_002).doesNotHaveDuplicates().contains("7:1:[10, 11]", "8:2:[20]", "9:100:[100]");
        assertThat(writes).contains("9:20099:[20099]");
        assertThat(recent.changed()).isZero();
        writes.clear();
        recent.flush((key, gram, holders, time) -> writes.add(key + ":" + gram));
        assertThat(writes).isEmpty();
        assertThat(recent.get(1, 5)).as("flushed grams stay readable").containsExactly(10L, 11L);
        recent.put(2, new long[] {20L, 21L}, 6, 8);
        assertThatThrownBy(recent::forgetAll)
                .as("unflushed changes are never forgotten")
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aSlotFoundOnceServesTheReadAndTheWriteAfterIt() {
        RecentGrams recent = new RecentGrams(100_000, Long.MAX_VALUE, true);
        Map<Long, long[]> reference = new HashMap<>();
        Random random = new Random(5);
        for (int i = 0; i < 100_000; i++) {
            long gram = random.nextInt(30_000) * 0x9E3779B97F4A7C15L;
            int slot = recent.locate(gram);
            long[] expected = reference.get(gram);
            assertThat(recent.holdersAt(slot, i)).isEqualTo(expected == null ? RecentGrams.ABSENT : expected);
            assertThat(recent.fullAt(slot)).isFalse();
            long[] next = {i};
            reference.put(gram, next);
            recent.putAt(slot, gram, next, i, 3); // grows the table on the way (from 16,384 slots): the slot moves
        }
        assertThat(recent.size()).isEqualTo(reference.size());
        reference.forEach((gram, holders) -> assertThat(recent.get(gram, 0)).isSameAs(holders));
    }
}
