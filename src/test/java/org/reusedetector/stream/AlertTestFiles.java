package org.reusedetector.stream;

import java.io.BufferedWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.reusedetector.format.Json;
import org.reusedetector.format.JsonLines;
import org.reusedetector.local.KafkaBrokerExtension;
import org.reusedetector.model.Alert;

/** What the signal alert ITCases share: input files written as JSON lines, argument lists, alerts read back. */
final class AlertTestFiles {

    private AlertTestFiles() {}

    /** Writes the lines (gzip if the name ends in .gz) and returns the file. */
    static Path write(Path file, List<String> lines) throws Exception {
        try (BufferedWriter writer = JsonLines.writer(file)) {
            for (String line : lines) {
                writer.write(line);
                writer.newLine();
            }
        }
        return file;
    }

    /**
     * The {@code --set} arguments of a stream on the shared test broker, with topics and group of their own, state under
     * {@code stateDir} and 1 s checkpoints, then each {@code key=value} of {@code extra}.
     */
    static List<String> streamSettings(Path stateDir, String alertsTopic, String... extra) {
        List<String> settings = new ArrayList<>();
        for (String setting : Stream.concat(
                        Stream.of(
                                "kafka.bootstrap-servers=" + KafkaBrokerExtension.bootstrapServers(),
                                "kafka.topics.pages=" + KafkaBrokerExtension.uniqueName("pages"),
                                "kafka.topics.labels=" + KafkaBrokerExtension.uniqueName("labels"),
                                "kafka.topics.alerts=" + alertsTopic,
                                "kafka.topics.dead-letters=" + KafkaBrokerExtension.uniqueName("dead-letters"),
                                "kafka.group-id=" + KafkaBrokerExtension.uniqueName("detector"),
                                "job.state-dir=" + stateDir,
                                "job.checkpoint-interval=1s"),
                        Stream.of(extra))
                .toList()) {
            settings.add("--set");
            settings.add(setting);
        }
        return settings;
    }

    static String[] concat(List<String> a, List<String> b) {
        return Stream.concat(a.stream(), b.stream()).toArray(String[]::new);
    }

    /** An alert record's value; a record that is not an alert fails the test with its text. */
    static Alert read(String json) {
        try {
            return Json.read(json, Alert.class);
        } catch (Exception e) {
            throw new AssertionError(json, e);
        }
    }
}
