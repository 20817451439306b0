package org.reusedetector.format;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.Optional;
import org.netpreserve.jwarc.HttpResponse;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcTruncationReason;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.page.PageRecordParser;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * WARC files (plain or gzip, as Common Crawl publishes them) as page records: every {@code response}
 * record becomes the page-record JSON of a JSONL line ({@code url}, {@code fetched_at} from WARC-Date,
 * {@code status}, {@code content_type}, {@code body}), with origin {@code file:offset} (the record's byte
 * offset in the file as stored, compressed for {@code .warc.gz}, as in CDX indexes), so that
 * {@link PageRecordParser} and the dead letters treat WARC and JSONL input alike.
 *
 * <p>The body is decoded by the charset of the Content-Type header, else a {@code <meta>} declaration,
 * else UTF-8 (see {@link BodyCharset}); transfer and content encodings (chunked, gzip, deflate) are undone.
 *
 * <p>Nothing that looks like a capture is dropped silently:
 * <ul>
 *   <li>A response that cannot be read as HTTP (malformed header, undecodable content encoding, not
 *       {@code application/http}) or whose payload exceeds {@code maxPayloadBytes} becomes a record
 *       <em>without</em> {@code body} and with {@code warc_error} saying why and the parser's reader error: the parser dead-letters it as
 *       {@code invalid-warc-record} (or {@code body-too-large}) and the original carries the explanation.
 *   <li>A response with a non-2xx status or a non-HTML content type keeps its url, status and content type
 *       but gets an empty body ({@code warc_body_omitted: true}): the parser rejects it for its status or
 *       type, exactly as it would with the body, without decoding images and PDFs as text.
 *   <li>A file that becomes unreadable part way (corrupt or cut gzip) ends with one record holding only
 *       the error ({@code unreadable-input}), at the offset where reading failed; the error is also logged. A
 *       record cut by the end of the file is that one record, not two.
 *   <li>Captures cut by the crawler ({@code WARC-Truncated}) are kept, marked {@code warc_truncated}.
 * </ul>
 * Other record types (warcinfo, request, metadata, revisit, resource) are not pages and are skipped;
 * their count is logged per file at DEBUG.
 */
public final class WarcPages {

    private static final Logger LOG = LoggerFactory.getLogger(WarcPages.class);

    private final int maxPayloadBytes;

    /**
     * @param maxPayloadBytes payloads larger than this (raw bytes, after content decoding) are not read into
     *     memory; the record goes to the dead letters. Pass the parser's body limit
     *     ({@code chunking.max-body-bytes}): it would reject anything larger anyway
     */
    public WarcPages(int maxPayloadBytes) {
        if (maxPayloadBytes <= 0) {
            throw new IllegalArgumentException("maxPayloadBytes must be positive: " + maxPayloadBytes);
        }
        this.maxPayloadBytes = maxPayloadBytes;
    }

    public JsonLines.CloseableIterator<SourceRecord> records(Path file) throws IOException {
        return records(Files.newInputStream(file), file.getFileName().toString());
    }

    /** The page records of a WARC stream (gzip detected from the content); the iterator owns the stream. */
    public JsonLines.CloseableIterator<SourceRecord> records(InputStream in, String name) throws IOException {
        WarcReader reader;
        try {
            reader = new WarcReader(in);
        } catch (IOException | RuntimeException e) {
            in.close();
            throw new IOException("not a WARC file: " + name + ": " + e.getMessage(), e);
        }
        return new Records(reader, name);
    }

    private final class Records implements JsonLines.CloseableIterator<SourceRecord> {
        private final WarcReader reader;
        private final String name;
        private SourceRecord next;
        private boolean done;
        private long responses;
        private long failed;
        private long skipped;

        Records(WarcReader reader, String name) {
            this.reader = reader;
            this.name = name;
            this.next = advance();
        }

        private SourceRecord advance() {
            while (!done) {
                Optional<WarcRecord> record;
                try {
                    record = reader.next();
                } catch (IOException | RuntimeException e) {
                    // jwarc cannot resynchronise inside a damaged stream: report the rest of the file once
                    long offset = reader.position(); // the start of the last record read, at or before the damage
                    LOG.warn("{}: unreadable after offset {}, rest of file skipped: {}", name, offset, e.toString());
                    finish();
                    ObjectNode node = Json.MAPPER.createObjectNode();
                    error(
                            node,
                            "unreadable-input",
                            "WARC file " + name + " unreadable after offset " + offset + ", rest of file skipped: "
                                    + e.getMessage());
                    failed++;
                    return new SourceRecord(node.toString(), name + ":" + offset);
                }
                if (record.isEmpty()) {
                    finish();
                    return null;
                }
                if (record.get() instanceof WarcResponse response) {
                    responses++;
                    String origin = name + ":" + reader.position(); // after next(): where this record starts
                    ObjectNode node = toJson(response);
                    if (node.has("warc_error")) {
                        failed++;
                        if ("unreadable-input"
                                .equals(node.path(PageRecordParser.READER_ERROR).asText())) {
                            // the file ends inside this record: one dead letter for it and the rest, not two
                            LOG.warn("{}: cut short inside the record at {}, rest of file skipped", name, origin);
                            finish();
                        }
                    }
                    return new SourceRecord(node.toString(), origin);
                }
                skipped++;
            }
            return null;
        }

        private void finish() {
            done = true;
            LOG.debug(
                    "{}: {} responses ({} not usable as HTTP), {} other records skipped",
                    name,
                    responses,
                    failed,
                    skipped);
            try {
                reader.close();
            } catch (IOException e) {
                throw new UncheckedIOException("closing " + name, e);
            }
        }

        @Override
        public boolean hasNext() {
            return next != null;
        }

        @Override
        public SourceRecord next() {
            if (next == null) {
                throw new NoSuchElementException();
            }
            SourceRecord record = next;
            next = advance();
            return record;
        }

        @Override
        public void close() throws IOException {
            done = true;
            reader.close();
        }
    }

    /** The page-record JSON of one response record. */
    ObjectNode toJson(WarcResponse response) {
        ObjectNode node = Json.MAPPER.createObjectNode();
        String url = response.target();
        if (url != null && url.startsWith("<") && url.endsWith(">")) {
            url = url.substring(1, url.length() - 1); // WARC 1.0 wrote the URI in angle brackets
        }
        node.put("url", url);
        Instant date;
        try {
            date = response.date();
            node.put("fetched_at", date.toString());
        } catch (RuntimeException e) {
            error(node, "invalid-warc-record", "invalid WARC-Date: " + e.getMessage());
            return node;
        }
        try {
            MediaType type = response.contentType();
            if (!"application".equals(type.type()) || !"http".equals(type.subtype())) {
                error(node, "invalid-warc-record", "response record is not HTTP (content type " + type + ")");
                return node;
            }
            HttpResponse http = response.http();
            node.put("status", http.status());
            String contentType = http.headers().first("Content-Type").orElse(null);
            if (contentType != null) {
                node.put("content_type", contentType);
            }
            WarcTruncationReason truncated = response.truncated();
            if (truncated != null && truncated != WarcTruncationReason.NOT_TRUNCATED) {
                node.put("warc_truncated", truncated.name().toLowerCase(Locale.ROOT));
            }
            if (http.status() < 200
                    || http.status() > 299
                    || (contentType != null && !PageRecordParser.isHtml(contentType))) {
                node.put("body", "");
                node.put("warc_body_omitted", true);
                return node;
            }
            byte[] payload;
            try (InputStream body = http.bodyDecoded().stream()) {
                payload = body.readNBytes(maxPayloadBytes + 1);
            }
            if (payload.length > maxPayloadBytes) {
                error(node, "body-too-large", "HTTP payload exceeds " + maxPayloadBytes + " bytes; body not read");
                return node;
            }
            Charset charset = BodyCharset.detect(contentType, payload, payload.length);
            int bom = BodyCharset.bomLength(payload, payload.length);
            node.put("body", new String(payload, bom, payload.length - bom, charset));
        } catch (IOException | RuntimeException e) {
            node.remove("body");
            if (endsEarly(e)) {
                error(
                        node,
                        "unreadable-input",
                        "WARC file ends inside this record (cut short): " + e + "; rest of file skipped");
            } else {
                error(node, "invalid-warc-record", "cannot read HTTP response: " + e);
            }
        }
        return node;
    }

    /** Marks a record as unusable: {@code warc_error} for people, the parser's reader error for its dead letter. */
    private static void error(ObjectNode node, String reason, String message) {
        node.put("warc_error", message);
        node.put(PageRecordParser.READER_ERROR, reason);
        node.put(PageRecordParser.READER_MESSAGE, message);
    }

    /** Whether reading failed because the stream ended (a cut file), not because the record is malformed. */
    private static boolean endsEarly(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.io.EOFException
                    || (t.getMessage() != null
                            && t.getMessage().toLowerCase(Locale.ROOT).contains("unexpected end"))) {
                return true;
            }
        }
        return false;
    }
}
