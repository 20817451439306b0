package org.reusedetector.imatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.reusedetector.page.PageHasher;
import org.reusedetector.page.TokenizingChunker;
import org.reusedetector.shingle.NearCopyParams;
import org.reusedetector.shingle.PageSketcher;
import org.reusedetector.shingle.WordRuns;

/** The signer's runs of word chars, taken by the shingle words of the same thread, cut the same words. */
class SharedWordRunsTest {

    private static final PageHasher HASHER = PageHasher.tokenizing(Set.of("p", "div"));

    private static List<String> terms() {
        List<String> terms = new ArrayList<>();
        for (String t : List.of("straße", "größe", "école", "quick", "brown", "jumps", "word1x", "中文字")) {
            terms.add(t);
        }
        terms.sort(null);
        return terms;
    }

    private static Signer signer(WordRuns runs) {
        return new Signer(
                new LexiconTable(new Lexicon("v", "c", "d", 1, new LexiconParams(0.2, 0.8, 3, 0.33, 3, 1, 1), terms())),
                runs);
    }

    /** Pages whose text mixes ASCII, other scripts, letters outside the BMP, lone surrogates, digits and marks. */
    private static List<String> bodies() {
        List<String> bodies = new ArrayList<>(List.of(
                "<p>The quick brown fox jumps over the lazy dog</p><div>and Straße GRÖSSE größe</div>",
                "<p>中文字 𝐀𝐁𝐂𝐃 word1x — École</p><div>\uD835 lone \uDC00 surrogates x\uD835</div><p></p>",
                "<p>a b c</p>"));
        Random r = new Random(11);
        String alphabet = "aZ09 ,.-éßÉŉ中文\u0301\u00A0\uD835\uDC00\uD835\uDC01\uDC00\uD800x\u2028Ωω  ";
        for (int page = 0; page < 20; page++) {
            StringBuilder body = new StringBuilder("<p>");
            for (int i = 0; i < 3000; i++) {
                body.append(alphabet.charAt(r.nextInt(alphabet.length())));
                if (r.nextInt(300) == 0) {
                    body.append("</p><div>");
                }
            }
            bodies.add(body.append("</div>").toString());
        }
        return bodies;
    }

    @Test
    void theShingleWordsFromTheSignersRunsAreThoseTheyCutThemselves() {
        WordRuns runs = new WordRuns();
        Signer sharing = signer(runs);
        PageSketcher reader = PageSketcher.readingRuns(5, runs);
        Signer alone = signer(null);
        PageSketcher own = new PageSketcher(5);
        for (String body : bodies()) {
            // the order of the parse step: the signer sees each chunk first
            TokenizingChunker.ChunkSink both = (text, length) -> {
                sharing.chunk(text, length);
                reader.chunk(text, length);
            };
            HASHER.hashWithChunks("https://a/", 0, body, both);
            HASHER.hashWithChunks("https://a/", 0, body, (text, length) -> {
                alone.chunk(text, length);
                own.chunk(text, length);
            });
            assertThat(reader.words()).as(body).containsExactly(own.words());
            NearCopyParams params = new NearCopyParams(5, 0.35, 0, 6, 0.05); // the sketchers' k
            assertThat(reader.sampledPhrases(params)).isEqualTo(own.sampledPhrases(params));
            own.reset();
            sharing.endOfPage();
            alone.endOfPage();
            assertThat(sharing.signatures()).isEqualTo(alone.signatures());
            reader.reset();
        }
    }

    @Test
    void onlyAProducerThatRegisteredBeforeEveryReaderPublishes() {
        WordRuns first = new WordRuns();
        assertThat(first.producer()).isTrue();
        assertThat(first.producer()).as("one producer").isFalse();
        assertThat(first.consumer()).isTrue();
        WordRuns late = new WordRuns();
        assertThat(late.consumer())
                .as("no producer yet: the reader cuts its own")
                .isFalse();
        assertThat(late.producer())
                .as("fed after the reader: too late to publish")
                .isFalse();
    }

    @Test
    void aReaderFedBeforeTheSignerCutsItsOwnWords() {
        WordRuns runs = new WordRuns();
        PageSketcher reader = PageSketcher.readingRuns(5, runs);
        Signer signer = signer(runs);
        PageSketcher own = new PageSketcher(5);
        for (String body : bodies()) {
            HASHER.hashWithChunks("https://a/", 0, body, (text, length) -> {
                reader.chunk(text, length);
                signer.chunk(text, length);
            });
            HASHER.hashWithChunks("https://a/", 0, body, own);
            assertThat(reader.words()).containsExactly(own.words());
            own.reset();
            signer.endOfPage();
            reader.reset();
        }
    }
}
