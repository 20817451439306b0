package org.reusedetector.page;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Set;
import org.reusedetector.model.DeadLetterReason;
import org.reusedetector.model.PageRecord;
import org.reusedetector.url.InvalidUrlException;
import org.reusedetector.url.NormalizedUrl;
import org.reusedetector.util.ValidUnicode;

/**
 * Validates a page record (JSON: {@code url}, {@code fetched_at}, {@code status}, {@code content_type},
 * {@code body}; further fields are kept). Every rejection names its reason, for the dead-letter output.
 *
 * <p>A record is exactly one JSON object: a second value or any other text after it is {@code invalid-json}, not
 * dropped. Fields have their types: {@code url}, {@code fetched_at}, {@code content_type} and {@code body} are
 * strings, {@code status} an integer (or a string of one); anything else is {@code invalid-field}. The URL must be
 * valid Unicode; it is {@linkplain NormalizedUrl#reportedForm reported} without user info and with an ASCII host.
 * Other strings are made valid Unicode (a lone surrogate becomes U+FFFD), so that no sink meets a string it
 * cannot encode. A reader that could not read a record passes it on as a {@linkplain #READER_ERROR marker}
 * with its reason.
 *
 * <p>Well-formed records are read in one pass by {@link PageRecordScanner}; Jackson reads the others and words their
 * rejection. An instance keeps buffers between records: one per thread.
 */
public final class PageRecordParser {

    /** Reads a JSON tree only (no binding to types), so the project's shared mapping is not needed here. */
    private static final ObjectReader TREES = new ObjectMapper()
            .reader()
            .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS) // two objects on a line are not one record
            .with(JsonParser.Feature.STRICT_DUPLICATE_DETECTION); // nor is an object with two urls or two bodies

    /**
     * The field of a record that a reader wrote in place of one it could not read (a line over the size limit, the
     * rest of a cut file, a WARC record that is not a capture): its value is a {@link DeadLetterReason#code()}, and
     * {@link #READER_MESSAGE} says why. The parser rejects such a record with that reason.
     */
    public static final String READER_ERROR = "reader_error";

    /** The explanation of a {@link #READER_ERROR}. */
    public static final String READER_MESSAGE = "reader_message";

    /** A record that cannot be used, and why. */
    public static final class Rejected extends Exception {
        private final DeadLetterReason reason;

        public Rejected(DeadLetterReason reason, String message) {
            super(message);
            this.reason = reason;
        }

        public DeadLetterReason reason() {
            return reason;
        }
    }

    private static final Set<String> KNOWN_FIELDS = Set.of("url", "fetched_at", "status", "content_type", "body");

    /** How far ahead of this machine's clock a crawler's clock may be. */
    static final long MAX_CLOCK_SKEW_MILLIS = Duration.ofDays(1).toMillis();

    private final int maxBodyBytes;
    private final PageRecordScanner scanner = new PageRecordScanner();
    private char[] treeBody = new char[0];
    private char[] bodyChars = treeBody;
    private int bodyLength;

    public PageRecordParser(int maxBodyBytes) {
        this.maxBodyBytes = maxBodyBytes;
    }

    /** The validated record; a rejection says why. */
    public PageRecord parse(String json) throws Rejected {
        checkSize(json);
        if (json != null && scanner.scan(json)) {
            PageRecord scanned = accepted(new String(scanner.body, 0, scanner.bodyLength));
            if (scanned != null) {
                return scanned;
            }
        }
        return parseTree(json);
    }

    /**
     * As {@link #parse(String)}, but the body is left in {@link #body()} ({@code [0, }{@link #bodyLength()}{@code )})
     * and the record's {@code body} is {@code null}: the parse step hashes it from there, so that it is decoded once
     * and never becomes a string. Valid until the next call.
     */
    public PageRecord parseKeepingBody(String json) throws Rejected {
        checkSize(json);
        if (json != null && scanner.scan(json)) {
            PageRecord scanned = accepted(null);
            if (scanned != null) {
                bodyChars = scanner.body;
                bodyLength = scanner.bodyLength;
                return scanned;
            }
        }
        PageRecord page = parseTree(json);
        String body = page.body();
        if (treeBody.length < body.length()) {
            treeBody = new char[Math.max(body.length(), treeBody.length * 2)];
        }
        body.getChars(0, body.length(), treeBody, 0);
        bodyChars = treeBody;
        bodyLength = body.length();
        return new PageRecord(
                page.url(),
                page.fetchedAt(),
                page.fetchedAtMillis(),
                page.status(),
                page.contentType(),
                null,
                page.extraJson());
    }

    /** The body of the last record read by {@link #parseKeepingBody}. */
    public char[] body() {
        return bodyChars;
    }

    /** The length of {@link #body()}. */
    public int bodyLength() {
        return bodyLength;
    }

    /**
     * The record the scanner read, when every check passes; {@code null} when one fails (the tree path then words the
     * rejection, as for every record the scanner does not take). The checks are those of {@link #parseTree}, in its order.
     */
    private PageRecord accepted(String body) {
        String url = scanner.url;
        if (url == null || url.isBlank() || ValidUnicode.firstLoneSurrogate(url) >= 0 || !scanner.hasBody) {
            return null;
        }
        try {
            NormalizedUrl.parse(url);
        } catch (InvalidUrlException e) {
            return null;
        }
        String fetchedAt = scanner.fetchedAt;
        if (fetchedAt == null || fetchedAt.isBlank()) {
            return null;
        }
        long fetchedAtMillis;
        try {
            fetchedAtMillis = parseTime(fetchedAt);
        } catch (DateTimeException | ArithmeticException e) {
            return null;
        }
        if (fetchedAtMillis > System.currentTimeMillis() + MAX_CLOCK_SKEW_MILLIS) {
            return null;
        }
        Integer status = scanner.status;
        if (status != null && (status < 200 || status > 299)) {
            return null;
        }
        String contentType = ValidUnicode.repair(scanner.contentType);
        if (contentType != null && !isHtml(contentType)) {
            return null;
        }
        if (scanner.bodyUtf8Bytes > maxBodyBytes) {
            return null;
        }
        String extra = null;
        if (!scanner.extraFields.isEmpty()) {
            try {
                // the further fields as Jackson writes them, as the tree path does
                extra = ValidUnicode.repair(TREES.readTree("{" + String.join(",", scanner.extraFields) + "}")
                        .toString());
            } catch (JsonProcessingException e) {
                return null;
            }
        }
        return new PageRecord(
                NormalizedUrl.reportedForm(url), fetchedAt, fetchedAtMillis, status, contentType, body, extra);
    }

    private void checkSize(String json) throws Rejected {
        if (json != null && json.length() > maxRecordChars(maxBodyBytes)) {
            // cheap guard before building a tree of a huge record; the exact check on the body follows
            throw new Rejected(
                    DeadLetterReason.BODY_TOO_LARGE,
                    "record of " + json.length() + " characters exceeds the body limit of " + maxBodyBytes + " bytes");
        }
    }

    /** Jackson's reading of the record, which judges every record the scanner did not accept. */
    PageRecord parseTree(String json) throws Rejected {
        checkSize(json);
        if (json == null) {
            throw new Rejected(
                    DeadLetterReason.INVALID_JSON, "empty record (no value)"); // e.g. a tombstone on the pages topic
        }
        JsonNode node;
        try {
            node = TREES.readTree(json);
        } catch (JsonProcessingException e) {
            throw new Rejected(
                    DeadLetterReason.INVALID_JSON, "invalid JSON: " + ValidUnicode.repair(cut(e.getOriginalMessage())));
        }
        if (node == null || node.isMissingNode()) {
            throw new Rejected(DeadLetterReason.INVALID_JSON, "empty record (no JSON value)");
        }
        if (!node.isObject()) {
            throw new Rejected(DeadLetterReason.INVALID_JSON, "a page record must be a JSON object, not " + kind(node));
        }
        JsonNode readerError = node.get(READER_ERROR);
        if (readerError != null) {
            DeadLetterReason reason =
                    DeadLetterReason.ofCode(readerError.asText()).orElse(DeadLetterReason.INVALID_JSON);
            JsonNode message = node.get(READER_MESSAGE);
            throw new Rejected(reason, ValidUnicode.repair(message == null ? "unreadable record" : message.asText()));
        }
        String url = string(node, "url");
        if (url == null || url.isBlank()) {
            throw new Rejected(DeadLetterReason.MISSING_FIELD, "missing field 'url'");
        }
        int lone = ValidUnicode.firstLoneSurrogate(url);
        if (lone >= 0) {
            throw new Rejected(
                    DeadLetterReason.INVALID_URL,
                    String.format(
                            "URL is not valid Unicode (a lone surrogate U+%04X at index %d): %s",
                            (int) url.charAt(lone), lone, ValidUnicode.repair(url)));
        }
        try {
            NormalizedUrl.parse(url);
        } catch (InvalidUrlException e) {
            throw new Rejected(DeadLetterReason.INVALID_URL, e.getMessage());
        }
        url = NormalizedUrl.reportedForm(url);
        String body = string(node, "body");
        if (body == null) {
            throw new Rejected(DeadLetterReason.MISSING_FIELD, "missing field 'body'");
        }
        JsonNode fetchedAtNode = node.get("fetched_at");
        if (fetchedAtNode != null && !fetchedAtNode.isNull() && !fetchedAtNode.isTextual()) {
            throw new Rejected(
                    DeadLetterReason.INVALID_FETCH_TIME,
                    "fetched_at is not an ISO-8601 time (a string), but " + kind(fetchedAtNode));
        }
        String fetchedAt = string(node, "fetched_at");
        if (fetchedAt == null || fetchedAt.isBlank()) {
            throw new Rejected(DeadLetterReason.MISSING_FIELD, "missing field 'fetched_at'");
        }
        long fetchedAtMillis;
        try {
            fetchedAtMillis = parseTime(fetchedAt);
        } catch (DateTimeException | ArithmeticException e) {
            throw new Rejected(
                    DeadLetterReason.INVALID_FETCH_TIME,
                    "fetched_at is not an ISO-8601 time in range: " + ValidUnicode.repair(cut(fetchedAt)));
        }
        if (fetchedAtMillis > System.currentTimeMillis() + MAX_CLOCK_SKEW_MILLIS) {
            // a page from the future would push the watermark ahead and age every URL out of its neighbourhoods
            throw new Rejected(DeadLetterReason.INVALID_FETCH_TIME, "fetched_at is in the future: " + fetchedAt);
        }
        Integer status = null;
        JsonNode statusNode = node.get("status");
        if (statusNode != null && !statusNode.isNull()) {
            if (!(statusNode.isIntegralNumber() && statusNode.canConvertToInt()) && !statusNode.isTextual()) {
                throw new Rejected(
                        DeadLetterReason.INVALID_FIELD,
                        "status is not an integer: " + ValidUnicode.repair(cut(statusNode.toString())));
            }
            try {
                status = statusNode.isTextual()
                        ? Integer.valueOf(statusNode.asText().trim())
                        : statusNode.asInt();
            } catch (NumberFormatException e) {
                throw new Rejected(
                        DeadLetterReason.INVALID_FIELD,
                        "status is not an integer: " + ValidUnicode.repair(cut(statusNode.toString())));
            }
            if (status < 200 || status > 299) {
                throw new Rejected(
                        DeadLetterReason.NOT_SUCCESS_STATUS,
                        "HTTP status " + status + " is not a success: nothing to score");
            }
        }
        String contentType = ValidUnicode.repair(string(node, "content_type"));
        if (contentType != null && !isHtml(contentType)) {
            throw new Rejected(DeadLetterReason.NOT_HTML, "content type '" + cut(contentType) + "' is not HTML");
        }
        long bodyBytes = ValidUnicode.utf8Length(body); // the body as it is scored: a lone surrogate as U+FFFD
        if (bodyBytes > maxBodyBytes) {
            throw new Rejected(
                    DeadLetterReason.BODY_TOO_LARGE,
                    "body of " + bodyBytes + " bytes exceeds the limit of " + maxBodyBytes + " bytes");
        }
        String extra = null;
        if (node.size() > KNOWN_FIELDS.size() || !allKnown(node)) {
            ObjectNode others = ((ObjectNode) node).deepCopy();
            others.remove(KNOWN_FIELDS);
            extra = others.isEmpty() ? null : ValidUnicode.repair(others.toString());
        }
        return new PageRecord(url, fetchedAt, fetchedAtMillis, status, contentType, ValidUnicode.repair(body), extra);
    }

    /**
     * The longest record, in chars, that can hold a body within {@code maxBodyBytes}: a body's bytes in chars, twice
     * over for JSON escapes, and room for the other fields. Readers skip longer lines unread.
     */
    public static int maxRecordChars(int maxBodyBytes) {
        return (int) Math.min(Integer.MAX_VALUE - 16, maxBodyBytes * 2L + 65_536);
    }

    private static final com.fasterxml.jackson.core.JsonFactory STREAMING =
            new com.fasterxml.jackson.core.JsonFactory();

    /**
     * The fetch time of a raw page record, read without parsing the rest: its {@code fetched_at} in epoch millis when
     * that is a valid time no later than the clock allows ({@link #parse} would accept it), else {@link Long#MIN_VALUE}.
     * Sources stamp records with it, so that watermarks follow fetch time from the partitions on. Never throws: a
     * record this cannot read is a dead letter later, and its time must not move the watermark.
     */
    public static long fetchTimeOf(String json) {
        if (json == null) {
            return Long.MIN_VALUE;
        }
        try (JsonParser parser = STREAMING.createParser(json)) {
            if (parser.nextToken() != com.fasterxml.jackson.core.JsonToken.START_OBJECT) {
                return Long.MIN_VALUE;
            }
            while (parser.nextToken() == com.fasterxml.jackson.core.JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                com.fasterxml.jackson.core.JsonToken value = parser.nextToken();
                if ("fetched_at".equals(name)) {
                    if (value != com.fasterxml.jackson.core.JsonToken.VALUE_STRING) {
                        return Long.MIN_VALUE;
                    }
                    long millis = parseTime(parser.getText());
                    return millis > System.currentTimeMillis() + MAX_CLOCK_SKEW_MILLIS ? Long.MIN_VALUE : millis;
                }
                parser.skipChildren();
            }
            return Long.MIN_VALUE;
        } catch (java.io.IOException | RuntimeException e) {
            return Long.MIN_VALUE;
        }
    }

    static long parseTime(String text) {
        try {
            return Instant.parse(text).toEpochMilli();
        } catch (DateTimeParseException e) {
            return OffsetDateTime.parse(text).toInstant().toEpochMilli();
        }
    }

    private static boolean allKnown(JsonNode node) {
        var names = node.fieldNames();
        while (names.hasNext()) {
            if (!KNOWN_FIELDS.contains(names.next())) {
                return false;
            }
        }
        return true;
    }

    /** Whether a content type is HTML (no type at all counts as HTML: many crawls leave it out). */
    public static boolean isHtml(String contentType) {
        String type = contentType.toLowerCase(Locale.ROOT).split(";", 2)[0].trim();
        return type.isEmpty() || type.equals("text/html") || type.equals("application/xhtml+xml");
    }

    /** A string field, {@code null} when absent or null. */
    private static String string(JsonNode node, String field) throws Rejected {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw new Rejected(
                    DeadLetterReason.INVALID_FIELD, "field '" + field + "' must be a string, not " + kind(value));
        }
        return value.textValue();
    }

    private static String kind(JsonNode node) {
        return switch (node.getNodeType()) {
            case ARRAY -> "an array";
            case OBJECT -> "an object";
            case BOOLEAN -> "a boolean";
            case NUMBER -> "a number";
            case STRING -> "a string";
            default -> node.getNodeType().name().toLowerCase(Locale.ROOT);
        };
    }

    /** A value quoted in a message, cut to a readable length. */
    private static String cut(String value) {
        return value.length() <= 200 ? value : ValidUnicode.prefix(value, 200) + "...";
    }
}
