package org.reusedetector.index;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.NoSuchElementException;
import org.reusedetector.format.JsonLines;
import org.reusedetector.model.HashedPage;

/** Reads the pages of one hash-index file in order. A damaged record fails the read, naming file and record. */
public final class HashIndexReader implements JsonLines.CloseableIterator<HashedPage> {

    private final DataInputStream in;
    private final String name;
    private final HashIndexFormat.ReadBuffer buffer = new HashIndexFormat.ReadBuffer();
    private long read;
    private HashedPage next;

    public static HashIndexReader open(Path file) throws IOException {
        return new HashIndexReader(
                Files.newInputStream(file), file.getFileName().toString());
    }

    /** Reads the header at once; the reader owns the stream. */
    public HashIndexReader(InputStream stream, String name) throws IOException {
        this.in = new DataInputStream(new BufferedInputStream(stream, 1 << 16));
        this.name = name;
        try {
            HashIndexFormat.readHeader(in);
            next = HashIndexFormat.read(in, buffer);
        } catch (IOException e) {
            in.close();
            throw new IOException(name + ": " + e.getMessage(), e);
        }
    }

    @Override
    public boolean hasNext() {
        return next != null;
    }

    @Override
    public HashedPage next() {
        if (next == null) {
            throw new NoSuchElementException();
        }
        HashedPage page = next;
        read++;
        try {
            next = HashIndexFormat.read(in, buffer);
            if (next == null) {
                in.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(name + ", record " + (read + 1) + ": " + e.getMessage(), e);
        }
        return page;
    }

    @Override
    public void close() throws IOException {
        next = null;
        in.close();
    }
}
