package org.reusedetector.shingle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class NearDuplicatesTest {

    private static long[] shingles(long base) {
        return LongStream.range(0, 84)
                .map(i -> Fingerprints.mix(base * 1000 + i))
                .toArray();
    }

    /** {@code base}'s shingles with the runs in {@code changedRuns} changed. */
    private static long[] changed(long base, int... changedRuns) {
        long[] s = shingles(base);
        for (int run : changedRuns) {
            s[run * 14 + 3] ^= 1;
        }
        return s;
    }

    @Test
    void sixRunsOfFourteenGiveSixSupershinglesAndFifteenMegashingles() {
        long[] supers = NearDuplicates.supershingles(shingles(1));
        assertThat(supers).hasSize(6).doesNotHaveDuplicates();
        assertThat(NearDuplicates.megashingles(supers)).hasSize(15).doesNotHaveDuplicates();
    }

    @Test
    void twoOfSixAgreeingRunsMakeNearDuplicates() {
        NearDuplicates near = new NearDuplicates();
        int a = near.add(shingles(1));
        int b = near.add(changed(1, 0, 1, 2, 3)); // runs 4 and 5 agree
        long[] onlyRunFive = shingles(1);
        for (int run = 0; run < 5; run++) {
            onlyRunFive[run * 14 + 7] ^= 4; // unlike b's changes: agrees with a and with b on run 5 only
        }
        int c = near.add(onlyRunFive);
        assertThat(near.classOf(b)).isEqualTo(near.classOf(a));
        assertThat(near.classOf(c)).isEqualTo(c);
    }

    @Test
    void classesAreTheTransitiveClosure() {
        NearDuplicates near = new NearDuplicates();
        long[] x = shingles(7);
        long[] y = changed(7, 0, 1, 2, 3); // agrees with x on runs 4, 5
        long[] z = y.clone();
        for (int run : new int[] {4, 5, 1, 2}) {
            z[run * 14] ^= 2; // agrees with y on runs 0 and 3 only, with x on none
        }
        int a = near.add(x);
        int c = near.add(z);
        assertThat(near.classOf(c)).isEqualTo(c);
        int b = near.add(y);
        assertThat(near.classOf(a))
                .isEqualTo(near.classOf(b))
                .isEqualTo(near.classOf(c))
                .isEqualTo(a);
    }

    @Test
    void pagesWithoutWordsAreTheirOwnClass() {
        NearDuplicates near = new NearDuplicates();
        near.add(null);
        assertThat(near.classOf(near.add(new long[0]))).isEqualTo(1);
    }
}
