package org.reusedetector.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Random;
import org.junit.jupiter.api.Test;

class Sha1Test {

    @Test
    void knownVectors() {
        assertThat(Sha1.hex(Sha1.of(""))).isEqualTo("da39a3ee5e6b4b0d3255bfef95601890afd80709");
        assertThat(Sha1.hex(Sha1.of("abc"))).isEqualTo("a9993e364706816aba3e25717850c26c9cd0d89d");
        assertThat(Sha1.hex(Sha1.of("The quick brown fox jumps over the lazy dog")))
                .isEqualTo("2fd4e1c67a2d28fced849ee1bb76e7391b93eb12");
        assertThat(Sha1.hex(Sha1.of("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")))
                .isEqualTo("84983e441c3bd26ebaae4aa1f95129e5e54670f1");
        assertThat(Sha1.hex(new Sha1().digest("abc"))).isEqualTo("a9993e364706816aba3e25717850c26c9cd0d89d");
    }

    @Test
    void digestIsOfUtf8Bytes() throws Exception {
        String text = "Grüße 世界 😀";
        byte[] expected = MessageDigest.getInstance("SHA-1").digest(text.getBytes(StandardCharsets.UTF_8));
        assertThat(Sha1.of(text)).isEqualTo(expected);
        assertThat(new Sha1().digest(text)).isEqualTo(expected);
        assertThat(new Sha1().digest(text.getBytes(StandardCharsets.UTF_8))).isEqualTo(expected);
        assertThat(expected).hasSize(Sha1.LENGTH);
    }

    @Test
    void instanceIsReusable() {
        Sha1 sha1 = new Sha1();
        byte[] first = sha1.digest("one");
        sha1.digest("something else entirely");
        assertThat(sha1.digest("one")).isEqualTo(first);
        assertThat(sha1.digest("")).isEqualTo(Sha1.of(""));
    }

    @Test
    void hexRoundTrip() {
        Random random = new Random(42);
        for (int i = 0; i < 1000; i++) {
            byte[] hash = new byte[Sha1.LENGTH];
            random.nextBytes(hash);
            String hex = Sha1.hex(hash);
            assertThat(hex).hasSize(40).matches("[0-9a-f]{40}");
            assertThat(Sha1.fromHex(hex)).isEqualTo(hash);
            assertThat(Sha1.fromHex(hex.toUpperCase())).isEqualTo(hash);
        }
    }

    @Test
    void hexOfPackedArray() {
        byte[] a = Sha1.of("a");
        byte[] b = Sha1.of("b");
        byte[] c = Sha1.of("c");
        byte[] packed = new byte[3 * Sha1.LENGTH];
        System.arraycopy(a, 0, packed, 0, 20);
        System.arraycopy(b, 0, packed, 20, 20);
        System.arraycopy(c, 0, packed, 40, 20);
        assertThat(Sha1.hex(packed, 0)).isEqualTo(Sha1.hex(a));
        assertThat(Sha1.hex(packed, 1)).isEqualTo(Sha1.hex(b));
        assertThat(Sha1.hex(packed, 2)).isEqualTo(Sha1.hex(c));
        byte[] extremes = new byte[20];
        extremes[0] = (byte) 0xff;
        extremes[19] = (byte) 0x0f;
        assertThat(Sha1.hex(extremes, 0)).isEqualTo(Sha1.hex(extremes)).isEqualTo("ff" + "00".repeat(18) + "0f");
    }

    @Test
    void fromHexRejectsWhatIsNotFortyHexDigits() {
        assertThatThrownBy(() -> Sha1.fromHex(null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Sha1.fromHex("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Sha1.fromHex("a".repeat(39))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Sha1.fromHex("a".repeat(41))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Sha1.fromHex("g" + "a".repeat(39))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Sha1.fromHex(" " + "a".repeat(39))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Sha1.fromHex("-" + "a".repeat(39))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void fromHexRejectsNonAsciiDigits() {
        // Character.digit accepts Arabic-Indic and full-width digits; a hex digest must not
        assertThatThrownBy(() -> Sha1.fromHex("\u0663" + "0".repeat(39))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Sha1.fromHex("\uff21" + "0".repeat(39))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Sha1.fromHex("\uff11" + "0".repeat(39))).isInstanceOf(IllegalArgumentException.class);
    }
}
