package org.reusedetector.shingle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class MinHashTest {

    private final MinHash minHash = new MinHash(MinHash.SELECTORS);

    @Test
    void eachSelectorKeepsTheSmallestValueOverAllPhrases() {
        long[] phrases = LongStream.range(0, 200).map(Fingerprints::mix).toArray();
        int[] positions = minHash.selectPositions(phrases);
        long[] shingles = minHash.shingles(phrases, positions);
        assertThat(shingles).hasSize(84);
        for (int i = 0; i < 84; i++) {
            int selector = i;
            long min = Arrays.stream(phrases)
                    .map(p -> minHash.select(selector, p))
                    .reduce((a, b) -> Long.compareUnsigned(a, b) <= 0 ? a : b)
                    .orElseThrow();
            assertThat(shingles[i]).isEqualTo(min);
        }
    }

    @Test
    void selectorsAreDifferentFunctions() {
        long[] phrases = LongStream.range(0, 500).map(Fingerprints::mix).toArray();
        int[] positions = minHash.selectPositions(phrases);
        assertThat(IntStream.of(positions).distinct().count()).isGreaterThan(60);
    }

    @Test
    void shinglesDependOnThePhraseSetNotOnOrderOrRepeats() {
        long[] phrases = LongStream.range(0, 50).map(Fingerprints::mix).toArray();
        long[] shuffled = LongStream.concat(
                        LongStream.range(0, 50).map(i -> phrases[49 - (int) i]), LongStream.of(phrases[3]))
                .toArray();
        assertThat(minHash.shingles(shuffled, minHash.selectPositions(shuffled)))
                .isEqualTo(minHash.shingles(phrases, minHash.selectPositions(phrases)));
    }

    @Test
    void agreementEstimatesResemblance() {
        // two sets sharing 900 of 1100 distinct phrases: resemblance 900/1100 ≈ 0.82
        long[] a = LongStream.range(0, 1000).map(Fingerprints::mix).toArray();
        long[] b = LongStream.range(100, 1100).map(Fingerprints::mix).toArray();
        long[] sa = minHash.shingles(a, minHash.selectPositions(a));
        long[] sb = minHash.shingles(b, minHash.selectPositions(b));
        long agree = IntStream.range(0, 84).filter(i -> sa[i] == sb[i]).count();
        assertThat(agree / 84.0).isBetween(0.65, 0.95);
    }

    @Test
    void anEmptyDocumentHasNoShingles() {
        assertThat(minHash.selectPositions(new long[0])).isEmpty();
    }

    @Test
    void theDirectShinglesEqualThoseOfTheSelectedPositions() {
        MinHash minHash = new MinHash(MinHash.SELECTORS);
        java.util.Random random = new java.util.Random(3);
        for (int n : new int[] {1, 2, 17, 500}) {
            long[] phrases = random.longs(n).toArray();
            org.assertj.core.api.Assertions.assertThat(minHash.shingles(phrases, phrases.length))
                    .containsExactly(minHash.shingles(phrases, minHash.selectPositions(phrases)));
        }
    }

    @Test
    void theBitwiseMinimumIsTheUnsignedMinimumAtTheEdgesOfTheRange() {
        // phrases that selector 0 sends to the edges of the unsigned and signed ranges: p = (v - b) · a⁻¹
        long b = minHash.select(0, 0);
        long a = minHash.select(0, 1) - b;
        long inverse = a; // Newton's iteration for the inverse of an odd number mod 2^64
        for (int i = 0; i < 6; i++) {
            inverse *= 2 - a * inverse;
        }
        assertThat(a * inverse).isEqualTo(1);
        long[] edges = {-1L, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1, 1L, 0L};
        for (int n = 1; n <= edges.length; n++) {
            long[] phrases = new long[n];
            for (int i = 0; i < n; i++) {
                phrases[i] = (edges[i] - b) * inverse;
            }
            long[] shingles = minHash.shingles(phrases, n);
            assertThat(shingles).containsExactly(minHash.shingles(phrases, minHash.selectPositions(phrases)));
            long expected = Arrays.stream(edges, 0, n)
                    .reduce((x, y) -> Long.compareUnsigned(x, y) <= 0 ? x : y)
                    .orElseThrow();
            assertThat(shingles[0]).isEqualTo(expected);
        }
    }
}
