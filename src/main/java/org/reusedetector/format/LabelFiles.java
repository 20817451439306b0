package org.reusedetector.format;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.reusedetector.model.Label;

/** Labels JSONL(.gz) files, as {@code label} and {@code discover} write them and the labels topic carries them. */
public final class LabelFiles {
    private LabelFiles() {}

    public static void write(Path file, Iterable<Label> labels) throws IOException {
        try (BufferedWriter out = JsonLines.writer(file)) {
            for (Label label : labels) {
                out.write(LabelCodec.write(label));
                out.newLine();
            }
        }
    }

    /** Reads a labels file (plain or {@code .gz}); every line is validated. */
    public static List<Label> read(Path file) throws IOException {
        List<Label> labels = new ArrayList<>();
        try (BufferedReader in = JsonLines.reader(file)) {
            String line;
            int number = 0;
            while ((line = in.readLine()) != null) {
                number++;
                if (!line.isBlank()) {
                    try {
                        labels.add(LabelCodec.parse(line));
                    } catch (IllegalArgumentException e) {
                        throw new IOException(file + ":" + number + ": " + e.getMessage(), e);
                    }
                }
            }
        }
        return labels;
    }
}
