package org.reusedetector.shingle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.reusedetector.page.PageHasher;
import org.reusedetector.page.WordSplitter;

class PageSketcherTest {

    /** Pages whose text mixes ASCII, other scripts, letters outside the BMP, lone surrogates, digits and marks. */
    private static List<String> bodies() {
        StringBuilder random = new StringBuilder("<p>");
        Random r = new Random(5);
        String alphabet = "aZ09 ,.-éßÉŉ中文\u0301\u00A0\uD835\uDC00\uD835\uDC01\uDC00\uD800x\u2028Ωω  ";
        for (int i = 0; i < 5000; i++) {
            random.append(alphabet.charAt(r.nextInt(alphabet.length())));
            if (i % 400 == 399) {
                random.append("</p><div>");
            }
        }
        return List.of(
                "<p>One, two; three!</p><div>four-five six</div>",
                "<p>Straße und GRÖSSE größe 中文字 𝐀𝐁𝐂𝐃 word1x — École</p><div>\uD835 lone \uDC00 surrogates x\uD835</div>",
                "<p></p>",
                "<p>a b c</p>",
                random.append("</div>").toString());
    }

    @Test
    void theFusedChunkPathCutsAndFingerprintsTheWordsOfTheWordStream() {
        PageHasher hasher = PageHasher.tokenizing(Set.of("p", "div"));
        PageSketcher stream = new PageSketcher(5);
        PageSketcher fused = new PageSketcher(5);
        for (String body : bodies()) {
            hasher.hashWithWords("https://a/", 0, body, stream);
            hasher.hashWithChunks("https://a/", 0, body, fused);
            long[] words = stream.words();
            assertThat(fused.words()).as(body).containsExactly(words);
            assertThat(fused.wordCount()).isEqualTo(words.length);
            long[] phrases = Phrases.circular(words, 5);
            assertThat(Arrays.copyOf(fused.phrases(), fused.wordCount())).isEqualTo(phrases);
            NearCopyParams params = new NearCopyParams(5, 0.35, 1, 6, 0.05); // the sketchers' k
            assertThat(fused.sampledPhrases(params))
                    .isEqualTo(Phrases.sampledGramSet(words, words.length, params.k(), params));
            fused.reset();
            stream.reset();
        }
    }

    @Test
    void theWordsAreThoseOfTheWordSplitter() {
        List<String> split = new java.util.ArrayList<>();
        String text = "Straße 𝐀𝐁𝐂𝐃 x\uD835 \uDC00y a1-b2";
        new WordSplitter((chars, start, length) -> split.add(new String(chars, start, length)))
                .chunk(text.toCharArray(), text.length());
        PageSketcher fused = new PageSketcher(5);
        fused.chunk(text.toCharArray(), text.length());
        assertThat(fused.words())
                .containsExactly(split.stream().mapToLong(Fingerprints::word).toArray());
        assertThat(split).containsExactly("Straße", "𝐀𝐁𝐂𝐃", "x", "y", "a1", "b2");
    }

    @Test
    void thePhrasesAreComputedOnceAPageForTheGramsAndResetForgetsThePage() {
        PageSketcher sketcher = new PageSketcher(5);
        String text = "the quick brown fox jumps over the lazy dog and runs away";
        sketcher.chunk(text.toCharArray(), text.length());
        long[] phrases = Arrays.copyOf(sketcher.phrases(), sketcher.wordCount());
        assertThat(phrases).hasSize(12);
        assertThat(Phrases.gramSet(sketcher.words(), 5))
                .hasSize(12 - 5 + 1)
                .containsOnly(Arrays.copyOf(phrases, 12 - 5 + 1));
        assertThat(Arrays.copyOf(sketcher.phrases(), sketcher.wordCount()))
                .as("asking twice")
                .isEqualTo(phrases);
        NearCopyParams all = new NearCopyParams(5, 0.35, 0, 10, 0.1);
        assertThat(sketcher.sampledPhrases(all)).as("every distinct phrase").hasSize(12 - 5 + 1);
        assertThat(sketcher.wordCount())
                .as("the sampled phrases keep the words for other readers")
                .isEqualTo(12);
        sketcher.reset();
        assertThat(sketcher.wordCount()).isZero();
        assertThat(sketcher.sampledPhrases(all)).isEmpty();
    }

    @Test
    void thePhraseIdsAreTheIdsOfTheSampledPhrasesPageAfterPage() {
        PageSketcher sketcher = new PageSketcher(2);
        java.util.Random random = new java.util.Random(5);
        for (int bits = 0; bits <= 2; bits++) {
            NearCopyParams params = new NearCopyParams(2, 0.35, bits, 6, 0.05);
            for (int page = 0; page < 50; page++) {
                StringBuilder text = new StringBuilder();
                for (int w = random.nextInt(3000); w > 0; w--) {
                    text.append('w').append(random.nextInt(60)).append(' '); // repeats: pairs recur on a page
                }
                sketcher.chunk(text.toString().toCharArray(), text.length());
                int[] ids = sketcher.phraseIds(params);
                assertThat(ids).doesNotHaveDuplicates();
                assertThat(ids).containsExactlyInAnyOrder(Phrases.ids(sketcher.sampledPhrases(params)));
                sketcher.reset();
            }
        }
        assertThat(sketcher.phraseIds(NearCopyParams.defaults())).as("no words").isEmpty();
    }

    @Test
    void aSketcherGivesOnlyPhrasesOfItsOwnLength() {
        PageSketcher sketcher = new PageSketcher(5);
        sketcher.chunk("a b c d e f".toCharArray(), 11);
        assertThatThrownBy(() -> sketcher.phraseIds(NearCopyParams.defaults()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("5-word");
    }
}
