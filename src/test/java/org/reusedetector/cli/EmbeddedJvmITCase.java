package org.reusedetector.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code java -jar ... stream} on the embedded default runs in a child JVM with a sized heap, or in its own with -Xmx. */
class EmbeddedJvmITCase {

    @TempDir
    Path work;

    @Test
    void theEmbeddedDefaultRunsInASizedJvmUnlessTheHeapIsSet() throws Exception {
        String sized = run(List.of());
        assertThat(sized).contains("Embedded default: a JVM with a heap of").contains("Done in");
        String own = run(List.of("-Xmx700m"));
        assertThat(own).doesNotContain("Embedded default: a JVM").contains("Done in");
    }

    private String run(List<String> jvmFlags) throws Exception {
        Path jar = Path.of("target", "reuse-detector.jar");
        assertThat(jar).as("the packaged jar (mvn verify packages it first)").exists();
        String java = ProcessHandle.current().info().command().orElse("java");
        Path dir = Files.createTempDirectory(work, "run");
        List<String> command = new java.util.ArrayList<>();
        command.add(java);
        command.addAll(jvmFlags);
        command.addAll(List.of(
                "-jar",
                jar.toString(),
                "stream",
                "--bounded",
                "--no-sample",
                "--set",
                "embedded.kafka-port=0",
                "--set",
                "embedded.data-dir=" + dir.resolve("kafka"),
                "--set",
                "job.state-dir=" + dir.resolve("flink")));
        Path output = dir.resolve("output.txt");
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("the run ends").isTrue();
        String text = Files.readString(output, StandardCharsets.UTF_8);
        assertThat(process.exitValue()).as(text).isZero();
        return text;
    }
}
