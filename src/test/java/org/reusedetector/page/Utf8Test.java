package org.reusedetector.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.apache.commons.codec.digest.DigestUtils;
import org.junit.jupiter.api.Test;

class Utf8Test {

    private static final String[] TEXTS = {
        "",
        "plain ascii",
        "é ü ß — “quotes” €",
        "\uD83D\uDE00 pair",
        "lone \uD800 high",
        "lone \uDC00 low",
        "end \uD83D",
        "x".repeat(20) + "\uD83D\uDE00" + "y".repeat(3)
                + "é".repeat(9) // pairs and multi-byte sequences across a 16-byte block
    };

    @Test
    void encodesAsStringGetBytes() {
        for (String text : TEXTS) {
            byte[] out = new byte[text.length() * 3];
            int length = Utf8.encode(text.toCharArray(), text.length(), out);
            assertThat(java.util.Arrays.copyOf(out, length)).as(text).isEqualTo(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    @Test
    void digestsAsStringGetBytesThroughASmallBlock() {
        for (String text : TEXTS) {
            for (int block : new int[] {16, 17, 19, 8192}) {
                MessageDigest digest = DigestUtils.getSha1Digest();
                long length = Utf8.digest(text.toCharArray(), text.length(), new byte[block], digest);
                byte[] expected = text.getBytes(StandardCharsets.UTF_8);
                assertThat(length).as(text).isEqualTo(expected.length);
                assertThat(digest.digest()).as(text).isEqualTo(DigestUtils.sha1(expected));
            }
        }
    }
}
