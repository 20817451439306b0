package org.reusedetector.format;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.function.Consumer;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.util.ValidUnicode;

/** JSON-lines files, plain or gzip-compressed (by the {@code .gz} suffix). */
public final class JsonLines {

    private JsonLines() {}

    public static boolean isGzip(Path file) {
        return file.getFileName().toString().endsWith(".gz");
    }

    public static BufferedReader reader(Path file) throws IOException {
        return reader(Files.newInputStream(file), file.getFileName().toString());
    }

    /** A reader of the stream, gunzipped when {@code name} ends in {@code .gz}. */
    public static BufferedReader reader(InputStream in, String name) throws IOException {
        if (name.endsWith(".gz")) {
            try {
                in = new GZIPInputStream(in, 1 << 16);
            } catch (IOException e) {
                in.close(); // not gzip after all: do not leak the file handle
                throw e;
            }
        }
        return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
    }

    public static BufferedWriter writer(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        OutputStream out = Files.newOutputStream(file);
        if (isGzip(file)) {
            out = new GZIPOutputStream(out, 1 << 16);
        }
        return new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
    }

    /**
     * Lines longer than this are not read into memory by default: a page record is at most its body limit (4 MiB by
     * default) twice over in chars (escapes), so a longer line is broken or hostile (a gzip bomb of one line).
     */
    public static final int DEFAULT_MAX_LINE_CHARS = 64 << 20;

    /** How much of an over-long line its marker record keeps, to tell which record it was. */
    static final int OVERSIZED_PREFIX_CHARS = 4096;

    /**
     * The non-blank lines of a file as records with their origin ({@code file:line}). The iterator owns the
     * reader and closes it at the end; call {@link CloseableIterator#close()} when stopping early.
     */
    public static CloseableIterator<SourceRecord> records(Path file) throws IOException {
        return records(Files.newInputStream(file), file.getFileName().toString());
    }

    /**
     * As {@link #records(Path)}, over an open stream (of any file system) named {@code name}; the iterator
     * owns the stream.
     */
    public static CloseableIterator<SourceRecord> records(InputStream in, String name) throws IOException {
        return records(in, name, DEFAULT_MAX_LINE_CHARS);
    }

    /**
     * As {@link #records(InputStream, String)}, with lines of at most {@code maxLineChars} chars read. A longer line
     * is skipped in memory bounded by the limit (memory does not follow a gzip bomb) and becomes a marker record
     * ({@code PageRecordParser.READER_ERROR} {@code body-too-large}) with its length and first chars. A file cut short
     * or corrupt ends with one marker ({@code unreadable-input}) after what could be read.
     */
    public static CloseableIterator<SourceRecord> records(InputStream in, String name, int maxLineChars)
            throws IOException {
        RawLines lines = new RawLines(in, name, maxLineChars);
        return new CloseableIterator<>() {
            RawLines.Line next = advance();

            private RawLines.Line advance() {
                try {
                    return lines.next();
                } catch (IOException e) {
                    throw new UncheckedIOException("reading " + name, e);
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
                SourceRecord record = new SourceRecord(new String(next.bytes(), StandardCharsets.UTF_8), next.origin());
                next = advance();
                return record;
            }

            @Override
            public void close() throws IOException {
                lines.close();
            }
        };
    }

    /** A page record's url among its first chars, when it comes before the body. */
    private static final java.util.regex.Pattern URL_FIELD =
            java.util.regex.Pattern.compile("\"url\"\\s*:\\s*\"([^\"\\\\]{1,2048})\"");

    /**
     * The marker record of a line over the limit: its reason, its length and its first chars, and its url when the
     * first chars hold it (so that a replay keys the marker as it would the record).
     */
    static String oversized(long length, int maxLineChars, String prefix) {
        String start = ValidUnicode.prefix(prefix, OVERSIZED_PREFIX_CHARS);
        java.util.regex.Matcher url = URL_FIELD.matcher(start);
        return readerError(
                "body-too-large",
                "record of " + length + " characters exceeds the limit of " + maxLineChars
                        + " characters; not read (record_prefix holds its start)",
                start,
                url.find() ? url.group(1) : null);
    }

    /** {@link #readerError(String, String, String, String)} without a url. */
    public static String readerError(String reason, String message, String prefix) {
        return readerError(reason, message, prefix, null);
    }

    /**
     * A record standing for one a reader could not read, for {@code PageRecordParser} to dead-letter with
     * {@code reason} (a dead-letter reason code).
     */
    public static String readerError(String reason, String message, String prefix, String url) {
        Map<String, String> marker = new LinkedHashMap<>();
        marker.put("reader_error", reason);
        marker.put("reader_message", message);
        if (url != null) {
            marker.put("url", ValidUnicode.repair(url));
        }
        if (prefix != null) {
            marker.put("record_prefix", ValidUnicode.repair(ValidUnicode.prefix(prefix, OVERSIZED_PREFIX_CHARS)));
        }
        return Json.write(marker);
    }

    /** Every line of a (small) JSON-lines file as a {@code type}; empty when the file does not exist. */
    public static <T> List<T> readAll(Path file, Class<T> type) throws IOException {
        List<T> items = new ArrayList<>();
        if (!Files.exists(file)) {
            return items;
        }
        try (BufferedReader in = reader(file)) {
            String line;
            while ((line = in.readLine()) != null) {
                if (!line.isBlank()) {
                    items.add(Json.read(line, type));
                }
            }
        }
        return items;
    }

    /**
     * Streams the non-blank lines of a JSON-lines file as {@code type}s (memory for one line at a time). A line
     * that is not a {@code type}, or that {@code action} rejects with an {@link IllegalArgumentException}, fails
     * with its file and line number.
     */
    public static <T> void forEach(Path file, Class<T> type, Consumer<T> action) throws IOException {
        try (BufferedReader reader = reader(file)) {
            String line;
            int number = 0;
            while ((line = reader.readLine()) != null) {
                number++;
                if (line.isBlank()) {
                    continue;
                }
                T item;
                try {
                    item = Json.read(line, type);
                } catch (IOException e) {
                    throw new IOException(file + ":" + number + ": invalid JSON: " + e.getMessage(), e);
                }
                try {
                    action.accept(item);
                } catch (IllegalArgumentException e) {
                    throw new IOException(file + ":" + number + ": " + e.getMessage(), e);
                }
            }
        }
    }

    /** An iterator over a resource that must be closed. */
    public interface CloseableIterator<T> extends Iterator<T>, AutoCloseable {
        @Override
        void close() throws IOException;
    }
}
