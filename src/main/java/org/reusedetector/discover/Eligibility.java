package org.reusedetector.discover;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import org.reusedetector.format.Json;
import org.reusedetector.format.JsonLines;
import org.reusedetector.model.HashedPage;
import org.reusedetector.page.HashKey;
import org.reusedetector.page.Sha1;
import org.reusedetector.page.StopChunks;

/**
 * Which chunks and files of a page blind discovery may count (paper §4.4.2): not stop chunks (shorter than
 * the minimum length, or on a stop list) and not excluded after review. A file whose chunks are all stop
 * chunks carries no content of its own (the empty page, a parking placeholder) and is not counted either.
 */
public final class Eligibility {

    private final StopChunks stopChunks;
    private final Set<HashKey> excluded;

    public Eligibility(StopChunks stopChunks, Set<HashKey> excluded) {
        this.stopChunks = stopChunks;
        this.excluded = Collections.unmodifiableSet(excluded);
    }

    public boolean chunk(HashedPage page, int index) {
        return !stopChunks.isStop(page.chunkLengths()[index], page.chunkHashes(), index)
                && (excluded.isEmpty() || !excluded.contains(HashKey.of(page.chunkHashes(), index)));
    }

    public boolean file(HashedPage page) {
        if (!excluded.isEmpty() && excluded.contains(HashKey.of(page.fileHash()))) {
            return false;
        }
        for (int i = 0; i < page.chunkCount(); i++) {
            if (!stopChunks.isStop(page.chunkLengths()[i], page.chunkHashes(), i)) {
                return true;
            }
        }
        return false;
    }

    public int excludedCount() {
        return excluded.size();
    }

    /**
     * Reads hashes to exclude (frequent content judged benign on review): lines whose first field is a
     * 40-hex SHA-1, or JSON lines with a {@code hash} field (so that lines of {@code frequent.jsonl} or a
     * labels file can be pasted in). Blank lines and {@code #} comments are skipped.
     */
    public static Set<HashKey> readExcluded(Path file) {
        Set<HashKey> hashes = new HashSet<>();
        try (BufferedReader reader = JsonLines.reader(file)) {
            String line;
            int number = 0;
            while ((line = reader.readLine()) != null) {
                number++;
                String trimmed = line.strip();
                if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                    continue;
                }
                String hex = trimmed.startsWith("{") ? jsonHash(trimmed) : trimmed.split("[\\s,]", 2)[0];
                try {
                    hashes.add(HashKey.of(Sha1.fromHex(hex.toLowerCase(Locale.ROOT))));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(file + ":" + number + ": " + e.getMessage());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read exclude list " + file, e);
        }
        return hashes;
    }

    private static String jsonHash(String json) {
        try {
            return Json.MAPPER.readTree(json).path("hash").asText("");
        } catch (IOException e) {
            return "";
        }
    }
}
