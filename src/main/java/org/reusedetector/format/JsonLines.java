package org.reusedetector.format;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.EOFException;
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
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.function.Consumer;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipException;
import org.reusedetector.model.SourceRecord;

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
        BufferedReader reader = reader(in, name);
        return new CloseableIterator<>() {
            long lineNumber;
            String unreadable;
            String next = advance();

            private String advance() {
                if (unreadable != null) {
                    return null;
                }
                try {
                    String line;
                    while ((line = reader.readLine()) != null) {
                        lineNumber++;
                        if (!line.isBlank()) {
                            return line;
                        }
                    }
                    reader.close();
                    return null;
                } catch (EOFException | ZipException e) {
                    // a truncated or corrupt archive: what was read stands, the rest becomes one dead letter
                    unreadable = "unreadable after line " + lineNumber + ": " + e.getMessage();
                    closeQuietly();
                    return Json.write(Map.of("error", "truncated or corrupt file " + name + ", " + unreadable));
                } catch (IOException e) {
                    throw new UncheckedIOException("reading " + name, e);
                }
            }

            private void closeQuietly() {
                try {
                    reader.close();
                } catch (IOException ignored) {
                    // already failing
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
                SourceRecord record = new SourceRecord(next, name + ":" + (unreadable == null ? String.valueOf(lineNumber) : unreadable));
                next = advance();
                return record;
            }

            @Override
            public void close() throws IOException {
                reader.close();
            }
        };
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
