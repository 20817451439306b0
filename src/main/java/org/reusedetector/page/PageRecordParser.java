package org.reusedetector.page;

import com.fasterxml.jackson.core.JsonProcessingException;
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

/**
 * Validates a page record (JSON: {@code url}, {@code fetched_at}, {@code status}, {@code content_type},
 * {@code body}; further fields are kept). Every rejection names its reason, for the dead-letter output.
 */
public final class PageRecordParser {

    /** Reads a JSON tree only (no binding to types), so the project's shared mapping is not needed here. */
    private static final ObjectReader TREES = new ObjectMapper().reader();

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

    public PageRecordParser(int maxBodyBytes) {
        this.maxBodyBytes = maxBodyBytes;
    }

    public PageRecord parse(String json) throws Rejected {
        if (json != null && json.length() > maxBodyBytes * 2L + 65_536) {
            // cheap guard before building a tree of a huge record; the exact check on the body follows
            throw new Rejected(DeadLetterReason.BODY_TOO_LARGE, "record of " + json.length() + " characters exceeds the body limit of " + maxBodyBytes + " bytes");
        }
        if (json == null) {
            throw new Rejected(DeadLetterReason.INVALID_JSON, "empty record (no value)"); // e.g. a tombstone on the pages topic
        }
        JsonNode node;
        try {
            node = TREES.readTree(json);
        } catch (JsonProcessingException e) {
            throw new Rejected(DeadLetterReason.INVALID_JSON, "invalid JSON: " + e.getOriginalMessage());
        }
        if (node == null || !node.isObject()) {
            throw new Rejected(DeadLetterReason.INVALID_JSON, "a page record must be a JSON object");
        }
        String url = text(node, "url");
        if (url == null || url.isBlank()) {
            throw new Rejected(DeadLetterReason.MISSING_FIELD, "missing field 'url'");
        }
        try {
            NormalizedUrl.parse(url);
        } catch (InvalidUrlException e) {
            throw new Rejected(DeadLetterReason.INVALID_URL, e.getMessage());
        }
        String body = text(node, "body");
        if (body == null) {
            throw new Rejected(DeadLetterReason.MISSING_FIELD, "missing field 'body'");
        }
        String fetchedAt = text(node, "fetched_at");
        if (fetchedAt == null || fetchedAt.isBlank()) {
            throw new Rejected(DeadLetterReason.MISSING_FIELD, "missing field 'fetched_at'");
        }
        long fetchedAtMillis;
        try {
            fetchedAtMillis = parseTime(fetchedAt);
        } catch (DateTimeException | ArithmeticException e) {
            throw new Rejected(DeadLetterReason.INVALID_FETCH_TIME, "fetched_at is not an ISO-8601 time in range: " + fetchedAt);
        }
        if (fetchedAtMillis > System.currentTimeMillis() + MAX_CLOCK_SKEW_MILLIS) {
            // a page from the future would push the watermark ahead and age every URL out of its neighbourhoods
            throw new Rejected(DeadLetterReason.INVALID_FETCH_TIME, "fetched_at is in the future: " + fetchedAt);
        }
        Integer status = null;
        JsonNode statusNode = node.get("status");
        if (statusNode != null && !statusNode.isNull()) {
            if (!statusNode.canConvertToInt() && !statusNode.isTextual()) {
                throw new Rejected(DeadLetterReason.MISSING_FIELD, "status is not a number: " + statusNode);
            }
            try {
                status = statusNode.isTextual() ? Integer.valueOf(statusNode.asText().trim()) : statusNode.asInt();
            } catch (NumberFormatException e) {
                throw new Rejected(DeadLetterReason.MISSING_FIELD, "status is not a number: " + statusNode);
            }
            if (status < 200 || status > 299) {
                throw new Rejected(DeadLetterReason.NOT_SUCCESS_STATUS, "HTTP status " + status + " is not a success: nothing to score");
            }
        }
        String contentType = text(node, "content_type");
        if (contentType != null && !isHtml(contentType)) {
            throw new Rejected(DeadLetterReason.NOT_HTML, "content type '" + contentType + "' is not HTML");
        }
        int bodyBytes = utf8Length(body);
        if (bodyBytes > maxBodyBytes) {
            throw new Rejected(DeadLetterReason.BODY_TOO_LARGE, "body of " + bodyBytes + " bytes exceeds the limit of " + maxBodyBytes + " bytes");
        }
        String extra = null;
        if (node.size() > KNOWN_FIELDS.size() || !allKnown(node)) {
            ObjectNode others = ((ObjectNode) node).deepCopy();
            others.remove(KNOWN_FIELDS);
            extra = others.isEmpty() ? null : others.toString();
        }
        return new PageRecord(url, fetchedAt, fetchedAtMillis, status, contentType, body, extra);
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

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.isTextual() ? value.textValue() : value.toString();
    }

    static int utf8Length(String s) {
        int bytes = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                bytes++;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c)) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }
}
