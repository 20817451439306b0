package org.reusedetector.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ValidUnicodeTest {

    @Test
    void findsAndRepairsLoneSurrogatesAndKeepsPairs() {
        assertThat(ValidUnicode.firstLoneSurrogate("plain é \ud83d\ude00")).isEqualTo(-1);
        assertThat(ValidUnicode.firstLoneSurrogate(null)).isEqualTo(-1);
        assertThat(ValidUnicode.firstLoneSurrogate("ab\ud800")).isEqualTo(2);
        assertThat(ValidUnicode.firstLoneSurrogate("\udc00\ud83d\ude00")).isZero();
        assertThat(ValidUnicode.firstLoneSurrogate("\ud83d\ude00\ude00")).isEqualTo(2);
        String valid = "unchanged \ud83d\ude00";
        assertThat(ValidUnicode.repair(valid)).isSameAs(valid);
        assertThat(ValidUnicode.repair("a\ud800b\udc00\ud83d\ude00\ud800"))
                .isEqualTo("a\uFFFDb\uFFFD\ud83d\ude00\uFFFD");
        assertThat(ValidUnicode.repair("\ud800\udc00")).isEqualTo("\ud800\udc00"); // a pair, written as escapes
    }

    @Test
    void aPrefixNeverEndsInsideAPair() {
        assertThat(ValidUnicode.prefix("ab\ud83d\ude00cd", 3)).isEqualTo("ab");
        assertThat(ValidUnicode.prefix("ab\ud83d\ude00cd", 4)).isEqualTo("ab\ud83d\ude00");
        assertThat(ValidUnicode.prefix("abc", 5)).isEqualTo("abc");
        assertThat(ValidUnicode.firstLoneSurrogate(ValidUnicode.prefix("\ud83d\ude00".repeat(10), 7)))
                .isEqualTo(-1);
    }

    @Test
    void utf8LengthMatchesTheEncoderAndCountsALoneSurrogateAsItsReplacement() {
        Random random = new Random(1);
        for (int i = 0; i < 2000; i++) {
            StringBuilder s = new StringBuilder();
            for (int j = random.nextInt(20); j > 0; j--) {
                switch (random.nextInt(5)) {
                    case 0 -> s.append((char) random.nextInt(0x80));
                    case 1 -> s.append((char) (0x80 + random.nextInt(0x780)));
                    case 2 -> s.append((char) (0x800 + random.nextInt(0xd000 - 0x800)));
                    case 3 -> s.append((char) (0xd800 + random.nextInt(0x800))); // lone (or, by chance, paired)
                    default -> s.appendCodePoint(0x10000 + random.nextInt(0x100000));
                }
            }
            String text = s.toString();
            assertThat(ValidUnicode.utf8Length(text))
                    .as("%s", text)
                    .isEqualTo(ValidUnicode.repair(text).getBytes(StandardCharsets.UTF_8).length);
        }
    }
}
