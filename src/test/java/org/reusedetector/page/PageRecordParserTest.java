package org.reusedetector.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.reusedetector.format.Json;
import org.reusedetector.model.DeadLetterReason;
import org.reusedetector.model.PageRecord;

class PageRecordParserTest {

    private static final PageRecordParser PARSER = new PageRecordParser(1000);

    private static ObjectNode valid() {
        ObjectNode node = Json.MAPPER.createObjectNode();
        node.put("url", "https://a.org/x/p.html");
        node.put("fetched_at", "2024-03-01T12:00:00Z");
        node.put("status", 200);
        node.put("content_type", "text/html");
        node.put("body", "<p>hello</p>");
        return node;
    }

    private static DeadLetterReason rejection(PageRecordParser parser, String json) {
        PageRecordParser.Rejected rejected =
                catchThrowableOfType(PageRecordParser.Rejected.class, () -> parser.parse(json));
        assertThat(rejected).as("rejection of %s", json).isNotNull();
        assertThat(rejected.getMessage()).isNotBlank();
        return rejected.reason();
    }

    private static DeadLetterReason rejection(String json) {
        return rejection(PARSER, json);
    }

    @Test
    void validRecord() throws Exception {
        PageRecord page = PARSER.parse(valid().toString());
        assertThat(page.url()).isEqualTo("https://a.org/x/p.html");
        assertThat(page.fetchedAt()).isEqualTo("2024-03-01T12:00:00Z");
        assertThat(page.fetchedAtMillis())
                .isEqualTo(Instant.parse("2024-03-01T12:00:00Z").toEpochMilli());
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.contentType()).isEqualTo("text/html");
        assertThat(page.body()).isEqualTo("<p>hello</p>");
        assertThat(page.extraJson()).isNull();
    }

    @Test
    void urlIsKeptAsCrawled() throws Exception {
        ObjectNode node = valid().put("url", "HTTP://A.org:80/x/../p.html?q=1");
        assertThat(PARSER.parse(node.toString()).url()).isEqualTo("HTTP://A.org:80/x/../p.html?q=1");
    }

    @Test
    void minimalRecord() throws Exception {
        ObjectNode node = Json.MAPPER
                .createObjectNode()
                .put("url", "http://a.org/")
                .put("fetched_at", "2024-03-01T12:00:00Z")
                .put("body", "");
        PageRecord page = PARSER.parse(node.toString());
        assertThat(page.status()).isNull();
        assertThat(page.contentType()).isNull();
        assertThat(page.body()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"{", "not json", "{\"url\": }", "{\"url\": \"http://a.org/\",}", "\u0000"})
    void invalidJson(String json) {
        assertThat(rejection(json)).isEqualTo(DeadLetterReason.INVALID_JSON);
    }

    @ParameterizedTest
    @ValueSource(strings = {"[]", "[{\"url\": \"http://a.org/\"}]", "\"a string\"", "42", "null", "true", "", "   "})
    void notAnObject(String json) {
        assertThat(rejection(json)).isEqualTo(DeadLetterReason.INVALID_JSON);
    }

    @Test
    void nullRecordIsInvalidJson() {
        // a tombstone (null value) on the pages topic
        assertThat(rejection(null)).isEqualTo(DeadLetterReason.INVALID_JSON);
    }

    @Test
    void missingFields() {
        assertThat(rejection(valid().without("url").toString())).isEqualTo(DeadLetterReason.MISSING_FIELD);
        assertThat(rejection(valid().put("url", "  ").toString())).isEqualTo(DeadLetterReason.MISSING_FIELD);
        assertThat(rejection(valid().putNull("url").toString())).isEqualTo(DeadLetterReason.MISSING_FIELD);
        assertThat(rejection(valid().without("body").toString())).isEqualTo(DeadLetterReason.MISSING_FIELD);
        assertThat(rejection(valid().putNull("body").toString())).isEqualTo(DeadLetterReason.MISSING_FIELD);
        assertThat(rejection(valid().without("fetched_at").toString())).isEqualTo(DeadLetterReason.MISSING_FIELD);
        assertThat(rejection(valid().put("fetched_at", "").toString())).isEqualTo(DeadLetterReason.MISSING_FIELD);
    }

    @Test
    void missingFieldMessageNamesTheField() {
        PageRecordParser.Rejected rejected = catchThrowableOfType(
                PageRecordParser.Rejected.class,
                () -> PARSER.parse(valid().without("fetched_at").toString()));
        assertThat(rejected.getMessage()).contains("fetched_at");
    }

    @ParameterizedTest
    @ValueSource(strings = {"ftp://a.org/x", "a.org/x", "http://", "mailto:x@a.org", "http://a.org:port/"})
    void invalidUrl(String url) {
        assertThat(rejection(valid().put("url", url).toString())).isEqualTo(DeadLetterReason.INVALID_URL);
    }

    @ParameterizedTest
    @ValueSource(strings = {"yesterday", "2024-03-01", "2024-03-01 12:00:00", "2024-13-01T00:00:00Z", "1709294400"})
    void invalidFetchTime(String time) {
        assertThat(rejection(valid().put("fetched_at", time).toString()))
                .isEqualTo(DeadLetterReason.INVALID_FETCH_TIME);
    }

    @ParameterizedTest
    @ValueSource(strings = {"+1000000000-01-01T00:00:00Z", "2999-01-01T00:00:00Z"})
    void fetchTimesOutOfRangeOrInTheFutureAreRejectedNotThrown(String time) {
        assertThat(rejection(valid().put("fetched_at", time).toString()))
                .isEqualTo(DeadLetterReason.INVALID_FETCH_TIME);
    }

    @Test
    void fetchTimeAsNumberIsInvalid() {
        assertThat(rejection(valid().put("fetched_at", 1709294400000L).toString()))
                .isEqualTo(DeadLetterReason.INVALID_FETCH_TIME);
    }

    @Test
    void fetchTimeWithOffsetOrFraction() throws Exception {
        assertThat(PARSER.parse(valid().put("fetched_at", "2024-03-01T14:00:00+02:00")
                                .toString())
                        .fetchedAtMillis())
                .isEqualTo(Instant.parse("2024-03-01T12:00:00Z").toEpochMilli());
        assertThat(PARSER.parse(valid().put("fetched_at", "2024-03-01T12:00:00.250Z")
                                .toString())
                        .fetchedAtMillis())
                .isEqualTo(Instant.parse("2024-03-01T12:00:00Z").toEpochMilli() + 250);
    }

    @ParameterizedTest
    @ValueSource(ints = {100, 199, 301, 304, 404, 500, 503})
    void nonSuccessStatus(int status) {
        assertThat(rejection(valid().put("status", status).toString())).isEqualTo(DeadLetterReason.NOT_SUCCESS_STATUS);
        assertThat(rejection(valid().put("status", String.valueOf(status)).toString()))
                .isEqualTo(DeadLetterReason.NOT_SUCCESS_STATUS);
    }

    @ParameterizedTest
    @ValueSource(ints = {200, 201, 203, 206, 299})
    void successStatus(int status) throws Exception {
        assertThat(PARSER.parse(valid().put("status", status).toString()).status())
                .isEqualTo(status);
        assertThat(PARSER.parse(valid().put("status", " " + status + " ").toString())
                        .status())
                .isEqualTo(status);
    }

    @Test
    void missingOrNullStatusIsAccepted() throws Exception {
        assertThat(PARSER.parse(valid().without("status").toString()).status()).isNull();
        assertThat(PARSER.parse(valid().putNull("status").toString()).status()).isNull();
    }

    @Test
    void nonIntegerStatusIsRejected() {
        assertThat(rejection(valid().put("status", "OK").toString())).isEqualTo(DeadLetterReason.INVALID_FIELD);
        assertThat(rejection(valid().put("status", true).toString())).isEqualTo(DeadLetterReason.INVALID_FIELD);
        assertThat(rejection(
                        valid().set("status", Json.MAPPER.createObjectNode()).toString()))
                .isEqualTo(DeadLetterReason.INVALID_FIELD);
        assertThat(rejection(valid().put("status", 200.5).toString())).isEqualTo(DeadLetterReason.INVALID_FIELD);
        assertThat(rejection(valid().put("status", "200.5").toString())).isEqualTo(DeadLetterReason.INVALID_FIELD);
        assertThat(rejection(valid().put("status", 1e12).toString())).isEqualTo(DeadLetterReason.INVALID_FIELD);
    }

    @Test
    void fieldsOfTheWrongTypeAreRejectedNotScored() {
        assertThat(rejection(valid().put("body", 42).toString())).isEqualTo(DeadLetterReason.INVALID_FIELD);
        assertThat(rejection(valid().set("body", Json.MAPPER.createObjectNode().put("html", "<p>x</p>"))
                        .toString()))
                .isEqualTo(DeadLetterReason.INVALID_FIELD);
        assertThat(rejection(valid().set("body", Json.MAPPER.createArrayNode()).toString()))
                .isEqualTo(DeadLetterReason.INVALID_FIELD);
        assertThat(rejection(valid().put("url", 7).toString())).isEqualTo(DeadLetterReason.INVALID_FIELD);
        assertThat(rejection(valid().put("content_type", false).toString())).isEqualTo(DeadLetterReason.INVALID_FIELD);
    }

    @Test
    void aLineIsExactlyOneJsonObject() {
        String one = valid().toString();
        assertThat(rejection(one + one)).isEqualTo(DeadLetterReason.INVALID_JSON);
        assertThat(rejection(one + " " + one)).isEqualTo(DeadLetterReason.INVALID_JSON);
        assertThat(rejection(one + " garbage")).isEqualTo(DeadLetterReason.INVALID_JSON);
        assertThat(rejection(one + "]")).isEqualTo(DeadLetterReason.INVALID_JSON);
        assertThat(rejection("[" + one + "]")).isEqualTo(DeadLetterReason.INVALID_JSON);
        assertThat(rejection("\"text\"")).isEqualTo(DeadLetterReason.INVALID_JSON);
        assertThat(rejection("   ")).isEqualTo(DeadLetterReason.INVALID_JSON);
        assertThat(rejection(one.replace("\"body\":", "\"body\":\"<p>first</p>\",\"body\":")))
                .isEqualTo(DeadLetterReason.INVALID_JSON);
    }

    @Test
    void aUrlThatIsNotValidUnicodeIsRejectedWithAMessageThatIs() throws Exception {
        for (String url : new String[] {
            "https://a.org/\ud800",
            "https://a.org/x\udc00y",
            "https://\ud800.org/",
            "ftp://a.org/\ud800",
            "https://a.org/a/a/a/a/a/\ud800"
        }) {
            String json = valid().put("url", url).toString();
            PageRecordParser.Rejected rejected =
                    catchThrowableOfType(PageRecordParser.Rejected.class, () -> PARSER.parse(json));
            assertThat(rejected.reason()).as(url).isEqualTo(DeadLetterReason.INVALID_URL);
            assertThat(rejected.getMessage()).contains("not valid Unicode");
            assertThat(org.reusedetector.util.ValidUnicode.firstLoneSurrogate(rejected.getMessage()))
                    .isEqualTo(-1);
        }
        // a surrogate pair (an emoji) is valid
        assertThat(PARSER.parse(valid().put("url", "https://a.org/\ud83d\ude00/p")
                                .toString())
                        .url())
                .isEqualTo("https://a.org/\ud83d\ude00/p");
    }

    @Test
    void otherStringsAreMadeValidUnicode() throws Exception {
        PageRecord page = PARSER.parse(
                valid().put("body", "<p>a\ud800b</p>").put("lang", "e\udc00n").toString());
        assertThat(page.body()).isEqualTo("<p>a\uFFFDb</p>");
        assertThat(page.extraJson()).isEqualTo("{\"lang\":\"e\uFFFDn\"}");
    }

    @Test
    void credentialsAreRemovedAndInternationalHostsMadeAscii() throws Exception {
        assertThat(PARSER.parse(valid().put("url", "https://user:secret@a.org/x/p.html")
                                .toString())
                        .url())
                .isEqualTo("https://a.org/x/p.html");
        assertThat(PARSER.parse(valid().put("url", "http://token@a.org:8080/p?q=1")
                                .toString())
                        .url())
                .isEqualTo("http://a.org:8080/p?q=1");
        assertThat(PARSER.parse(valid().put("url", "https://bücher.example/katalog/")
                                .toString())
                        .url())
                .isEqualTo("https://xn--bcher-kva.example/katalog/");
        assertThat(PARSER.parse(valid().put("url", "https://u:p@BÜCHER.example:8443/")
                                .toString())
                        .url())
                .isEqualTo("https://xn--bcher-kva.example:8443/");
    }

    @Test
    void portsOutOfRangeAreInvalidUrls() {
        for (String url : new String[] {
            "https://a.org:0/", "https://a.org:99999/", "http://a.org:65536/x", "http://a_b.org:0/", "https://a.org:00/"
        }) {
            assertThat(rejection(valid().put("url", url).toString())).as(url).isEqualTo(DeadLetterReason.INVALID_URL);
        }
    }

    @Test
    void aReaderErrorMarkerIsDeadLetteredWithItsReason() {
        String marker = Json.MAPPER
                .createObjectNode()
                .put("reader_error", "unreadable-input")
                .put("reader_message", "cut")
                .toString();
        assertThat(rejection(marker)).isEqualTo(DeadLetterReason.UNREADABLE_INPUT);
        String unknown = Json.MAPPER
                .createObjectNode()
                .put("reader_error", "no-such-reason")
                .toString();
        assertThat(rejection(unknown)).isEqualTo(DeadLetterReason.INVALID_JSON);
    }

    @ParameterizedTest
    @ValueSource(strings = {"application/pdf", "image/png", "text/plain", "application/json", "text/html-sandboxed"})
    void nonHtmlContentType(String type) {
        assertThat(rejection(valid().put("content_type", type).toString())).isEqualTo(DeadLetterReason.NOT_HTML);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "text/html",
                "text/html; charset=utf-8",
                "TEXT/HTML;charset=ISO-8859-1",
                " text/html ",
                "application/xhtml+xml",
                "application/xhtml+xml; charset=utf-8",
                ""
            })
    void htmlContentType(String type) throws Exception {
        assertThat(PARSER.parse(valid().put("content_type", type).toString()).contentType())
                .isEqualTo(type);
    }

    @Test
    void missingContentTypeIsAccepted() throws Exception {
        assertThat(PARSER.parse(valid().without("content_type").toString()).contentType())
                .isNull();
        assertThat(PARSER.parse(valid().putNull("content_type").toString()).contentType())
                .isNull();
    }

    @Test
    void bodyLimitCountsUtf8Bytes() throws Exception {
        assertThat(PARSER.parse(valid().put("body", "a".repeat(1000)).toString())
                        .body())
                .hasSize(1000);
        assertThat(rejection(valid().put("body", "a".repeat(1001)).toString()))
                .isEqualTo(DeadLetterReason.BODY_TOO_LARGE);
        // 500 two-byte characters are exactly 1000 bytes, 501 are too many although only 501 characters
        assertThat(PARSER.parse(valid().put("body", "é".repeat(500)).toString()).body())
                .hasSize(500);
        assertThat(rejection(valid().put("body", "é".repeat(501)).toString()))
                .isEqualTo(DeadLetterReason.BODY_TOO_LARGE);
        // three-byte and four-byte (surrogate pair) characters
        assertThat(rejection(valid().put("body", "世".repeat(334)).toString()))
                .isEqualTo(DeadLetterReason.BODY_TOO_LARGE);
        assertThat(PARSER.parse(valid().put("body", "世".repeat(333)).toString()).body())
                .hasSize(333);
        assertThat(PARSER.parse(valid().put("body", "😀".repeat(250)).toString())
                        .body())
                .hasSize(500);
        assertThat(rejection(valid().put("body", "😀".repeat(251)).toString()))
                .isEqualTo(DeadLetterReason.BODY_TOO_LARGE);
    }

    @Test
    void hugeRecordIsRejectedBeforeParsing() {
        String huge = "{\"url\":\"http://a.org/\",\"pad\":\"" + "x".repeat(100_000) + "\""; // not even valid JSON
        assertThat(rejection(huge)).isEqualTo(DeadLetterReason.BODY_TOO_LARGE);
    }

    @Test
    void extraFieldsAreKept() throws Exception {
        ObjectNode node = valid();
        node.put("warc_record_id", "<urn:uuid:1>");
        node.putObject("headers").put("server", "nginx").put("x", 1);
        node.putArray("tags").add("a").add("b");
        PageRecord page = PARSER.parse(node.toString());
        JsonNode extra = Json.MAPPER.readTree(page.extraJson());
        ObjectNode expected = Json.MAPPER.createObjectNode();
        expected.put("warc_record_id", "<urn:uuid:1>");
        expected.set("headers", node.get("headers"));
        expected.set("tags", node.get("tags"));
        assertThat(extra).isEqualTo(expected);
        assertThat(page.body()).isEqualTo("<p>hello</p>");
    }

    @Test
    void extraFieldsWithSomeKnownFieldsMissing() throws Exception {
        ObjectNode node = valid().without("status");
        node.without("content_type");
        node.put("lang", "en");
        node.put("crawl", "CC-MAIN-2024-10");
        assertThat(Json.MAPPER.readTree(PARSER.parse(node.toString()).extraJson()))
                .isEqualTo(Json.MAPPER.createObjectNode().put("lang", "en").put("crawl", "CC-MAIN-2024-10"));
        assertThat(PARSER.parse(valid().put("x", (String) null).toString()).extraJson())
                .isEqualTo("{\"x\":null}");
    }

    @Test
    void firstFailingCheckDecides() {
        // missing url beats everything else
        ObjectNode node = valid().without("url");
        node.put("status", 404).put("content_type", "image/png");
        assertThat(rejection(node.toString())).isEqualTo(DeadLetterReason.MISSING_FIELD);
    }

    @Test
    void theFetchTimeIsReadWithoutParsingTheRest() {
        long t = Instant.parse("2026-01-01T00:00:05Z").toEpochMilli();
        assertThat(PageRecordParser.fetchTimeOf(
                        "{\"url\":\"https://a.org/\",\"body\":\"<p>{\\\"fetched_at\\\":1}</p>\",\"x\":[1,{\"fetched_at\":2}],"
                                + "\"fetched_at\":\"2026-01-01T00:00:05Z\"}"))
                .isEqualTo(t);
        assertThat(PageRecordParser.fetchTimeOf("{\"fetched_at\":\"2026-01-01T01:00:05+01:00\",\"body\":\"\"}"))
                .isEqualTo(t);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "not json",
                "[1,2]",
                "{\"url\":\"https://a.org/\"}",
                "{\"fetched_at\":5}",
                "{\"fetched_at\":\"yesterday\"}",
                "{\"fetched_at\":\"2999-01-01T00:00:00Z\"}",
                "{\"body\":\"unterminated"
            })
    void aRecordWithoutAValidFetchTimeHasNone(String json) {
        assertThat(PageRecordParser.fetchTimeOf(json)).isEqualTo(Long.MIN_VALUE);
    }
}
