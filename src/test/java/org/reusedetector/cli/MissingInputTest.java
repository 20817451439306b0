package org.reusedetector.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A mistyped input path is a one-line error naming it, with exit code 2, whichever batch command reads it. */
class MissingInputTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"quilts", "phrases", "near-dups", "detect"})
    void aMissingInputIsOneClearLineAndExitCodeTwo(String command) {
        String missing = dir.resolve("no-such-pages.jsonl.gz").toString();
        String[] args = command.equals("detect")
                ? new String[] {
                    command,
                    "--input",
                    missing,
                    "--labels",
                    missing,
                    "--out",
                    dir.resolve("out").toString()
                }
                : new String[] {
                    command, "--input", missing, "--out", dir.resolve("out").toString()
                };

        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        int exit;
        try {
            exit = Main.run(args);
        } finally {
            System.setErr(err);
        }
        String printed = captured.toString(StandardCharsets.UTF_8);
        assertThat(exit).isEqualTo(2);
        assertThat(printed)
                .contains("error: no such file or directory: " + missing)
                .doesNotContain("Exception")
                .doesNotContain("\tat ");
    }
}
