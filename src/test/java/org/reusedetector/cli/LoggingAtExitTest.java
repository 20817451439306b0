package org.reusedetector.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * The commands' logging configuration at JVM exit: a logger first asked for by a shutdown hook (as Flink's and Kafka's
 * hooks do while a command ends) still logs, and Log4j prints no warning about its own shutdown hook.
 */
class LoggingAtExitTest {

    /** Logs once, then once more from a shutdown hook, under a logger not asked for before. */
    public static final class LogsDuringShutdown {
        public static void main(String[] args) {
            LoggerFactory.getLogger("org.reusedetector.early").info("started");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    Thread.sleep(300); // after any hook of Log4j's own has run
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                LoggerFactory.getLogger("org.reusedetector.late").info("logged during shutdown");
            }));
        }
    }

    @Test
    void aLoggerAskedForDuringShutdownLogsWithoutALog4jWarning() throws Exception {
        // the commands' configuration, not the tests' (log4j2-test.properties would win on the test class path)
        String configuration =
                Path.of(getClass().getResource("/log4j2.properties").toURI()).toString();
        Process process = new ProcessBuilder(List.of(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        "-Dlog4j2.configurationFile=" + configuration,
                        LogsDuringShutdown.class.getName()))
                .redirectErrorStream(true)
                .start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(output)
                .contains("early - started", "late - logged during shutdown")
                .doesNotContain("Unable to register Log4j shutdown hook");
    }
}
