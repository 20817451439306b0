package org.reusedetector.page;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WhitespaceNormalizerTest {

    @Test
    void collapsesRunsAndTrims() {
        assertThat(WhitespaceNormalizer.normalize("  a \t\n b  ")).isEqualTo("a b");
        assertThat(WhitespaceNormalizer.normalize("a\r\n\r\nb\fc\u000bd")).isEqualTo("a b c d");
        assertThat(WhitespaceNormalizer.normalize("one two")).isEqualTo("one two");
    }

    @Test
    void emptyAndBlankBecomeEmpty() {
        assertThat(WhitespaceNormalizer.normalize("")).isEmpty();
        assertThat(WhitespaceNormalizer.normalize(" \t\r\n\u00a0\u2003\u200b\ufeff "))
                .isEmpty();
    }

    @Test
    void unicodeSpacesCountAsWhitespace() {
        assertThat(WhitespaceNormalizer.normalize("a\u00a0b")).isEqualTo("a b"); // no-break space (&nbsp;)
        assertThat(WhitespaceNormalizer.normalize("a\u2003\u2009b")).isEqualTo("a b"); // em and thin space
        assertThat(WhitespaceNormalizer.normalize("a\u3000b")).isEqualTo("a b"); // ideographic space
        assertThat(WhitespaceNormalizer.normalize("a\u202fb\u2028c\u2029d")).isEqualTo("a b c d");
        assertThat(WhitespaceNormalizer.normalize("\ufeffa\u200bb")).isEqualTo("a b");
    }

    @Test
    void controlCharactersCountAsWhitespace() {
        assertThat(WhitespaceNormalizer.normalize("a\u0000b\u001fc")).isEqualTo("a b c");
    }

    @Test
    void otherCharactersAreKept() {
        String text = "Grüße, 世界! <p class=\"x\">&amp;</p> 😀";
        assertThat(WhitespaceNormalizer.normalize(text)).isEqualTo(text);
    }

    @Test
    void isIdempotent() {
        String once = WhitespaceNormalizer.normalize(" \u00a0x \n\n y\t");
        assertThat(WhitespaceNormalizer.normalize(once)).isEqualTo(once).isEqualTo("x y");
    }

    @Test
    void acceptsAnyCharSequence() {
        assertThat(WhitespaceNormalizer.normalize(new StringBuilder(" a  b "))).isEqualTo("a b");
    }
}
