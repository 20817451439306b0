package org.reusedetector.index;

import java.io.IOException;
import org.apache.flink.connector.file.sink.FileSink;
import org.apache.flink.core.fs.Path;
import org.apache.flink.streaming.api.functions.sink.filesystem.OutputFileConfig;
import org.apache.flink.streaming.api.functions.sink.filesystem.PartFileInfo;
import org.apache.flink.streaming.api.functions.sink.filesystem.bucketassigners.BasePathBucketAssigner;
import org.apache.flink.streaming.api.functions.sink.filesystem.rollingpolicies.CheckpointRollingPolicy;
import org.reusedetector.model.HashedPage;

/**
 * The hash index as a Flink {@code FileSink}: part files {@code part-<uuid>-<n>.rdx} (a UUID per writing
 * subtask) in one directory, exactly once. A part file is committed at a checkpoint (in STREAMING mode; at the end of input
 * in BATCH mode) and rolled at every checkpoint or when it reaches {@code maxPartBytes}, so a streaming job
 * writes the index continuously and readers see whole files only (in-progress files are hidden).
 */
public final class HashIndexSink {

    /** Part files of about this size: big enough to read at full speed, small enough to spread over readers. */
    public static final long DEFAULT_MAX_PART_BYTES = 128L << 20;

    private HashIndexSink() {}

    public static FileSink<HashedPage> create(Path directory) {
        return create(directory, DEFAULT_MAX_PART_BYTES);
    }

    public static FileSink<HashedPage> create(Path directory, long maxPartBytes) {
        return FileSink.forBulkFormat(directory, HashIndexBulkWriter.factory())
                .withBucketAssigner(new BasePathBucketAssigner<>())
                .withRollingPolicy(new RollOnCheckpointOrSize(maxPartBytes))
                .withOutputFileConfig(OutputFileConfig.builder()
                        .withPartPrefix("part")
                        .withPartSuffix(HashIndex.SUFFIX)
                        .build())
                .build();
    }

    /** Rolls at checkpoints (required of bulk formats) and at a size. */
    static final class RollOnCheckpointOrSize extends CheckpointRollingPolicy<HashedPage, String> {
        private final long maxPartBytes;

        RollOnCheckpointOrSize(long maxPartBytes) {
            if (maxPartBytes <= 0) {
                throw new IllegalArgumentException("maxPartBytes must be positive: " + maxPartBytes);
            }
            this.maxPartBytes = maxPartBytes;
        }

        @Override
        public boolean shouldRollOnEvent(PartFileInfo<String> partFile, HashedPage element) throws IOException {
            return partFile.getSize() >= maxPartBytes;
        }

        @Override
        public boolean shouldRollOnProcessingTime(PartFileInfo<String> partFile, long currentTime) {
            return false;
        }
    }
}
