package org.reusedetector.page;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WordCharsTest {

    @Test
    void theTableAgreesWithCharacterForEveryBmpCharOutsideTheSurrogates() {
        int letters = 0;
        for (int c = 0; c < 1 << 16; c++) {
            char ch = (char) c;
            if (WordChars.isSurrogate(ch)) {
                assertThat(WordChars.isLetterOrDigit(ch)).as("U+%04X", c).isFalse();
                continue;
            }
            assertThat(WordChars.isLetterOrDigit(ch)).as("U+%04X", c).isEqualTo(Character.isLetterOrDigit(c));
            letters += WordChars.isLetterOrDigit(ch) ? 1 : 0;
        }
        assertThat(letters).isGreaterThan(40_000); // the BMP is mostly letters (CJK)
        assertThat(WordChars.isSurrogate('\uD835')).isTrue();
        assertThat(WordChars.isSurrogate('\uDC00')).isTrue();
        assertThat(WordChars.isSurrogate('\uE000')).isFalse();
    }
}
