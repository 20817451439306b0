package org.reusedetector.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.reusedetector.model.HashedPage;

class PageHasherTest {

    private static final String BODY = "<html><body><h1>Grüße</h1><p>First  paragraph\n here.</p>"
            + "<div>Second&nbsp;chunk — 世界 😀</div><p> </p></body></html>";

    @Test
    void fileHashIsSha1OfTheUtf8Body() {
        HashedPage page = new PageHasher(new HtmlChunker(Set.of("p", "div"), ContentForm.TEXT))
                .hash("http://a.org/", 1234L, BODY);
        assertThat(page.fileHash()).isEqualTo(Sha1.of(BODY));
        assertThat(page.bodyBytes())
                .isEqualTo(BODY.getBytes(StandardCharsets.UTF_8).length)
                .isGreaterThan(BODY.length());
        assertThat(page.url()).isEqualTo("http://a.org/");
        assertThat(page.eventTime()).isEqualTo(1234L);
    }

    @Test
    void chunkHashesAreSha1OfTheNormalisedChunkTextInOrder() {
        HtmlChunker chunker = new HtmlChunker(Set.of("p", "div"), ContentForm.TEXT);
        List<String> texts = new ArrayList<>();
        HashedPage page = new PageHasher(chunker).hash("http://a.org/", 0L, BODY, texts);
        assertThat(texts).containsExactly("Grüße", "First paragraph here.", "Second chunk — 世界 😀");
        assertThat(texts).isEqualTo(chunker.chunk(BODY));
        assertThat(page.chunkCount()).isEqualTo(3);
        assertThat(page.chunkHashes()).hasSize(3 * Sha1.LENGTH);
        for (int i = 0; i < texts.size(); i++) {
            assertThat(Sha1.hex(page.chunkHashes(), i)).as("chunk %d", i).isEqualTo(Sha1.hex(Sha1.of(texts.get(i))));
            assertThat(page.chunkLengths()[i])
                    .as("length of chunk %d", i)
                    .isEqualTo(texts.get(i).length());
        }
    }

    @Test
    void htmlFormHashesTheNormalisedMarkup() {
        HashedPage page =
                new PageHasher(new HtmlChunker(Set.of("p", "div"), ContentForm.HTML)).hash("http://a.org/", 0L, BODY);
        assertThat(page.chunkCount()).isEqualTo(4);
        assertThat(Sha1.hex(page.chunkHashes(), 1)).isEqualTo(Sha1.hex(Sha1.of("<p>First paragraph here.</p>")));
        assertThat(page.chunkLengths()[1]).isEqualTo("<p>First paragraph here.</p>".length());
        assertThat(Sha1.hex(page.chunkHashes(), 3)).isEqualTo(Sha1.hex(Sha1.of("<p> </p>")));
    }

    @Test
    void sameChunkOnDifferentPagesHasTheSameHash() {
        PageHasher hasher = new PageHasher(new HtmlChunker(Set.of("p", "div"), ContentForm.TEXT));
        HashedPage a = hasher.hash("http://a.org/", 0L, "<p>intro A</p><p class='x'>Shared content</p>");
        HashedPage b =
                hasher.hash("http://b.org/", 0L, "<html><body><div>other</div>\n<p>Shared\ncontent</p></body></html>");
        assertThat(HashKey.of(a.chunkHashes(), 1)).isEqualTo(HashKey.of(b.chunkHashes(), 1));
        assertThat(HashKey.of(a.chunkHashes(), 0)).isNotEqualTo(HashKey.of(b.chunkHashes(), 0));
        assertThat(a.fileHash()).isNotEqualTo(b.fileHash());
    }

    @Test
    void pageWithoutChunks() {
        HashedPage page =
                new PageHasher(new HtmlChunker(Set.of("p", "div"), ContentForm.TEXT)).hash("http://a.org/", 0L, "");
        assertThat(page.chunkCount()).isZero();
        assertThat(page.chunkHashes()).isEmpty();
        assertThat(page.chunkLengths()).isEmpty();
        assertThat(page.fileHash()).isEqualTo(Sha1.of(""));
        assertThat(page.bodyBytes()).isZero();
    }

    @Test
    void hasherIsReusableAcrossPages() {
        PageHasher hasher = new PageHasher(new HtmlChunker(Set.of("p", "div"), ContentForm.TEXT));
        HashedPage first = hasher.hash("http://a.org/", 0L, BODY);
        hasher.hash("http://a.org/2", 0L, "<p>something else</p>");
        HashedPage again = hasher.hash("http://a.org/", 0L, BODY);
        assertThat(again.chunkHashes()).isEqualTo(first.chunkHashes());
        assertThat(again.fileHash()).isEqualTo(first.fileHash());
    }
}
