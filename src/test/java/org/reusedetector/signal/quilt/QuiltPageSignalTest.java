package org.reusedetector.signal.quilt;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.reusedetector.model.HashedPage;
import org.reusedetector.page.PageHasher;
import org.reusedetector.shingle.PageSketcher;
import org.reusedetector.shingle.Phrases;
import org.reusedetector.shingle.QuiltParams;
import org.reusedetector.shingle.SharedWords;

class QuiltPageSignalTest {

    private static final QuiltStream QUILT = new QuiltStream(QuiltParams.DEFAULTS, 1, 1000, 1);
    private static final String TEXT = "the quick brown fox jumps over the lazy dog and runs away";

    @Test
    void theGramsOfTheChunkerPassAreThoseOfTheWordStream() {
        PageHasher hasher = PageHasher.tokenizing(Set.of("p", "div"));
        PageSketcher stream = new PageSketcher(5);
        QuiltPageSignal signal = new QuiltPageSignal(new SharedWords(5).reader(), QUILT);
        for (String body : List.of(
                "<p>One, two; three!</p><div>four-five six seven</div>",
                "<p>Straße und GRÖSSE größe 中文字 𝐀𝐁𝐂𝐃 word1x — École</p>",
                "<p></p>",
                "<p>a b c</p>",
                "<p>" + TEXT + "</p><div>" + TEXT + "</div>")) {
            hasher.hashWithWords("https://a/", 0, body, stream);
            long[] words = stream.words();
            stream.reset();
            HashedPage page = signal.apply(hasher.hashWithChunks("https://a/", 0, body, signal::chunk));
            assertThat(page.has(QuiltPageSignal.GRAMS) ? page.result(QuiltPageSignal.GRAMS) : new long[0])
                    .as(body)
                    .isEqualTo(QUILT.sampledGrams(words))
                    .isEqualTo(Phrases.gramSet(words, 5));
        }
    }

    @Test
    void resetForgetsThePage() {
        QuiltPageSignal signal = new QuiltPageSignal(new SharedWords(5).reader(), QUILT);
        HashedPage empty = new HashedPage("https://a/", 0, new byte[0], new byte[0], new int[0], 0);
        signal.chunk(TEXT.toCharArray(), TEXT.length());
        signal.reset();
        assertThat(signal.apply(empty).result(QuiltPageSignal.GRAMS)).isNull();
        signal.chunk(TEXT.toCharArray(), TEXT.length());
        assertThat(signal.apply(empty).result(QuiltPageSignal.GRAMS))
                .hasSize(12 - 5 + 1)
                .isSorted();
        assertThat(signal.apply(empty).result(QuiltPageSignal.GRAMS))
                .as("applying ends the page")
                .isNull();
    }
}
