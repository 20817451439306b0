package org.reusedetector.connector;

import java.io.IOException;
import java.io.InputStream;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.file.src.FileSource;
import org.apache.flink.core.fs.Path;
import org.reusedetector.format.JsonLines;
import org.reusedetector.format.PageFiles;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.page.PageRecordParser;

/**
 * The bounded Flink source of the batch jobs: the page files ({@link PageFiles}: JSONL and WARC, plain or
 * gzip) of the given files and directories as {@link SourceRecord}s, one split per file, read in parallel.
 * What follows is the same as for the pages topic: {@link PageRecordParser}, then the dead letters.
 */
public final class PageFileSource {

    /** SourceRecord as a Flink POJO (no Kryo). */
    public static final TypeInformation<SourceRecord> TYPE = PojoTypes.of(SourceRecord.class);

    private PageFileSource() {}

    public static FileSource<SourceRecord> create(int maxPayloadBytes, Path... paths) {
        return format(maxPayloadBytes).source(paths);
    }

    /** The file format, for a builder of its own (continuous monitoring, split assignment). */
    public static RecordFileFormat<SourceRecord> format(int maxPayloadBytes) {
        return new Format(maxPayloadBytes);
    }

    private static final class Format extends RecordFileFormat<SourceRecord> {
        private final int maxPayloadBytes;

        Format(int maxPayloadBytes) {
            super(TYPE);
            this.maxPayloadBytes = maxPayloadBytes;
        }

        @Override
        protected boolean accepts(String fileName) {
            return PageFiles.kind(fileName).isPresent();
        }

        @Override
        protected JsonLines.CloseableIterator<SourceRecord> open(InputStream in, String fileName) throws IOException {
            return PageFiles.open(in, fileName, maxPayloadBytes);
        }
    }
}
