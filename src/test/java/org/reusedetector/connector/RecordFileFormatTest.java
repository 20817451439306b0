package org.reusedetector.connector;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.java.typeutils.PojoTypeInfo;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.util.CheckpointedPosition;
import org.apache.flink.connector.file.src.util.RecordAndPosition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.format.PageFilesTest;
import org.reusedetector.model.SourceRecord;

class RecordFileFormatTest {

    @TempDir
    Path dir;

    @Test
    void sourceRecordIsAPojo() {
        assertThat(PageFileSource.TYPE).isInstanceOf(PojoTypeInfo.class);
        assertThat(PageFileSource.format(100).getProducedType()).isSameAs(PageFileSource.TYPE);
    }

    @Test
    void positionsCountRecordsAndARestoredReaderSkipsWhatWasEmitted() throws Exception {
        int n = RecordFileFormat.BATCH_SIZE * 2 + 5;
        String[] lines = new String[n];
        for (int i = 0; i < n; i++) {
            lines[i] = "{\"i\":" + i + "}";
        }
        Path file = dir.resolve("many.jsonl.gz");
        PageFilesTest.writeJsonl(file, lines);
        FileSourceSplit split = new FileSourceSplit(
                "0", new org.apache.flink.core.fs.Path(file.toUri()), 0, Files.size(file), 0, Files.size(file));
        RecordFileFormat<SourceRecord> format = PageFileSource.format(100);

        List<RecordAndPosition<SourceRecord>> all = drain(format.createReader(new Configuration(), split));
        assertThat(all).hasSize(n);
        for (int i = 0; i < n; i++) {
            assertThat(all.get(i).getRecord().value()).isEqualTo(lines[i]);
            assertThat(all.get(i).getRecordSkipCount()).isEqualTo(i + 1);
            assertThat(all.get(i).getOffset()).isEqualTo(CheckpointedPosition.NO_OFFSET);
        }

        long checkpointed = all.get(40).getRecordSkipCount(); // 41 records emitted when the checkpoint was taken
        FileSourceSplit restored = split.updateWithCheckpointedPosition(
                new CheckpointedPosition(CheckpointedPosition.NO_OFFSET, checkpointed));
        List<RecordAndPosition<SourceRecord>> rest = drain(format.restoreReader(new Configuration(), restored));
        assertThat(rest).hasSize(n - 41);
        assertThat(rest.get(0).getRecord().value()).isEqualTo(lines[41]);
        assertThat(rest.get(0).getRecordSkipCount()).isEqualTo(42);
    }

    private static <T> List<RecordAndPosition<T>> drain(BulkFormat.Reader<T> reader) throws Exception {
        List<RecordAndPosition<T>> out = new ArrayList<>();
        try (reader) {
            BulkFormat.RecordIterator<T> batch;
            while ((batch = reader.readBatch()) != null) {
                RecordAndPosition<T> next;
                while ((next = batch.next()) != null) {
                    // the iterator reuses its position object: copy
                    out.add(new RecordAndPosition<>(next.getRecord(), next.getOffset(), next.getRecordSkipCount()));
                }
                batch.releaseBatch();
            }
        }
        return out;
    }
}
