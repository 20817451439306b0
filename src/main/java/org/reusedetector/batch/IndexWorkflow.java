package org.reusedetector.batch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.reusedetector.connector.FlinkPaths;
import org.reusedetector.connector.JsonLinesFileSink;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.DetectionWorkflow;
import org.reusedetector.detection.OperatorIds;
import org.reusedetector.index.HashIndex;
import org.reusedetector.index.HashIndexSink;

/** Hashes a corpus once ({@code index}), with the detection's own parse step, into a hash index directory. */
public final class IndexWorkflow {

    /** Records that are not usable pages, in the index directory (hidden from the index by the underscore). */
    public static final String DEAD_LETTERS = "_dead-letters.jsonl";

    private IndexWorkflow() {}

    /** Creates the directory, refusing one that already holds an index, and removes earlier dead letters. */
    public static void prepare(Path dir) throws IOException {
        if (Files.isDirectory(dir) && !HashIndex.list(dir).isEmpty()) {
            // new part files beside old ones would count every page twice in discovery
            throw new IllegalArgumentException(
                    dir + " already holds a hash index: choose another directory or remove it");
        }
        Files.createDirectories(dir);
        Files.deleteIfExists(dir.resolve(DEAD_LETTERS));
    }

    /** The index of raw pages: rolling part files and the dead letters in {@code dir}. */
    public static void toFiles(BatchInputs.Pages pages, DetectionSettings settings, Path dir) {
        if (pages.index()) {
            throw new IllegalArgumentException("the input is already a hash index");
        }
        DetectionWorkflow.Parsed parsed = DetectionWorkflow.parse(pages.raw(), settings, false);
        parsed.hashedPages()
                .sinkTo(HashIndexSink.create(FlinkPaths.of(dir)))
                .uid(OperatorIds.HASH_INDEX_SINK)
                .name(OperatorIds.HASH_INDEX_SINK);
        JsonLinesFileSink.writeTo(parsed.deadLetters(), dir.resolve(DEAD_LETTERS), OperatorIds.DEAD_LETTERS_FILE_SINK);
    }
}
