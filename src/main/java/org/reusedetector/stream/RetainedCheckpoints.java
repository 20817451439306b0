package org.reusedetector.stream;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The checkpoints a stopped or crashed job left under the state directory ({@code <dir>/<job id>/chk-<n>/_metadata}),
 * so that the next start of {@code stream} resumes from the newest one instead of losing its neighbourhood state.
 */
public final class RetainedCheckpoints {
    private RetainedCheckpoints() {}

    public static final String METADATA = "_metadata";

    /** The newest complete checkpoint under the directory, if any. */
    public static Optional<Path> latest(Path checkpointsDir) throws IOException {
        if (!Files.isDirectory(checkpointsDir)) {
            return Optional.empty();
        }
        try (Stream<Path> jobs = Files.list(checkpointsDir)) {
            return jobs.filter(Files::isDirectory)
                    .flatMap(RetainedCheckpoints::checkpointsOf)
                    .filter(chk -> Files.isRegularFile(chk.resolve(METADATA)))
                    .max(Comparator.comparing(RetainedCheckpoints::modified));
        }
    }

    private static Stream<Path> checkpointsOf(Path jobDir) {
        try (Stream<Path> entries = Files.list(jobDir)) {
            return entries.filter(p -> p.getFileName().toString().startsWith("chk-")).toList().stream();
        } catch (IOException e) {
            return Stream.empty();
        }
    }

    private static FileTime modified(Path checkpoint) {
        try {
            return Files.getLastModifiedTime(checkpoint.resolve(METADATA));
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }
}
