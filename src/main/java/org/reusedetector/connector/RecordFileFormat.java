package org.reusedetector.connector;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.FileSource;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.enumerate.DefaultFileFilter;
import org.apache.flink.connector.file.src.enumerate.NonSplittingRecursiveEnumerator;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.util.CheckpointedPosition;
import org.apache.flink.connector.file.src.util.IteratorResultIterator;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;
import org.reusedetector.format.JsonLines;

/**
 * A Flink file format over files that the project's plain readers already iterate record by record: one
 * split per file (gzip and WARC cannot be split), records handed over in small batches. A restored reader
 * re-opens its file and skips the records already emitted, so sources built on it are exactly-once under
 * checkpoints and usable in BATCH and STREAMING mode alike. The format is told the file's name, which the
 * readers need (the kind of file, the origin of records), and chooses which files of a directory it reads.
 */
public abstract class RecordFileFormat<T> implements BulkFormat<T, FileSourceSplit> {

    /** Records per batch: enough to amortise the hand-over, few enough that a batch of pages stays small. */
    static final int BATCH_SIZE = 32;

    private final TypeInformation<T> type;

    protected RecordFileFormat(TypeInformation<T> type) {
        this.type = type;
    }

    /** Whether a file of this name is read; others found in an input directory are skipped. */
    protected abstract boolean accepts(String fileName);

    /** The records of one file; the iterator owns the stream. */
    protected abstract JsonLines.CloseableIterator<T> open(InputStream in, String fileName) throws IOException;

    /** A bounded source over the given files and directories (searched recursively). */
    public FileSource<T> source(Path... paths) {
        return sourceBuilder(paths).build();
    }

    /** The source's builder, for instance to {@code monitorContinuously} a directory in a streaming job. */
    public FileSource.FileSourceBuilder<T> sourceBuilder(Path... paths) {
        return FileSource.forBulkFileFormat(this, paths)
                .setFileEnumerator(() -> new AcceptingEnumerator(new DefaultFileFilter(), this::accepts));
    }

    @Override
    public Reader<T> createReader(Configuration config, FileSourceSplit split) throws IOException {
        return restoreReader(config, split);
    }

    @Override
    public Reader<T> restoreReader(Configuration config, FileSourceSplit split) throws IOException {
        long skip = split.getReaderPosition()
                .map(CheckpointedPosition::getRecordsAfterOffset)
                .orElse(0L);
        Path path = split.path();
        FileSystem fs = path.getFileSystem();
        JsonLines.CloseableIterator<T> records = open(fs.open(path), path.getName());
        try {
            for (long i = 0; i < skip && records.hasNext(); i++) {
                records.next();
            }
        } catch (RuntimeException e) {
            records.close();
            throw e;
        }
        return new FileReader<>(records, skip);
    }

    @Override
    public boolean isSplittable() {
        return false;
    }

    @Override
    public TypeInformation<T> getProducedType() {
        return type;
    }

    private static final class FileReader<T> implements BulkFormat.Reader<T> {
        private final JsonLines.CloseableIterator<T> records;
        private long emitted;

        FileReader(JsonLines.CloseableIterator<T> records, long emitted) {
            this.records = records;
            this.emitted = emitted;
        }

        @Override
        public RecordIterator<T> readBatch() throws IOException {
            List<T> batch = new ArrayList<>(BATCH_SIZE);
            try {
                while (batch.size() < BATCH_SIZE && records.hasNext()) {
                    batch.add(records.next());
                }
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
            if (batch.isEmpty()) {
                return null;
            }
            // positions count records from the start of the file: a restore skips that many
            IteratorResultIterator<T> iterator =
                    new IteratorResultIterator<>(batch.iterator(), CheckpointedPosition.NO_OFFSET, emitted);
            emitted += batch.size();
            return iterator;
        }

        @Override
        public void close() throws IOException {
            records.close();
        }
    }

    /** Flink's recursive enumerator (which skips hidden files and directories), keeping accepted files only. */
    private static final class AcceptingEnumerator extends NonSplittingRecursiveEnumerator {
        private final Predicate<String> acceptsName;

        AcceptingEnumerator(Predicate<Path> fileFilter, Predicate<String> acceptsName) {
            super(fileFilter);
            this.acceptsName = acceptsName;
        }

        @Override
        protected void convertToSourceSplits(FileStatus file, FileSystem fs, List<FileSourceSplit> target)
                throws IOException {
            if (acceptsName.test(file.getPath().getName())) {
                super.convertToSourceSplits(file, fs, target);
            }
        }
    }
}
