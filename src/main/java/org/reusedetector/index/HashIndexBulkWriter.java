package org.reusedetector.index;

import java.io.IOException;
import org.apache.flink.api.common.serialization.BulkWriter;
import org.apache.flink.core.fs.FSDataOutputStream;
import org.reusedetector.model.HashedPage;

/** Writes hash-index part files for Flink's {@code FileSink}: one header per part file, then the records. */
public final class HashIndexBulkWriter implements BulkWriter<HashedPage> {

    private final FSDataOutputStream out;

    HashIndexBulkWriter(FSDataOutputStream out) throws IOException {
        this.out = out;
        out.write(HashIndexFormat.header());
    }

    /** The factory for {@code FileSink.forBulkFormat}. */
    public static BulkWriter.Factory<HashedPage> factory() {
        return HashIndexBulkWriter::new;
    }

    @Override
    public void addElement(HashedPage page) throws IOException {
        // one write a record, unbuffered: the part file's size, which rolls it, stays exact
        out.write(HashIndexFormat.record(page));
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    /** Flushes without closing: the sink owns the stream and commits the part file. */
    @Override
    public void finish() throws IOException {
        out.flush();
    }
}
