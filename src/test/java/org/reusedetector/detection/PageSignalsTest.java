package org.reusedetector.detection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.reusedetector.model.HashedPage;
import org.reusedetector.page.PageHasher;

class PageSignalsTest {

    private static final PageHasher HASHER = PageHasher.tokenizing(Set.of("p"));
    private static final String BODY = "<p>one chunk</p><p>another chunk</p>";

    /** Counts the chars of the page's chunks and puts the count on the page as its body size, or on a page of its own. */
    private static final class Counting implements PageSignal {
        final List<String> chunks = new ArrayList<>();
        int resets;
        private final boolean resultOnlyForLongPages;

        Counting(boolean resultOnlyForLongPages) {
            this.resultOnlyForLongPages = resultOnlyForLongPages;
        }

        @Override
        public void chunk(char[] text, int length) {
            String chunk = new String(text, 0, length);
            if (chunk.contains("boom")) {
                throw new IllegalStateException("boom");
            }
            chunks.add(chunk);
        }

        @Override
        public HashedPage apply(HashedPage page) {
            int chars = chunks.stream().mapToInt(String::length).sum();
            chunks.clear();
            if (resultOnlyForLongPages && chars < 20) {
                return page;
            }
            return new HashedPage(
                    page.url(),
                    page.eventTime(),
                    page.fileHash(),
                    page.chunkHashes(),
                    page.chunkLengths(),
                    page.bodyBytes() + chars);
        }

        @Override
        public void reset() {
            chunks.clear();
            resets++;
        }
    }

    @Test
    void everySignalReadsTheOnePassAndPutsItsResultOnThePageOrOnAPageOfItsOwn() {
        Counting onPage = new Counting(false);
        Counting own = new Counting(true);
        PageSignals signals = new PageSignals(List.of(onPage, own), new boolean[] {false, true});
        HashedPage plain = HASHER.hash("https://a/", 1, BODY);

        HashedPage page = signals.hash(HASHER, "https://a/", 1, BODY);
        assertThat(page.chunkHashes()).isEqualTo(plain.chunkHashes());
        assertThat(page.bodyBytes())
                .as("the on-page signal's result")
                .isEqualTo(plain.bodyBytes() + "one chunk".length() + "another chunk".length());
        HashedPage ownPage = signals.ownPage(1);
        assertThat(ownPage.url()).isEqualTo("https://a/");
        assertThat(ownPage.chunkHashes())
                .as("an own page carries no chunk hashes")
                .isEmpty();
        assertThat(ownPage.bodyBytes()).isEqualTo(plain.bodyBytes() + 22);
        assertThat(signals.ownPage(0))
                .as("the on-page signal has no page of its own")
                .isNull();

        signals.hash(HASHER, "https://b/", 1, "<p>short</p>");
        assertThat(signals.ownPage(1)).as("no result, no own page").isNull();
    }

    @Test
    void aFailedPageResetsEverySignalAndIsThrownOn() {
        Counting first = new Counting(false);
        Counting second = new Counting(false);
        PageSignals signals = new PageSignals(List.of(first, second), new boolean[] {false, false});
        assertThatThrownBy(() -> signals.hash(HASHER, "https://a/", 1, "<p>fine</p><p>boom</p>"))
                .hasMessage("boom");
        assertThat(first.resets).isEqualTo(1);
        assertThat(second.resets).isEqualTo(1);
        assertThat(first.chunks).isEmpty();
        HashedPage next = signals.hash(HASHER, "https://b/", 1, "<p>next</p>");
        assertThat(next.bodyBytes())
                .as("the next page is not charged with the failed one's chunks")
                .isEqualTo(HASHER.hash("https://b/", 1, "<p>next</p>").bodyBytes() + 2 * "next".length());
    }

    @Test
    void withoutSignalsThePageIsHashedAlone() {
        PageSignals none = new PageSignals(List.of(), new boolean[0]);
        assertThat(none.hash(HASHER, "https://a/", 1, BODY))
                .usingRecursiveComparison()
                .isEqualTo(HASHER.hash("https://a/", 1, BODY));
    }
}
