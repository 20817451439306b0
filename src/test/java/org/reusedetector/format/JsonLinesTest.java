package org.reusedetector.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.model.SourceRecord;

class JsonLinesTest {

    @TempDir
    Path dir;

    private static final String CONTENT = "{\"a\":1}\n\n{\"b\":\"é 世界\"}\n   \n\t\n{\"c\":3}\n";

    private static List<SourceRecord> readAll(Path file) throws IOException {
        List<SourceRecord> out = new ArrayList<>();
        try (JsonLines.CloseableIterator<SourceRecord> it = JsonLines.records(file)) {
            it.forEachRemaining(out::add);
        }
        return out;
    }

    @Test
    void aTruncatedGzipFileYieldsWhatWasReadAndThenOneRecordSayingWhy() throws IOException {
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 2000; i++) {
            lines.append("{\"n\":")
                    .append(i)
                    .append(",\"pad\":\"")
                    .append("x".repeat(i % 97))
                    .append("\"}\n");
        }
        Path whole = dir.resolve("whole.jsonl.gz");
        try (var out = JsonLines.writer(whole)) {
            out.write(lines.toString());
        }
        byte[] bytes = Files.readAllBytes(whole);
        Path cut = Files.write(dir.resolve("cut.jsonl.gz"), Arrays.copyOf(bytes, bytes.length / 2));
        List<SourceRecord> records = readAll(cut);
        assertThat(records.size()).isBetween(2, 2000);
        SourceRecord last = records.get(records.size() - 1);
        assertThat(last.value())
                .contains("\"reader_error\":\"unreadable-input\"")
                .contains("file cut.jsonl.gz is truncated or corrupt");
        assertThat(last.origin()).startsWith("cut.jsonl.gz:unreadable after line ");
        assertThat(records.get(records.size() - 2).value()).startsWith("{\"n\":");
    }

    @Test
    void aLineOverTheLimitBecomesOneMarkerWithItsStartAndTheNextLinesAreRead() throws Exception {
        Path file = dir.resolve("long.jsonl");
        String huge = "{\"url\":\"https://a.org/\",\"body\":\"" + "x".repeat(300_000) + "\"}";
        Files.writeString(file, "{\"n\":1}\n" + huge + "\r\n{\"n\":2}\r" + "y".repeat(100_001) + "\n{\"n\":3}");
        List<SourceRecord> records = new java.util.ArrayList<>();
        try (JsonLines.CloseableIterator<SourceRecord> it =
                JsonLines.records(Files.newInputStream(file), "long.jsonl", 100_000)) {
            it.forEachRemaining(records::add);
        }
        assertThat(records)
                .extracting(SourceRecord::origin)
                .containsExactly("long.jsonl:1", "long.jsonl:2", "long.jsonl:3", "long.jsonl:4", "long.jsonl:5");
        assertThat(records.get(0).value()).isEqualTo("{\"n\":1}");
        var marker = Json.MAPPER.readTree(records.get(1).value());
        assertThat(marker.get("reader_error").asText()).isEqualTo("body-too-large");
        assertThat(marker.get("reader_message").asText())
                .contains("record of " + huge.length() + " characters exceeds the limit of 100000");
        assertThat(marker.get("record_prefix").asText()).hasSize(4096).startsWith("{\"url\":\"https://a.org/\"");
        assertThat(records.get(2).value()).isEqualTo("{\"n\":2}");
        assertThat(Json.MAPPER
                        .readTree(records.get(3).value())
                        .get("reader_message")
                        .asText())
                .contains("record of 100001 characters");
        assertThat(records.get(4).value()).isEqualTo("{\"n\":3}");
    }

    @Test
    void linesAreSplitAsReadLineSplitsThemAcrossBufferBoundaries() throws Exception {
        StringBuilder text = new StringBuilder();
        java.util.Random random = new java.util.Random(7);
        for (int i = 0; i < 5000; i++) {
            text.append("x".repeat(random.nextInt(200)));
            text.append(
                    switch (random.nextInt(4)) {
                        case 0 -> "\n";
                        case 1 -> "\r\n";
                        case 2 -> "\r";
                        default -> "\n\n";
                    });
        }
        Path file = Files.writeString(dir.resolve("mixed.jsonl"), text);
        List<String> expected = new java.util.ArrayList<>();
        try (var reader = new java.io.BufferedReader(new java.io.StringReader(text.toString()))) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (!line.isBlank()) {
                    expected.add(line);
                }
            }
        }
        assertThat(readAll(file)).extracting(SourceRecord::value).containsExactlyElementsOf(expected);
    }

    @Test
    void isGzipBySuffix() {
        assertThat(JsonLines.isGzip(Path.of("pages.jsonl.gz"))).isTrue();
        assertThat(JsonLines.isGzip(Path.of("/x/pages.jsonl"))).isFalse();
        assertThat(JsonLines.isGzip(Path.of("gz"))).isFalse();
    }

    @Test
    void plainFileSkipsBlankLinesAndNamesOrigins() throws IOException {
        Path file = Files.writeString(dir.resolve("pages.jsonl"), CONTENT, StandardCharsets.UTF_8);
        assertThat(readAll(file))
                .containsExactly(
                        new SourceRecord("{\"a\":1}", "pages.jsonl:1"),
                        new SourceRecord("{\"b\":\"é 世界\"}", "pages.jsonl:3"),
                        new SourceRecord("{\"c\":3}", "pages.jsonl:6"));
    }

    @Test
    void gzipFile() throws IOException {
        Path file = dir.resolve("pages.jsonl.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write(CONTENT.getBytes(StandardCharsets.UTF_8));
        }
        assertThat(readAll(file))
                .extracting(SourceRecord::origin)
                .containsExactly("pages.jsonl.gz:1", "pages.jsonl.gz:3", "pages.jsonl.gz:6");
        assertThat(readAll(file))
                .extracting(SourceRecord::value)
                .containsExactly("{\"a\":1}", "{\"b\":\"é 世界\"}", "{\"c\":3}");
    }

    @Test
    void writerCompressesByNameAndCreatesDirectories() throws IOException {
        Path gz = dir.resolve("out/deeper/labels.jsonl.gz");
        Path plain = dir.resolve("out/labels.jsonl");
        for (Path file : List.of(gz, plain)) {
            try (BufferedWriter writer = JsonLines.writer(file)) {
                writer.write("{\"x\":\"ü\"}\n");
                writer.write("{\"y\":2}\n");
            }
        }
        byte[] gzBytes = Files.readAllBytes(gz);
        assertThat(gzBytes[0] & 0xff).isEqualTo(0x1f);
        assertThat(gzBytes[1] & 0xff).isEqualTo(0x8b);
        assertThat(Files.readString(plain, StandardCharsets.UTF_8)).isEqualTo("{\"x\":\"ü\"}\n{\"y\":2}\n");
        assertThat(readAll(gz)).extracting(SourceRecord::value).containsExactly("{\"x\":\"ü\"}", "{\"y\":2}");
        try (BufferedReader reader = JsonLines.reader(gz)) {
            assertThat(reader.readLine()).isEqualTo("{\"x\":\"ü\"}");
        }
    }

    @Test
    void crlfLineEndings() throws IOException {
        Path file = Files.writeString(dir.resolve("crlf.jsonl"), "{\"a\":1}\r\n\r\n{\"b\":2}\r\n");
        assertThat(readAll(file))
                .containsExactly(
                        new SourceRecord("{\"a\":1}", "crlf.jsonl:1"), new SourceRecord("{\"b\":2}", "crlf.jsonl:3"));
    }

    @Test
    void lastLineWithoutNewline() throws IOException {
        Path file = Files.writeString(dir.resolve("x.jsonl"), "{\"a\":1}\n{\"b\":2}");
        assertThat(readAll(file)).extracting(SourceRecord::origin).containsExactly("x.jsonl:1", "x.jsonl:2");
    }

    @Test
    void emptyAndBlankFiles() throws IOException {
        assertThat(readAll(Files.writeString(dir.resolve("empty.jsonl"), ""))).isEmpty();
        assertThat(readAll(Files.writeString(dir.resolve("blank.jsonl"), "\n  \n\n")))
                .isEmpty();
        Path emptyGz = dir.resolve("empty.jsonl.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(emptyGz))) {
            out.flush();
        }
        assertThat(readAll(emptyGz)).isEmpty();
    }

    @Test
    void iteratorContract() throws IOException {
        Path file = Files.writeString(dir.resolve("one.jsonl"), "{}\n");
        try (JsonLines.CloseableIterator<SourceRecord> it = JsonLines.records(file)) {
            assertThat(it.hasNext()).isTrue();
            assertThat(it.hasNext()).isTrue();
            assertThat(it.next()).isEqualTo(new SourceRecord("{}", "one.jsonl:1"));
            assertThat(it.hasNext()).isFalse();
            assertThatThrownBy(it::next).isInstanceOf(NoSuchElementException.class);
        }
    }

    @Test
    void closingEarlyReleasesTheFile() throws IOException {
        Path file = Files.writeString(dir.resolve("many.jsonl"), "{}\n".repeat(100_000));
        JsonLines.CloseableIterator<SourceRecord> it = JsonLines.records(file);
        it.next();
        it.close();
        it.close(); // idempotent
        Files.delete(file);
        assertThat(file).doesNotExist();
    }

    @Test
    void missingFile() {
        assertThatThrownBy(() -> JsonLines.records(dir.resolve("missing.jsonl")))
                .isInstanceOf(IOException.class);
    }

    @Test
    void notActuallyGzip() throws IOException {
        Path file = Files.writeString(dir.resolve("fake.jsonl.gz"), "{\"a\":1}\n");
        assertThatThrownBy(() -> readAll(file)).isInstanceOf(IOException.class);
    }

    @Test
    void invalidUtf8IsReplacedNotFatal() throws IOException {
        Path file = dir.resolve("latin1.jsonl");
        Files.write(file, new byte[] {'{', '"', 'a', '"', ':', '"', (byte) 0xe9, '"', '}', '\n'});
        List<SourceRecord> records = readAll(file);
        assertThat(records).singleElement().extracting(SourceRecord::value).isEqualTo("{\"a\":\"\ufffd\"}");
        assertThat(records.get(0).origin()).isEqualTo("latin1.jsonl:1");
    }
}
