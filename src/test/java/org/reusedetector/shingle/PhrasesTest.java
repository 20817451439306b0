package org.reusedetector.shingle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class PhrasesTest {

    private static long[] words(String text) {
        return Arrays.stream(text.split(" ")).mapToLong(Fingerprints::word).toArray();
    }

    @Test
    void anNWordDocumentHasNCircularPhrasesWhateverK() {
        long[] doc = words("a b c d e f g");
        assertThat(Phrases.circular(doc, 5)).hasSize(7);
        assertThat(Phrases.circular(doc, 3)).hasSize(7);
        assertThat(Phrases.circular(doc, 12)).hasSize(7);
    }

    @Test
    void theLastWordIsFollowedByTheFirst() {
        long[] doc = words("a b c d e f g");
        // the phrase starting at "f" is "f g a b c"
        assertThat(Phrases.circular(doc, 5)[5]).isEqualTo(Phrases.circular(words("f g a b c"), 5)[0]);
    }

    @Test
    void theSinglePhraseOfAOneWordDocumentIsKRepetitionsOfIt() {
        long[] phrases = Phrases.circular(words("spam"), 5);
        assertThat(phrases).hasSize(1);
        assertThat(phrases[0]).isEqualTo(Phrases.gramSet(words("spam spam spam spam spam"), 5)[0]);
    }

    @Test
    void phrasesAreOrderSensitive() {
        assertThat(Phrases.circular(words("a b c d e"), 5)[0]).isNotEqualTo(Phrases.circular(words("b a c d e"), 5)[0]);
    }

    @Test
    void gramSetsHoldNMinusKPlusOneOverlappingGramsDistinctAndSorted() {
        assertThat(Phrases.gramSet(words("a b c d e f g"), 5)).hasSize(3).isSorted();
        assertThat(Phrases.gramSet(words("a b c d"), 5)).isEmpty();
        // "a b a b a b" has grams "a b a" and "b a b" only
        assertThat(Phrases.gramSet(words("a b a b a b"), 3)).hasSize(2);
    }

    @Test
    void wordFingerprintsKeepCase() {
        assertThat(Fingerprints.word("Debian")).isNotEqualTo(Fingerprints.word("debian"));
        assertThat(Fingerprints.word("debian".toCharArray(), 0, 6)).isEqualTo(Fingerprints.word("debian"));
    }

    @Test
    void theWordStreamGivesWordsAndCircularPhraseTexts() {
        PageWords.Collector collector = new PageWords.Collector(true);
        org.reusedetector.page.PageHasher.tokenizing(java.util.Set.of("p", "div"))
                .hashWithWords(
                        "https://a.example/",
                        0,
                        "<html><body><p>One, two; three!</p><div>four-five six</div></body></html>",
                        collector);
        PageWords page = collector.take("https://a.example/");
        assertThat(page.words()).containsExactly(words("One two three four five six"));
        assertThat(page.phraseText(4, 5)).isEqualTo("five six One two three");
        assertThat(collector.take("next").words()).isEmpty(); // taking resets the collector
    }

    @Test
    void rollingPhrasesEqualThePhraseDefinitionForEveryLengthAndK() {
        java.util.Random random = new java.util.Random(4);
        for (int n = 1; n <= 14; n++) {
            long[] words = random.longs(n).toArray();
            for (int k = 1; k <= 8; k++) {
                long[] buffer = new long[n + 3];
                Phrases.circular(words, n, k, buffer);
                for (int i = 0; i < n; i++) {
                    assertThat(buffer[i])
                            .as("n %d, k %d, phrase %d", n, k, i)
                            .isEqualTo(Fingerprints.phrase(words, i, k));
                }
                assertThat(Arrays.copyOf(buffer, n)).isEqualTo(Phrases.circular(words, k));
                assertThat(buffer[n]).as("nothing written past n").isZero();
            }
        }
    }

    @Test
    void theSampledGramSetIsTheGramSetsPhrasesThatTheSampleKeeps() {
        long[] words = new java.util.Random(11).longs(500, 0, 40).toArray(); // repeats: pairs recur
        for (int bits = 0; bits <= 3; bits++) {
            NearCopyParams sample = new NearCopyParams(2, 0.35, bits, 10, 0.1);
            long[] expected = java.util.Arrays.stream(Phrases.gramSet(words, 2))
                    .filter(sample::sampled)
                    .toArray();
            assertThat(Phrases.sampledGramSet(words, words.length, 2, sample))
                    .as("bits %d", bits)
                    .isEqualTo(expected);
        }
        NearCopyParams all = new NearCopyParams(3, 0.35, 0, 10, 0.1);
        assertThat(Phrases.sampledGramSet(words, 2, 3, all))
                .as("fewer words than k")
                .isEmpty();
        assertThat(Phrases.sampledGramSet(words, 3, 3, all))
                .containsExactly(Phrases.gramSet(java.util.Arrays.copyOf(words, 3), 3));
    }
}
