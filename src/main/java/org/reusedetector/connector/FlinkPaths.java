package org.reusedetector.connector;

import java.nio.file.Path;
import java.util.List;

/** Local files as Flink paths: Flink's file sources and sinks take their own {@code Path} type. */
public final class FlinkPaths {
    private FlinkPaths() {}

    public static org.apache.flink.core.fs.Path of(Path file) {
        return org.apache.flink.core.fs.Path.fromLocalFile(file.toAbsolutePath().toFile());
    }

    public static org.apache.flink.core.fs.Path[] of(List<Path> files) {
        return files.stream().map(FlinkPaths::of).toArray(org.apache.flink.core.fs.Path[]::new);
    }
}
