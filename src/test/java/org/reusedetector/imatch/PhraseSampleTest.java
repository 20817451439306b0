package org.reusedetector.imatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class PhraseSampleTest {

    private static PhraseSample sample(int size, long... phrases) {
        return PhraseSample.of(phrases, phrases.length, size);
    }

    private static long[] random(SplittableRandom random, int n) {
        return LongStream.generate(random::nextLong).limit(n).toArray();
    }

    @Test
    void aPageWithNoMoreDistinctPhrasesThanTheSampleIsHeldWholeAndSorted() {
        PhraseSample s = sample(8, 5, -3, 9, 5, 1, -3);
        assertThat(s.values()).containsExactly(-3, 1, 5, 9);
        assertThat(s.complete()).isTrue();
        assertThat(s.phrases()).isEqualTo(6);
    }

    @Test
    void aLargerPageKeepsItsSmallestDistinctPhrases() {
        long[] phrases = random(new SplittableRandom(1), 5000);
        long[] withRepeats = Arrays.copyOf(phrases, 10_000);
        System.arraycopy(phrases, 0, withRepeats, 5000, 5000); // every phrase twice
        PhraseSample s = PhraseSample.of(withRepeats, withRepeats.length, 64);
        long[] sorted = phrases.clone();
        Arrays.sort(sorted);
        assertThat(s.values()).containsExactly(Arrays.copyOf(sorted, 64));
        assertThat(s.complete()).isFalse();
        // exactly as many distinct phrases as the sample holds: complete, whatever the repeats
        assertThat(PhraseSample.of(withRepeats, withRepeats.length, 5000).complete())
                .isTrue();
    }

    @Test
    void wholeSamplesCompareExactly() {
        PhraseSample a = sample(16, 1, 2, 3, 4, 5, 6);
        PhraseSample b = sample(16, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13);
        PhraseSample.Overlap o = a.overlap(b);
        assertThat(o.shared()).isEqualTo(3);
        assertThat(o.resemblance()).isEqualTo(3.0 / 13);
        assertThat(o.containment()).isEqualTo(3.0 / 6); // of the page with fewer phrases
        assertThat(o.smallerWhole()).isTrue();
    }

    @Test
    void samplesAreComparedBelowTheLowerCutOff() {
        PhraseSample whole = sample(4, 1, 2, 50); // all its phrases
        PhraseSample cut = sample(4, 1, 2, 3, 4, 5, 6); // holds 1..4, speaks for phrases up to 4 only
        PhraseSample.Overlap o = whole.overlap(cut);
        // 50 is above the cut-off: whether the second page holds it is unknown, so it is not compared
        assertThat(o.first()).isEqualTo(2);
        assertThat(o.second()).isEqualTo(4);
        assertThat(o.shared()).isEqualTo(2);
        assertThat(o.firstWhole()).isFalse();
        assertThat(o.containment()).isEqualTo(1.0);
    }

    @Test
    void largeSamplesEstimateResemblanceAndContainment() {
        SplittableRandom random = new SplittableRandom(7);
        long[] common = random(random, 6000);
        long[] a = LongStream.concat(Arrays.stream(common), Arrays.stream(random(random, 2000)))
                .toArray();
        long[] b = LongStream.concat(Arrays.stream(common), Arrays.stream(random(random, 4000)))
                .toArray();
        PhraseSample.Overlap o = sample(256, a).overlap(sample(256, b));
        assertThat(o.resemblance()).isCloseTo(6000.0 / 12_000, within(0.08));
        assertThat(o.containment()).isCloseTo(6000.0 / 8000, within(0.1));
    }

    @Test
    void aPageWithoutPhrasesSharesNothing() {
        assertThat(PhraseSample.EMPTY.overlap(sample(4, 1, 2)).resemblance()).isZero();
        assertThat(PhraseSample.EMPTY.overlap(sample(4, 1, 2)).containment()).isZero();
    }
}
