package org.reusedetector.index;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.apache.flink.api.common.serialization.BulkWriter;
import org.apache.flink.core.fs.FSDataOutputStream;
import org.reusedetector.model.HashedPage;

/** Writes hash-index part files for Flink's {@code FileSink}: one header per part file, then the records. */
public final class HashIndexBulkWriter implements BulkWriter<HashedPage> {

    private final DataOutputStream out;

    HashIndexBulkWriter(FSDataOutputStream stream) throws IOException {
        // buffered: a record is several small writes, and a local part file's stream does not buffer
        this.out = new DataOutputStream(new BufferedOutputStream(stream, 1 << 16));
        HashIndexFormat.writeHeader(out);
    }

    /** The factory for {@code FileSink.forBulkFormat}. */
    public static BulkWriter.Factory<HashedPage> factory() {
        return HashIndexBulkWriter::new;
    }

    @Override
    public void addElement(HashedPage page) throws IOException {
        HashIndexFormat.write(out, page);
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
