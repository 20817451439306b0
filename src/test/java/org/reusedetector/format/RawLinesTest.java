package org.reusedetector.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.reusedetector.model.SourceRecord;

/** Raw lines give what {@link JsonLines#records} gives, as bytes: the same lines, origins and markers. */
class RawLinesTest {

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void sameRecordsAsJsonLines(boolean gzip) throws IOException {
        String text = "{\"url\":\"a\"}\n\n   \n{\"url\":\"b\"}\r\n{\"url\":\"c\"}\r{\"url\":\"é 中 \uD83D\uDE00\"}\n"
                + "\u2003\u3000\n\u00a0\n\u001c\n" + "x".repeat(300) + "\n" + "é".repeat(120) + "\n"
                + "{\"url\":\"d\",\"body\":\"" + "y".repeat(70_000) + "\"}\n" + "last without newline";
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        assertSame(gzip ? gzip(bytes) : bytes, gzip, 200);
        assertSame(gzip ? gzip(bytes) : bytes, gzip, 100_000);
    }

    @Test
    void invalidUtf8IsForwardedAsStoredAndDecodesAsTheReaderDecodes() throws IOException {
        byte[] bytes = {
            '{',
            '"',
            'u',
            '"',
            ':',
            '"',
            (byte) 0xC3,
            '"',
            '}',
            '\n',
            (byte) 0xFF,
            (byte) 0xFE,
            '\n',
            (byte) 0xE2,
            (byte) 0x82,
            '\n'
        };
        assertSame(bytes, false, 1000);
    }

    @Test
    void truncatedArchiveEndsWithOneMarker() throws IOException {
        StringBuilder text = new StringBuilder();
        Random random = new Random(1);
        for (int i = 0; i < 2000; i++) {
            text.append("{\"url\":\"").append(random.nextLong()).append("\"}\n");
        }
        byte[] whole = gzip(text.toString().getBytes(StandardCharsets.UTF_8));
        // what was decompressed before the cut stands (more than a char reader, which reads further ahead, keeps)
        List<String> lines = new ArrayList<>();
        try (RawLines raw =
                new RawLines(new ByteArrayInputStream(Arrays.copyOf(whole, whole.length / 2)), "f.jsonl.gz", 1000)) {
            for (RawLines.Line line; (line = raw.next()) != null; ) {
                lines.add(new String(line.bytes(), StandardCharsets.UTF_8));
            }
        }
        int read = lines.size() - 1;
        assertThat(read).isGreaterThan(100);
        assertThat(lines.subList(0, read))
                .isEqualTo(List.of(text.toString().split("\n")).subList(0, read));
        assertThat(lines.get(read)).contains("unreadable-input", "unreadable after line " + read);
    }

    @Test
    void randomLinesOfEveryKind() throws IOException {
        Random random = new Random(7);
        String alphabet = "ab{}\" \t\r\n\u00e9\u4e2d\u2003";
        for (int round = 0; round < 300; round++) {
            StringBuilder text = new StringBuilder();
            for (int i = random.nextInt(60); i > 0; i--) {
                text.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            assertSame(text.toString().getBytes(StandardCharsets.UTF_8), false, 1 + random.nextInt(8));
        }
    }

    private static void assertSame(byte[] file, boolean gzip, int maxLineChars) throws IOException {
        String name = gzip ? "f.jsonl.gz" : "f.jsonl";
        List<String> expected = new ArrayList<>();
        try (var records = JsonLines.records(new ByteArrayInputStream(file), name, maxLineChars)) {
            while (records.hasNext()) {
                SourceRecord record = records.next();
                expected.add(record.origin() + " " + record.value());
            }
        }
        List<String> actual = new ArrayList<>();
        try (RawLines lines = new RawLines(new ByteArrayInputStream(file), name, maxLineChars)) {
            for (RawLines.Line line; (line = lines.next()) != null; ) {
                actual.add(line.origin() + " " + new String(line.bytes(), StandardCharsets.UTF_8));
            }
        }
        assertThat(actual).isEqualTo(expected);
    }

    private static byte[] gzip(byte[] bytes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(bytes);
        }
        return out.toByteArray();
    }
}
