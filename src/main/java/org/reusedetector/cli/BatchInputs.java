package org.reusedetector.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.reusedetector.connector.PageFileSource;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.DetectionWorkflow;
import org.reusedetector.format.PageFiles;
import org.reusedetector.index.HashIndex;
import org.reusedetector.index.HashIndexSource;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.SourceRecord;

/** What the batch commands read: raw pages (JSONL, WARC) or a hash index, and label files. */
final class BatchInputs {
    private BatchInputs() {}

    /** Hashed pages from a hash index, or from raw pages parsed and hashed by the job's own operator. */
    record Pages(DataStream<HashedPage> hashed, DataStream<SourceRecord> raw, DetectionWorkflow.Parsed parsed, long inputBytes, boolean index,
            long htmlBytesEstimate) {}

    static Pages pages(StreamExecutionEnvironment env, Path input, DetectionSettings settings) throws IOException {
        if (!Files.exists(input)) {
            throw new IllegalArgumentException("no such file or directory: " + input);
        }
        if (HashIndex.isIndex(input)) {
            List<Path> files = HashIndex.list(input);
            DataStream<HashedPage> hashed = env.fromSource(HashIndexSource.create(flinkPaths(files)), WatermarkStrategy.noWatermarks(), "hash-index-source")
                    .uid("hash-index-source");
            return new Pages(hashed, null, null, PageFiles.totalBytes(files), true, 0);
        }
        List<Path> files = PageFiles.list(input);
        if (files.isEmpty()) {
            throw new IllegalArgumentException("no JSONL, WARC or hash-index files under " + input);
        }
        DataStream<SourceRecord> raw = env.fromSource(PageFileSource.create(settings.maxBodyBytes(), flinkPaths(files)),
                WatermarkStrategy.noWatermarks(), "page-file-source").uid("page-file-source");
        DetectionWorkflow.Parsed parsed = DetectionWorkflow.parse(raw, settings);
        return new Pages(parsed.hashedPages(), raw, parsed, PageFiles.totalBytes(files), false, JobProgress.estimateHtmlBytes(files));
    }

    static DataStream<SourceRecord> labels(StreamExecutionEnvironment env, Path labels, DetectionSettings settings) {
        if (!Files.isRegularFile(labels)) {
            throw new IllegalArgumentException("no such labels file: " + labels);
        }
        return env.fromSource(PageFileSource.create(settings.maxBodyBytes(), flinkPaths(List.of(labels))), WatermarkStrategy.noWatermarks(), "labels-file-source").uid("labels-file-source");
    }

    static org.apache.flink.core.fs.Path[] flinkPaths(List<Path> files) {
        return files.stream().map(f -> org.apache.flink.core.fs.Path.fromLocalFile(f.toAbsolutePath().toFile()))
                .toArray(org.apache.flink.core.fs.Path[]::new);
    }

    /** Removes earlier outputs so that the append-only file sinks start empty. */
    static void clear(Path dir, String... names) throws IOException {
        Files.createDirectories(dir);
        for (String name : names) {
            Files.deleteIfExists(dir.resolve(name));
        }
    }
}
