package org.reusedetector.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedWriter;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.common.IsolationLevel;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.cli.Main;
import org.reusedetector.detection.DetectionWorkflowITCase;
import org.reusedetector.format.Json;
import org.reusedetector.format.JsonLines;
import org.reusedetector.kafka.KafkaConnection;
import org.reusedetector.kafka.KafkaTopics;
import org.reusedetector.kafka.TopicSpec;
import org.reusedetector.local.EmbeddedKafkaBroker;
import org.reusedetector.local.TopicContents;
import org.reusedetector.model.Alert;
import org.reusedetector.model.AlertType;
import org.reusedetector.model.DeadLetter;
import org.reusedetector.model.SourceRecord;

/**
 * The stream against a broker whose client listener takes SASL/PLAIN only: {@code kafka.properties.*} reach
 * every client the command uses (admin, label publisher, replayer, the job's sources and sinks), the job gives
 * its alerts and dead letters, and the password appears in no log line of the run (every logger at INFO or
 * finer is captured, and so are standard output and standard error).
 */
class SecuredKafkaITCase {

    @TempDir
    Path dir;

    @Test
    void theStreamRunsOverSaslPlainAndNeverLogsThePassword() throws Exception {
        String password = "pw-" + UUID.randomUUID();
        String jaas =
                "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"detector\" password=\""
                        + password + "\"";
        Map<String, Object> broker = Map.of(
                "listener.security.protocol.map",
                "EXTERNAL:PLAINTEXT,CONTROLLER:PLAINTEXT," + EmbeddedKafkaBroker.CLIENT_LISTENER + ":SASL_PLAINTEXT",
                "sasl.enabled.mechanisms",
                "PLAIN",
                "listener.name.local.sasl.enabled.mechanisms",
                "PLAIN",
                "listener.name.local.plain.sasl.jaas.config",
                "org.apache.kafka.common.security.plain.PlainLoginModule required user_detector=\"" + password + "\";");
        Map<String, String> client = Map.of(
                "security.protocol", "SASL_PLAINTEXT", "sasl.mechanism", "PLAIN", "sasl.jaas.config", jaas + ";");

        List<String> captured = Collections.synchronizedList(new ArrayList<>());
        try (LogCapture logs = LogCapture.start(captured);
                EmbeddedKafkaBroker kafka = EmbeddedKafkaBroker.start(0, null, broker)) {
            String bootstrap = kafka.bootstrapServers();
            // the listener is secured: a client without credentials gets nowhere
            assertThatThrownBy(() -> KafkaTopics.ensure(
                            bootstrap,
                            List.of(new TopicSpec("anonymous", 1, (short) 1, Map.of())),
                            Duration.ofSeconds(5)))
                    .isInstanceOf(IllegalStateException.class);

            Path pages = dir.resolve("pages.jsonl.gz");
            write(pages, DetectionWorkflowITCase.corpus());
            Path labels = dir.resolve("labels.jsonl");
            write(
                    labels,
                    DetectionWorkflowITCase.labels().stream()
                            .filter(r -> r.value().contains("\"kind\""))
                            .toList());
            List<String> args = new ArrayList<>(List.of(
                    "stream",
                    "--bounded",
                    "--replay",
                    pages.toString(),
                    "--labels",
                    labels.toString(),
                    "--set",
                    "kafka.bootstrap-servers=" + bootstrap,
                    "--set",
                    "job.state-dir=" + dir.resolve("state"),
                    "--set",
                    "job.checkpoint-interval=1s",
                    "--set",
                    "job.status-interval=1s",
                    "--set",
                    "neighborhood.min-neighborhoods=12"));
            client.forEach((k, v) -> args.addAll(List.of("--set", "kafka.properties." + k + "=" + v)));

            int exit;
            try (StandardStreamsCapture streams = StandardStreamsCapture.start(captured)) {
                exit = Main.run(args.toArray(String[]::new));
            }
            assertThat(exit).isZero();

            List<Alert> alerts =
                    TopicContents.readAll(bootstrap, client, "alerts", IsolationLevel.READ_COMMITTED).stream()
                            .map(r -> read(r.value(), Alert.class))
                            .toList();
            assertThat(alerts).filteredOn(a -> a.type() == AlertType.PAGE).hasSize(6);
            assertThat(alerts)
                    .filteredOn(a -> a.type() == AlertType.NEIGHBORHOOD)
                    .extracting(Alert::prefix)
                    .containsExactlyInAnyOrder("https://copy.example/", "https://copy.example/docs/");
            List<DeadLetter> dead =
                    TopicContents.readAll(bootstrap, client, "dead-letters", IsolationLevel.READ_COMMITTED).stream()
                            .map(r -> read(r.value(), DeadLetter.class))
                            .toList();
            assertThat(dead)
                    .extracting(DeadLetter::reason)
                    .containsExactlyInAnyOrder("invalid-json", "missing-field", "invalid-url", "not-html");
        }
        // the capture saw the run (so that its silence about the password means something) ...
        assertThat(captured)
                .anyMatch(line -> line.contains("Kafka client properties") && line.contains(KafkaConnection.REDACTED))
                .anyMatch(line -> line.contains("Status:"))
                .anyMatch(line -> line.contains("Label snapshot"))
                .hasSizeGreaterThan(200);
        // ... and no line of it holds the password
        assertThat(captured).noneMatch(line -> line.contains(password));
    }

    private static void write(Path file, List<SourceRecord> records) throws Exception {
        try (BufferedWriter writer = JsonLines.writer(file)) {
            for (SourceRecord record : records) {
                writer.write(record.value());
                writer.newLine();
            }
        }
    }

    private static <T> T read(String json, Class<T> type) {
        try {
            return Json.read(json, type);
        } catch (Exception e) {
            throw new AssertionError(json, e);
        }
    }

    /** Every log event of every logger at INFO or finer, formatted with its exception chain, for the duration. */
    private static final class LogCapture implements AutoCloseable {
        private static final List<String> VERBOSE = List.of(
                "", "org.apache.kafka", "kafka", "org.apache.flink", "org.reusedetector", "state.change.logger");
        private final LoggerContext context;
        private final AbstractAppender appender;
        private final Map<String, Level> previous = new java.util.HashMap<>();

        private LogCapture(LoggerContext context, AbstractAppender appender) {
            this.context = context;
            this.appender = appender;
        }

        static LogCapture start(List<String> into) {
            LoggerContext context = (LoggerContext) LogManager.getContext(false);
            AbstractAppender appender = new AbstractAppender("secret-check", null, null, true, Property.EMPTY_ARRAY) {
                @Override
                public void append(LogEvent event) {
                    StringBuilder line = new StringBuilder(event.getLoggerName())
                            .append(' ')
                            .append(event.getMessage().getFormattedMessage());
                    for (Throwable t = event.getThrown(); t != null; t = t.getCause()) {
                        line.append(" | ").append(t);
                    }
                    into.add(line.toString());
                }
            };
            appender.start();
            LogCapture capture = new LogCapture(context, appender);
            Configuration config = context.getConfiguration();
            config.addAppender(appender);
            for (String name : VERBOSE) {
                LoggerConfig logger = config.getLoggerConfig(name);
                if (!logger.getName().equals(name)) { // no logger of that name configured: capture through the root
                    continue;
                }
                capture.previous.put(name, logger.getLevel());
                logger.setLevel(Level.INFO);
            }
            config.getLoggers().values().forEach(logger -> logger.addAppender(appender, Level.ALL, null));
            config.getRootLogger().addAppender(appender, Level.ALL, null);
            context.updateLoggers();
            return capture;
        }

        @Override
        public void close() {
            Configuration config = context.getConfiguration();
            config.getLoggers().values().forEach(logger -> logger.removeAppender(appender.getName()));
            config.getRootLogger().removeAppender(appender.getName());
            previous.forEach((name, level) -> config.getLoggerConfig(name).setLevel(level));
            context.updateLoggers();
            appender.stop();
        }
    }

    /** Standard output and error, line by line, still shown as they are written. */
    private static final class StandardStreamsCapture implements AutoCloseable {
        private final PrintStream out = System.out;
        private final PrintStream err = System.err;

        static StandardStreamsCapture start(List<String> into) {
            StandardStreamsCapture capture = new StandardStreamsCapture();
            System.setOut(new PrintStream(new Tee(capture.out, into), true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(new Tee(capture.err, into), true, StandardCharsets.UTF_8));
            return capture;
        }

        @Override
        public void close() {
            System.setOut(out);
            System.setErr(err);
        }
    }

    private static final class Tee extends OutputStream {
        private final OutputStream shown;
        private final List<String> lines;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();

        Tee(OutputStream shown, List<String> lines) {
            this.shown = shown;
            this.lines = lines;
        }

        @Override
        public synchronized void write(int b) throws java.io.IOException {
            shown.write(b);
            if (b == '\n') {
                lines.add(line.toString(StandardCharsets.UTF_8));
                line.reset();
            } else {
                line.write(b);
            }
        }
    }
}
