package org.reusedetector.batch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.reusedetector.connector.FlinkPaths;
import org.reusedetector.connector.PageFileSource;
import org.reusedetector.detection.OperatorIds;
import org.reusedetector.format.PageFiles;
import org.reusedetector.index.HashIndex;
import org.reusedetector.index.HashIndexSource;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.SourceRecord;

/** The bounded sources of the batch commands: raw pages (JSONL, WARC) or a hash index, and label files. */
public final class BatchInputs {
    private BatchInputs() {}

    /**
     * A corpus to read: hashed pages from a hash index, or raw page records (exactly one is set).
     *
     * @param indexed hashed pages of a hash index, or {@code null}
     * @param raw raw page records, or {@code null}
     * @param inputBytes bytes of the input files as stored
     * @param htmlBytesEstimate HTML the raw files will yield, estimated (0 for an index): for the progress display
     */
    public record Pages(
            DataStream<HashedPage> indexed, DataStream<SourceRecord> raw, long inputBytes, long htmlBytesEstimate) {

        public boolean index() {
            return indexed != null;
        }
    }

    /** The pages under {@code input}: a hash index, or JSONL/WARC files (WARC payloads above {@code maxBodyBytes} unread). */
    public static Pages pages(StreamExecutionEnvironment env, Path input, int maxBodyBytes) throws IOException {
        if (!Files.exists(input)) {
            throw new IllegalArgumentException("no such file or directory: " + input);
        }
        if (HashIndex.isIndex(input)) {
            List<Path> files = HashIndex.list(input);
            DataStream<HashedPage> hashed = env.fromSource(
                            HashIndexSource.create(FlinkPaths.of(files)),
                            WatermarkStrategy.noWatermarks(),
                            OperatorIds.HASH_INDEX_SOURCE)
                    .uid(OperatorIds.HASH_INDEX_SOURCE);
            return new Pages(hashed, null, PageFiles.totalBytes(files), 0);
        }
        List<Path> files = PageFiles.list(input);
        if (files.isEmpty()) {
            throw new IllegalArgumentException("no JSONL, WARC or hash-index files under " + input);
        }
        DataStream<SourceRecord> raw = env.fromSource(
                        PageFileSource.create(maxBodyBytes, FlinkPaths.of(files)),
                        WatermarkStrategy.noWatermarks(),
                        OperatorIds.PAGE_FILE_SOURCE)
                .uid(OperatorIds.PAGE_FILE_SOURCE);
        return new Pages(null, raw, PageFiles.totalBytes(files), PageFiles.estimateHtmlBytes(files));
    }

    public static DataStream<SourceRecord> labels(StreamExecutionEnvironment env, Path labels, int maxBodyBytes) {
        if (!Files.isRegularFile(labels)) {
            throw new IllegalArgumentException("no such labels file: " + labels);
        }
        return env.fromSource(
                        PageFileSource.create(maxBodyBytes, FlinkPaths.of(List.of(labels))),
                        WatermarkStrategy.noWatermarks(),
                        OperatorIds.LABELS_FILE_SOURCE)
                .uid(OperatorIds.LABELS_FILE_SOURCE);
    }
}
