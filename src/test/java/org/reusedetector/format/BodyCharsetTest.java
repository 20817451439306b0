package org.reusedetector.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BodyCharsetTest {

    private static Charset detect(String contentType, String head) {
        byte[] bytes = head.getBytes(StandardCharsets.ISO_8859_1);
        return BodyCharset.detect(contentType, bytes, bytes.length);
    }

    @Test
    void headerCharsetWins() {
        assertThat(detect("text/html; charset=Shift_JIS", "<meta charset=utf-8>"))
                .isEqualTo(Charset.forName("Shift_JIS"));
        assertThat(detect("text/html;charset=\"utf-8\"", "")).isEqualTo(StandardCharsets.UTF_8);
    }

    @Test
    void latin1AndAsciiLabelsMeanWindows1252() {
        Charset cs = detect("text/html; charset=ISO-8859-1", "");
        assertThat(cs.name()).isEqualTo("windows-1252");
        // 0x93/0x94 are curly quotes in windows-1252, control characters in ISO-8859-1
        assertThat(new String(new byte[] {(byte) 0x93, 'a', (byte) 0x94}, cs)).isEqualTo("\u201ca\u201d");
        assertThat(detect("text/html; charset=us-ascii", "").name()).isEqualTo("windows-1252");
    }

    @Test
    void metaDeclarationsAreSniffedWhenTheHeaderSaysNothing() {
        assertThat(detect("text/html", "<html><head><meta charset=\"koi8-r\">")).isEqualTo(Charset.forName("KOI8-R"));
        assertThat(detect(null, "<META HTTP-EQUIV=\"Content-Type\" CONTENT=\"text/html; charset=windows-1251\">"))
                .isEqualTo(Charset.forName("windows-1251"));
        assertThat(detect(null, "<meta charset='utf-16'>"))
                .as("UTF-16 declared in ASCII is wrong")
                .isEqualTo(StandardCharsets.UTF_8);
        assertThat(detect(null, "<p>charset=koi8-r</p>"))
                .as("only inside <meta>")
                .isEqualTo(StandardCharsets.UTF_8);
    }

    @Test
    void metaBeyondTheSniffWindowIsNotSeen() {
        String late = "x".repeat(BodyCharset.SNIFF_BYTES) + "<meta charset=koi8-r>";
        assertThat(detect(null, late)).isEqualTo(StandardCharsets.UTF_8);
    }

    @Test
    void unknownLabelsFallBack() {
        assertThat(detect("text/html; charset=no-such-charset", "<meta charset=koi8-r>"))
                .isEqualTo(Charset.forName("KOI8-R"));
        assertThat(detect("text/html; charset=@@@", "")).isEqualTo(StandardCharsets.UTF_8);
    }

    @Test
    void byteOrderMarkOverridesEverything() {
        byte[] utf16 = {(byte) 0xFF, (byte) 0xFE, '<', 0, 'p', 0};
        assertThat(BodyCharset.detect("text/html; charset=iso-8859-1", utf16, utf16.length))
                .isEqualTo(StandardCharsets.UTF_16LE);
        assertThat(BodyCharset.bomLength(utf16, utf16.length)).isEqualTo(2);
        byte[] utf8 = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'a'};
        assertThat(BodyCharset.detect(null, utf8, utf8.length)).isEqualTo(StandardCharsets.UTF_8);
        assertThat(BodyCharset.bomLength(utf8, utf8.length)).isEqualTo(3);
        assertThat(BodyCharset.bomLength(new byte[] {'a'}, 1)).isZero();
    }
}
