package org.reusedetector.stream;

import java.io.BufferedWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.reusedetector.format.Json;
import org.reusedetector.format.JsonLines;
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
