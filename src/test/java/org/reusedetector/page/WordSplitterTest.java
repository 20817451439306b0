package org.reusedetector.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class WordSplitterTest {

    private static List<String> words(String chunk) {
        List<String> words = new ArrayList<>();
        new WordSplitter((text, start, length) -> words.add(new String(text, start, length)))
                .chunk(chunk.toCharArray(), chunk.length());
        return words;
    }

    @Test
    void wordsAreMaximalAlphanumericRuns() {
        assertThat(words("Hello, world! It's 2024-11-24 (v1.2)"))
                .containsExactly("Hello", "world", "It", "s", "2024", "11", "24", "v1", "2");
    }

    @Test
    void keepsLettersOfEveryScriptAndOutsideTheBmp() {
        assertThat(words("naïve Größe 東京 𝐀𝐁c")).containsExactly("naïve", "Größe", "東京", "𝐀𝐁c");
    }

    @Test
    void emptyAndPunctuationOnlyChunksHaveNoWords() {
        assertThat(words("")).isEmpty();
        assertThat(words(" -- ... ")).isEmpty();
    }

    @Test
    void pageHasherHandsOverTheWordsOfEveryChunkInTheSamePass() {
        String html = "<html><head><title>T</title><script>var hidden = 1;</script></head>"
                + "<body><p>First para&amp;graph.</p><div>Second <b>bold</b>word</div></body></html>";
        List<String> tokenized = new ArrayList<>();
        int[] ends = new int[1];
        PageHasher.tokenizing(Set.of("p", "div")).hashWithWords("http://a/", 0, html, new WordSink() {
            @Override
            public void word(char[] text, int start, int length) {
                tokenized.add(new String(text, start, length));
            }

            @Override
            public void endOfPage() {
                ends[0]++;
            }
        });
        // the title is chunked text (as in jsoup's text()); the script is not
        assertThat(tokenized).containsExactly("T", "First", "para", "graph", "Second", "boldword");
        assertThat(ends[0]).isEqualTo(1);

        List<String> reference = new ArrayList<>();
        new PageHasher(new HtmlChunker(Set.of("p", "div"), ContentForm.TEXT))
                .hashWithWords(
                        "http://a/", 0, html, (text, start, length) -> reference.add(new String(text, start, length)));
        assertThat(reference).isEqualTo(tokenized);
    }
}
