package org.reusedetector.format;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.reusedetector.model.DeadLetterReason;
import org.reusedetector.model.PageRecord;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.page.PageRecordParser;

public class WarcPagesTest {

    private final PageRecordParser parser = new PageRecordParser(4 * 1024 * 1024);

    @TempDir
    Path dir;

    public static List<SourceRecord> readAll(JsonLines.CloseableIterator<SourceRecord> it) throws IOException {
        List<SourceRecord> out = new ArrayList<>();
        try (it) {
            it.forEachRemaining(out::add);
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"crawl.warc", "crawl.warc.gz"})
    void everyResponseBecomesOnePageRecord(String name) throws Exception {
        Path file = dir.resolve(name);
        WarcFixture.writeStandard(file);

        List<SourceRecord> records = readAll(new WarcPages(4 << 20).records(file));

        assertThat(records).hasSize(8); // warcinfo, request and metadata are skipped
        assertThat(records).allSatisfy(r -> assertThat(r.origin()).matches(name.replace(".", "\\.") + ":\\d+"));
        assertThat(records.stream().map(r -> r.origin()).distinct()).hasSize(8);

        PageRecord utf8 = parser.parse(records.get(0).value());
        assertThat(utf8.url()).isEqualTo("https://example.org/utf8.html");
        assertThat(utf8.fetchedAt()).isEqualTo("2024-03-01T12:00:00Z");
        assertThat(utf8.fetchedAtMillis()).isEqualTo(WarcFixture.T0.toEpochMilli());
        assertThat(utf8.status()).isEqualTo(200);
        assertThat(utf8.contentType()).isEqualTo("text/html; charset=UTF-8");
        assertThat(utf8.body()).isEqualTo(WarcFixture.UTF8_BODY);

        PageRecord latin1 = parser.parse(records.get(1).value());
        assertThat(latin1.body()).isEqualTo(WarcFixture.LATIN1_BODY).contains("café crème");
        assertThat(latin1.fetchedAt()).isEqualTo("2024-03-01T12:00:01Z");

        assertThat(parser.parse(records.get(2).value()).body())
                .as("charset from <meta>")
                .contains("déjà vu");
        assertThat(parser.parse(records.get(6).value()).body())
                .as("gzip content encoding undone")
                .isEqualTo(WarcFixture.GZIP_BODY);
        PageRecord noCharset = parser.parse(records.get(7).value());
        assertThat(noCharset.body()).as("UTF-8 by default").isEqualTo("<p>plain ascii and UTF-8 ✓</p>");
        assertThat(noCharset.contentType()).isNull();

        assertThat(rejection(records.get(3))).isEqualTo(DeadLetterReason.NOT_HTML);
        assertThat(rejection(records.get(4))).isEqualTo(DeadLetterReason.NOT_SUCCESS_STATUS);
        assertThat(rejection(records.get(5))).isEqualTo(DeadLetterReason.INVALID_WARC_RECORD);
        JsonNode broken = Json.MAPPER.readTree(records.get(5).value());
        assertThat(broken.get("url").asText()).isEqualTo("https://example.org/broken.html");
        assertThat(broken.has("body")).isFalse();
        assertThat(broken.get("warc_error").asText()).isNotBlank();
        JsonNode png = Json.MAPPER.readTree(records.get(3).value());
        assertThat(png.get("body").asText()).isEmpty();
        assertThat(png.get("warc_body_omitted").asBoolean()).isTrue();
    }

    @Test
    void offsetsPointAtTheRecordsInTheCompressedFile() throws Exception {
        Path file = dir.resolve("crawl.warc.gz");
        WarcFixture.writeStandard(file);
        List<SourceRecord> records = readAll(new WarcPages(4 << 20).records(file));
        long offset = Long.parseLong(records.get(1).origin().split(":")[1]);
        // a reader positioned at the offset reads that very record first (as with a CDX index)
        try (var channel = FileChannel.open(file)) {
            channel.position(offset);
            List<SourceRecord> fromOffset =
                    readAll(new WarcPages(4 << 20).records(Channels.newInputStream(channel), "x"));
            assertThat(fromOffset.get(0).value()).isEqualTo(records.get(1).value());
        }
    }

    @Test
    void oversizedPayloadIsDeadLetteredNotRead() throws Exception {
        Path file = dir.resolve("crawl.warc");
        WarcFixture.writeStandard(file);
        List<SourceRecord> records = readAll(new WarcPages(20).records(file));
        assertThat(records).hasSize(8);
        JsonNode utf8 = Json.MAPPER.readTree(records.get(0).value());
        assertThat(utf8.has("body")).isFalse();
        assertThat(utf8.get("warc_error").asText()).contains("exceeds 20 bytes");
        assertThat(rejection(records.get(0))).isEqualTo(DeadLetterReason.BODY_TOO_LARGE);
    }

    @Test
    void cutGzipEndsWithOneErrorRecordInsteadOfFailing() throws Exception {
        Path whole = dir.resolve("whole.warc.gz");
        WarcFixture.writeStandard(whole);
        byte[] bytes = Files.readAllBytes(whole);
        Path cut = dir.resolve("cut.warc.gz");
        Files.write(cut, Arrays.copyOf(bytes, bytes.length * 2 / 3));

        List<SourceRecord> records = readAll(new WarcPages(4 << 20).records(cut));

        assertThat(records.size()).isBetween(2, 8);
        SourceRecord last = records.get(records.size() - 1);
        assertThat(Json.MAPPER.readTree(last.value()).get("warc_error").asText())
                .contains("unreadable");
        assertThat(rejection(last)).isEqualTo(DeadLetterReason.UNREADABLE_INPUT);
        assertThat(records.subList(0, records.size() - 1))
                .allSatisfy(r -> assertThat(r.value()).contains("\"url\""));
    }

    @Test
    void aPlainWarcCutInsideARecordGivesOneDeadLetterForIt() throws Exception {
        Path whole = dir.resolve("whole.warc");
        WarcFixture.writeStandard(whole);
        byte[] bytes = Files.readAllBytes(whole);
        List<SourceRecord> complete = readAll(new WarcPages(4 << 20).records(whole));
        // cut in the middle of the last response's body: every record before it is whole
        int lastBody = new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1).lastIndexOf("plain ascii");
        Path cut = dir.resolve("cut.warc");
        Files.write(cut, Arrays.copyOf(bytes, lastBody + 5));

        List<SourceRecord> records = readAll(new WarcPages(4 << 20).records(cut));

        assertThat(records).hasSize(complete.size());
        assertThat(records.subList(0, records.size() - 1))
                .extracting(SourceRecord::value)
                .containsExactlyElementsOf(complete.subList(0, complete.size() - 1).stream()
                        .map(SourceRecord::value)
                        .toList());
        SourceRecord last = records.get(records.size() - 1);
        assertThat(rejection(last)).isEqualTo(DeadLetterReason.UNREADABLE_INPUT);
    }

    @Test
    void aFileThatIsNotWarcBecomesOneDeadLetter() throws Exception {
        Path file = dir.resolve("bogus.warc");
        Files.writeString(file, "{\"url\":\"https://example.org/\"}\n");
        List<SourceRecord> records = readAll(new WarcPages(4 << 20).records(file));
        assertThat(records).hasSize(1);
        assertThat(records.get(0).origin()).isEqualTo("bogus.warc:0");
        assertThat(Json.MAPPER
                        .readTree(records.get(0).value())
                        .get("warc_error")
                        .asText())
                .contains("invalid WARC record");
        assertThat(rejection(records.get(0))).isEqualTo(DeadLetterReason.UNREADABLE_INPUT);
    }

    private DeadLetterReason rejection(SourceRecord record) {
        try {
            parser.parse(record.value());
            throw new AssertionError("accepted: " + record);
        } catch (PageRecordParser.Rejected e) {
            return e.reason();
        }
    }
}
