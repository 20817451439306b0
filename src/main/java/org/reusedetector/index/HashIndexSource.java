package org.reusedetector.index;

import java.io.IOException;
import java.io.InputStream;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.file.src.FileSource;
import org.apache.flink.core.fs.Path;
import org.reusedetector.connector.PojoTypes;
import org.reusedetector.connector.RecordFileFormat;
import org.reusedetector.format.JsonLines;
import org.reusedetector.model.HashedPage;

/**
 * A bounded Flink source of the pages of a hash index (files and directories, searched recursively, as
 * {@link HashIndexSink} writes them): one split per index file, read in parallel, as {@link HashedPage}s.
 */
public final class HashIndexSource {

    /** HashedPage as a Flink POJO (no Kryo). */
    public static final TypeInformation<HashedPage> TYPE = PojoTypes.of(HashedPage.class);

    private HashIndexSource() {}

    public static FileSource<HashedPage> create(Path... paths) {
        return format().source(paths);
    }

    /** The file format, for a builder of its own (continuous monitoring of a growing index). */
    public static RecordFileFormat<HashedPage> format() {
        return new Format();
    }

    private static final class Format extends RecordFileFormat<HashedPage> {
        Format() {
            super(TYPE);
        }

        @Override
        protected boolean accepts(String fileName) {
            return HashIndex.isIndexFile(fileName);
        }

        @Override
        protected JsonLines.CloseableIterator<HashedPage> open(InputStream in, String fileName) throws IOException {
            return new HashIndexReader(in, fileName);
        }
    }
}
