package org.reusedetector.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RetainedCheckpointsTest {

    @TempDir
    Path dir;

    private Path checkpoint(String job, int n, long modifiedMillis, boolean complete) throws Exception {
        Path chk = Files.createDirectories(dir.resolve(job).resolve("chk-" + n));
        if (complete) {
            Path metadata = Files.writeString(chk.resolve(RetainedCheckpoints.METADATA), "x");
            Files.setLastModifiedTime(metadata, FileTime.fromMillis(modifiedMillis));
        }
        return chk;
    }

    @Test
    void theNewestCompleteCheckpointOfAnyJobWins() throws Exception {
        assertThat(RetainedCheckpoints.latest(dir.resolve("missing"))).isEmpty();
        assertThat(RetainedCheckpoints.latest(dir)).isEmpty();
        checkpoint("job-a", 7, 1_000, true);
        Path newest = checkpoint("job-b", 2, 5_000, true);
        checkpoint("job-b", 3, 9_000, false); // being written when the process died: no metadata
        Files.createDirectories(dir.resolve("job-b/shared"));
        Files.createDirectories(dir.resolve("job-b/taskowned"));
        assertThat(RetainedCheckpoints.latest(dir)).contains(newest);
    }
}
