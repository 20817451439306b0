package org.reusedetector.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The JSONL(.gz) files a command's {@code --input} names: the file itself, or those under a directory. */
final class InputFiles {
    private InputFiles() {}

    static List<Path> list(Path input) throws IOException {
        if (!Files.exists(input)) {
            throw new IllegalArgumentException("no such file or directory: " + input);
        }
        if (Files.isRegularFile(input)) {
            return List.of(input);
        }
        try (Stream<Path> files = Files.walk(input)) {
            return files.filter(Files::isRegularFile)
                    .filter(p -> p.getFileName().toString().matches(".*\\.jsonl?(\\.gz)?$"))
                    .sorted()
                    .toList();
        }
    }
}
