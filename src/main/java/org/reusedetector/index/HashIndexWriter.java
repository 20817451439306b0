package org.reusedetector.index;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.reusedetector.model.HashedPage;

/**
 * Writes one hash-index file. The file appears under its name only when closed after a successful run: it
 * is written as a hidden temporary file beside it and moved into place, so a reader of the directory never
 * sees half a file, and a failed run leaves nothing behind.
 */
public final class HashIndexWriter implements Closeable {

    private final Path file;
    private final Path temporary;
    private final DataOutputStream out;
    private long pages;
    private long bytes = HashIndexFormat.HEADER_LENGTH;
    private boolean failed;
    private boolean closed;

    public HashIndexWriter(Path file) throws IOException {
        if (!HashIndex.isIndexFile(file.getFileName().toString())) {
            throw new IllegalArgumentException("a hash-index file name ends in " + HashIndex.SUFFIX + ": " + file);
        }
        this.file = file;
        Path parent = file.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        this.temporary = parent.resolve("." + file.getFileName() + ".inprogress");
        this.out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(temporary), 1 << 16));
        HashIndexFormat.writeHeader(out);
    }

    public void write(HashedPage page) throws IOException {
        try {
            bytes += HashIndexFormat.write(out, page);
            pages++;
        } catch (IOException | RuntimeException e) {
            failed = true;
            throw e;
        }
    }

    public long pages() {
        return pages;
    }

    /** Bytes written so far, header included. */
    public long bytes() {
        return bytes;
    }

    /** Publishes the file, or, if a write failed, removes the temporary file and publishes nothing. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            out.close();
        } catch (IOException e) {
            Files.deleteIfExists(temporary);
            throw e;
        }
        if (failed) {
            Files.deleteIfExists(temporary);
            return;
        }
        Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE);
    }
}
