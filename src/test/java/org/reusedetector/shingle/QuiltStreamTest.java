package org.reusedetector.shingle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class QuiltStreamTest {

    /** The definition: the first n − k + 1 circular phrases whose fingerprint is 0 mod the modulus, distinct, sorted. */
    private static long[] reference(long[] words, int k, int modulus) {
        if (words.length < k) {
            return new long[0];
        }
        long[] phrases = Phrases.circular(words, k);
        return Arrays.stream(phrases, 0, words.length - k + 1).filter(p -> Long.remainderUnsigned(p, modulus) == 0).sorted().distinct().toArray();
    }

    @Test
    void sampledGramsAreTheGramsWhoseFingerprintIsZeroModuloTheSampleModulus() {
        Random random = new Random(9);
        for (int modulus : new int[] {1, 2, 3, 7, 8, 32, 1000}) {
            QuiltStream quilt = new QuiltStream(QuiltParams.DEFAULTS, modulus, 1000, 1);
            for (int n : new int[] {0, 1, 4, 5, 6, 50, 3000}) {
                // few distinct words, so that grams repeat
                long[] words = random.longs(n, 0, 20).map(Fingerprints::mix).toArray();
                long[] phrases = Phrases.circular(words, 5);
                long[] before = phrases.clone();
                assertThat(quilt.sampledGrams(words)).as("modulus %d, %d words", modulus, n).isEqualTo(reference(words, 5, modulus));
                assertThat(quilt.sampledGramsOfPhrases(phrases, n)).isEqualTo(reference(words, 5, modulus));
                assertThat(phrases).as("the phrases are left as they were").isEqualTo(before);
            }
        }
    }
}
