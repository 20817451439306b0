package org.reusedetector.shingle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class OnePermutationHashTest {

    private final OnePermutationHash oph = new OnePermutationHash(OnePermutationHash.BINS);

    private long[] sketch(long[] phrases) {
        return oph.sketch(phrases, phrases.length);
    }

    @Test
    void aFilledBinKeepsTheSmallestMixedValueOfItsPartOfTheRange() {
        long[] phrases = new Random(1).longs(5000).toArray();
        long[] sketch = sketch(phrases);
        assertThat(sketch).hasSize(84);
        for (int b = 0; b < 84; b++) {
            int bin = b;
            long[] inBin = Arrays.stream(phrases)
                    .map(OnePermutationHash::mixed)
                    .filter(h -> OnePermutationHash.bin(h, 84) == bin)
                    .toArray();
            assertThat(inBin).as("5000 phrases fill every bin").isNotEmpty();
            long min = Arrays.stream(inBin)
                    .reduce((x, y) -> Long.compareUnsigned(x, y) <= 0 ? x : y)
                    .orElseThrow();
            assertThat(sketch[b]).isEqualTo(min);
        }
    }

    @Test
    void binsCutTheRangeIntoEqualOrderedParts() {
        assertThat(OnePermutationHash.bin(0, 84)).isZero();
        assertThat(OnePermutationHash.bin(-1L, 84)).isEqualTo(83);
        assertThat(OnePermutationHash.bin(Long.MIN_VALUE, 84)).isEqualTo(42);
        long[] sorted = new Random(2).longs(1000).sorted().toArray();
        long[] unsigned = Arrays.stream(sorted)
                .boxed()
                .sorted(Long::compareUnsigned)
                .mapToLong(Long::longValue)
                .toArray();
        for (int i = 1; i < unsigned.length; i++) {
            assertThat(OnePermutationHash.bin(unsigned[i], 84))
                    .isGreaterThanOrEqualTo(OnePermutationHash.bin(unsigned[i - 1], 84));
        }
    }

    @Test
    void anEmptyBinBorrowsTheValueOfAFilledOneTheSameForEveryDocument() {
        long[] few = {11, 22, 33};
        long[] sketch = sketch(few);
        assertThat(sketch).hasSize(84);
        long[] own = Arrays.stream(few).map(OnePermutationHash::mixed).toArray();
        assertThat(own).contains(sketch);
        boolean[] full = new boolean[84];
        for (long h : own) {
            full[OnePermutationHash.bin(h, 84)] = true;
        }
        for (int b = 0; b < 84; b++) {
            if (!full[b]) {
                int donor = OnePermutationHash.donor(b, full, 84);
                assertThat(full[donor]).isTrue();
                assertThat(sketch[b]).isEqualTo(sketch[donor]);
            }
        }
        // the donors do not hang together: a document of one phrase still borrows from its one bin everywhere
        assertThat(sketch(new long[] {7})).containsOnly(OnePermutationHash.mixed(7));
    }

    @Test
    void theSketchDependsOnThePhraseSetNotOnOrderOrRepeatsAndIsTheSameInEveryInstance() {
        long[] phrases = LongStream.range(0, 300).map(Fingerprints::mix).toArray();
        long[] shuffled = LongStream.concat(
                        LongStream.range(0, 300).map(i -> phrases[299 - (int) i]), LongStream.of(phrases[3]))
                .toArray();
        long[] buffer = Arrays.copyOf(shuffled, shuffled.length + 10);
        assertThat(new OnePermutationHash(84).sketch(buffer, shuffled.length)).isEqualTo(sketch(phrases));
        assertThat(sketch(new long[0])).isEmpty();
    }

    @Test
    void agreementEstimatesResemblanceWithoutBiasAtManySizes() {
        Random random = new Random(9);
        // pairs of sets with a known resemblance, small (densified) to large; the mean over many pairs is unbiased
        for (int size : new int[] {20, 60, 200, 2000}) {
            for (double resemblance : new double[] {0.2, 0.5, 0.8}) {
                int common = (int) Math.round(2 * size * resemblance / (1 + resemblance));
                double sum = 0;
                int trials = 300;
                for (int t = 0; t < trials; t++) {
                    long[] shared = random.longs(common).toArray();
                    long[] a = LongStream.concat(LongStream.of(shared), random.longs(size - common))
                            .toArray();
                    long[] b = LongStream.concat(LongStream.of(shared), random.longs(size - common))
                            .toArray();
                    sum += agreement(sketch(a), sketch(b));
                }
                double exact = common / (2.0 * size - common);
                assertThat(sum / trials)
                        .as("size %d, resemblance %.3f", size, exact)
                        .isCloseTo(exact, within(0.02));
            }
        }
    }

    @Test
    void identicalSetsAgreeEverywhereAndDisjointOnesAlmostNowhere() {
        long[] a = new Random(4).longs(500).toArray();
        long[] b = new Random(5).longs(500).toArray();
        assertThat(agreement(sketch(a), sketch(a.clone()))).isEqualTo(1.0);
        assertThat(agreement(sketch(a), sketch(b))).isLessThan(0.05);
        assertThat(IntStream.range(0, 84)
                        .mapToLong(i -> sketch(a)[i])
                        .distinct()
                        .count())
                .as("500 phrases fill nearly every bin with a value of its own")
                .isGreaterThan(75);
    }

    @Test
    void binsMustBePositive() {
        assertThatThrownBy(() -> new OnePermutationHash(0)).isInstanceOf(IllegalArgumentException.class);
    }

    private static org.assertj.core.data.Offset<Double> within(double offset) {
        return org.assertj.core.data.Offset.offset(offset);
    }

    private static double agreement(long[] a, long[] b) {
        int agree = 0;
        for (int i = 0; i < a.length; i++) {
            agree += a[i] == b[i] ? 1 : 0;
        }
        return (double) agree / a.length;
    }
}
