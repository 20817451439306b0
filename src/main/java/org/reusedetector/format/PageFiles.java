package org.reusedetector.format;

import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.LongConsumer;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.page.PageRecordParser;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Input files of page records: JSON lines ({@code .jsonl}, {@code .jsonl.gz}) and WARC ({@code .warc},
 * {@code .warc.gz}), given as one file or as a directory searched recursively. Hidden files and
 * directories (names starting with {@code .} or {@code _}, as Flink's file source skips them too) and
 * files of other types are left out of a directory. Hash-index files are not page files: see
 * {@code index.HashIndex#isIndex}.
 */
public final class PageFiles {

    private static final Logger LOG = LoggerFactory.getLogger(PageFiles.class);

    /** How a page file is read. */
    public enum Kind {
        JSONL,
        WARC
    }

    private PageFiles() {}

    /** The kind of a file by its name, if it is a page file. */
    public static Optional<Kind> kind(String fileName) {
        String name = fileName.toLowerCase(Locale.ROOT);
        if (name.endsWith(".jsonl") || name.endsWith(".jsonl.gz")) {
            return Optional.of(Kind.JSONL);
        }
        if (name.endsWith(".warc") || name.endsWith(".warc.gz")) {
            return Optional.of(Kind.WARC);
        }
        return Optional.empty();
    }

    /** Hidden by the convention of Hadoop and Flink: in-progress, marker and metadata files. */
    public static boolean isHidden(String fileName) {
        return fileName.startsWith(".") || fileName.startsWith("_");
    }

    /**
     * The page files of {@code path}, sorted: the file itself, or the page files below the directory.
     *
     * @throws NoSuchFileException if nothing is at {@code path}
     * @throws IllegalArgumentException if {@code path} is a file that is not a page file
     */
    public static List<Path> list(Path path) throws IOException {
        if (!Files.exists(path)) {
            throw new NoSuchFileException(path.toString());
        }
        if (!Files.isDirectory(path)) {
            if (kind(path.getFileName().toString()).isEmpty()) {
                throw new IllegalArgumentException("not a page file (.jsonl, .jsonl.gz, .warc, .warc.gz): " + path);
            }
            return List.of(path);
        }
        try (Stream<Path> walk = Files.walk(path)) {
            return walk.filter(Files::isRegularFile)
                    .filter(file -> isVisible(path, file))
                    .filter(file -> kind(file.getFileName().toString()).isPresent())
                    .sorted()
                    .toList();
        }
    }

    /** Whether no component of {@code file} below {@code root} is hidden. */
    public static boolean isVisible(Path root, Path file) {
        for (Path part : root.relativize(file)) {
            if (isHidden(part.toString())) {
                return false;
            }
        }
        return true;
    }

    /** Bytes on disk of the files (compressed where they are), the measure of progress while reading them. */
    public static long totalBytes(List<Path> files) throws IOException {
        long total = 0;
        for (Path file : files) {
            total += Files.size(file);
        }
        return total;
    }

    /** The records of one page file; WARC payloads above {@code maxPayloadBytes} are dead-lettered unread. */
    public static JsonLines.CloseableIterator<SourceRecord> open(Path file, int maxPayloadBytes) throws IOException {
        return open(file, maxPayloadBytes, bytes -> {});
    }

    /**
     * The records of one page file.
     *
     * @param maxPayloadBytes WARC payloads above this are dead-lettered unread (see {@link WarcPages})
     * @param bytesRead told of every read from the file, in bytes as stored (for progress against
     *     {@link #totalBytes}); called on the reading thread
     */
    public static JsonLines.CloseableIterator<SourceRecord> open(Path file, int maxPayloadBytes, LongConsumer bytesRead)
            throws IOException {
        return open(
                new CountingInputStream(Files.newInputStream(file), bytesRead),
                file.getFileName().toString(),
                maxPayloadBytes);
    }

    /** The records of a page file's stream (of any file system); the iterator owns the stream. */
    public static JsonLines.CloseableIterator<SourceRecord> open(
            InputStream stream, String fileName, int maxPayloadBytes) throws IOException {
        InputStream in = stream;
        Kind kind = kind(fileName).orElseThrow(() -> {
            closeQuietly(stream);
            return new IllegalArgumentException("not a page file (.jsonl, .jsonl.gz, .warc, .warc.gz): " + fileName);
        });
        if (kind == Kind.JSONL) {
            BufferedInputStream buffered = new BufferedInputStream(in, 1 << 16);
            if (holdsWarc(buffered, fileName.toLowerCase(Locale.ROOT).endsWith(".gz"))) {
                // a WARC file named as JSON lines would otherwise give one invalid-json dead letter per header line
                LOG.warn("{} holds WARC records, not JSON lines: read as WARC", fileName);
                kind = Kind.WARC;
            }
            in = buffered;
        }
        return switch (kind) {
            case JSONL -> JsonLines.records(in, fileName, PageRecordParser.maxRecordChars(maxPayloadBytes));
            case WARC -> new WarcPages(maxPayloadBytes).records(in, fileName);
        };
    }

    /**
     * The lines of a JSON-lines page file as stored ({@link RawLines}), with lines too long for a record of
     * {@code maxPayloadBytes} as markers, as {@link #open} gives them.
     */
    public static RawLines rawLines(Path file, String fileName, int maxPayloadBytes) throws IOException {
        return new RawLines(Files.newInputStream(file), fileName, PageRecordParser.maxRecordChars(maxPayloadBytes));
    }

    /**
     * Whether the file named {@code fileName} is read as WARC: by its name, or, named as JSON lines, by its first bytes
     * (as {@link #open} reads it).
     */
    public static boolean holdsWarc(Path file, String fileName) throws IOException {
        Kind kind = kind(fileName)
                .orElseThrow(() -> new IllegalArgumentException(
                        "not a page file (.jsonl, .jsonl.gz, .warc, .warc.gz): " + fileName));
        if (kind == Kind.WARC) {
            return true;
        }
        try (BufferedInputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            return holdsWarc(in, fileName.toLowerCase(Locale.ROOT).endsWith(".gz"));
        }
    }

    /** Whether the stream (gzip-compressed when {@code gzip}) starts with a WARC record's version line; reads nothing. */
    static boolean holdsWarc(BufferedInputStream in, boolean gzip) throws IOException {
        byte[] start = new byte[5];
        in.mark(1 << 16);
        try {
            InputStream peek = in;
            if (gzip) {
                peek = new GZIPInputStream(
                        new FilterInputStream(in) {
                            @Override
                            public void close() {
                                // the peek must not close the file
                            }
                        },
                        512);
            }
            return peek.readNBytes(start, 0, start.length) == start.length
                    && new String(start, java.nio.charset.StandardCharsets.US_ASCII).equals("WARC/");
        } catch (IOException notGzip) {
            return false; // the JSON-lines reader reports it
        } finally {
            in.reset();
        }
    }

    private static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException ignored) {
            // already failing for a better reason
        }
    }

    /** Reports the bytes read through it. */
    static final class CountingInputStream extends FilterInputStream {
        private final LongConsumer bytesRead;

        CountingInputStream(InputStream in, LongConsumer bytesRead) {
            super(in);
            this.bytesRead = bytesRead;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                bytesRead.accept(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n > 0) {
                bytesRead.accept(n);
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = super.skip(n);
            if (skipped > 0) {
                bytesRead.accept(skipped);
            }
            return skipped;
        }
    }

    /**
     * The HTML bytes the input will yield, estimated: stored size, times the compression ratio of a prefix of
     * each gzip file. Good to a few percent for an ETA; 0 (unknown) for a hash index.
     */
    public static long estimateHtmlBytes(List<Path> files) throws IOException {
        long total = 0;
        byte[] buffer = new byte[1 << 16];
        for (Path file : files) {
            long stored = Files.size(file);
            if (!file.getFileName().toString().endsWith(".gz")) {
                total += stored;
                continue;
            }
            long sampleCompressed = Math.min(stored, 4L << 20);
            long inflated = 0;
            long[] compressed = {0};
            try (InputStream in = new GZIPInputStream(new CountingInputStream(
                    new BufferedInputStream(Files.newInputStream(file)), n -> compressed[0] += n))) {
                int n;
                while (compressed[0] < sampleCompressed && (n = in.read(buffer)) > 0) {
                    inflated += n;
                }
                total += (long) (stored * (inflated / (double) Math.max(1, compressed[0])));
            } catch (IOException e) {
                total += stored * 5; // a typical ratio for HTML
            }
        }
        return total;
    }
}
