package org.reusedetector.index;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.reusedetector.format.PageFiles;

/**
 * Hash-index files ({@value #SUFFIX}, see {@link HashIndexFormat}) on disk: one file, or a directory of them
 * such as a {@link HashIndexSink} writes, searched recursively. Hidden files (in-progress part files of the
 * sink, temporary files of {@link HashIndexWriter}) are not part of the index.
 */
public final class HashIndex {

    public static final String SUFFIX = ".rdx";

    private HashIndex() {}

    public static boolean isIndexFile(String fileName) {
        return fileName.endsWith(SUFFIX) && !PageFiles.isHidden(fileName);
    }

    /**
     * Whether {@code path} is a hash index rather than page files: an index file, or a directory with index
     * files and no page files (a directory with both is ambiguous and counts as pages).
     */
    public static boolean isIndex(Path path) throws IOException {
        if (!Files.isDirectory(path)) {
            return Files.isRegularFile(path) && isIndexFile(path.getFileName().toString());
        }
        return !list(path).isEmpty() && PageFiles.list(path).isEmpty();
    }

    /** The index files of {@code path}, sorted: the file itself, or the index files below the directory. */
    public static List<Path> list(Path path) throws IOException {
        if (!Files.exists(path)) {
            throw new NoSuchFileException(path.toString());
        }
        if (!Files.isDirectory(path)) {
            if (!isIndexFile(path.getFileName().toString())) {
                throw new IllegalArgumentException("not a hash-index file (" + SUFFIX + "): " + path);
            }
            return List.of(path);
        }
        try (Stream<Path> walk = Files.walk(path)) {
            return walk.filter(Files::isRegularFile)
                    .filter(file -> PageFiles.isVisible(path, file))
                    .filter(file -> isIndexFile(file.getFileName().toString()))
                    .sorted()
                    .toList();
        }
    }
}
