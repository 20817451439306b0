package org.reusedetector.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.index.HashIndex;
import org.reusedetector.index.HashIndexReader;
import org.reusedetector.model.HashedPage;
import org.reusedetector.page.HashKey;

class SyntheticIndexTest {

    private static Map<HashKey, Set<String>> hostsPerHash(Path dir, long[] chunks) throws Exception {
        Map<HashKey, Set<String>> hosts = new HashMap<>();
        for (Path file : HashIndex.list(dir)) {
            try (HashIndexReader reader = HashIndexReader.open(file)) {
                while (reader.hasNext()) {
                    HashedPage page = reader.next();
                    String host = java.net.URI.create(page.url()).getHost();
                    for (int i = 0; i < page.chunkCount(); i++) {
                        hosts.computeIfAbsent(HashKey.of(page.chunkHashes(), i), k -> new HashSet<>())
                                .add(host);
                        chunks[0]++;
                    }
                }
            }
        }
        return hosts;
    }

    @Test
    void writesWhatItSaysWithUniqueTemplateAndReusedChunks(@TempDir Path dir) throws Exception {
        SyntheticIndex.Written written = SyntheticIndex.write(dir, 20_000, 40, 2, 1);
        assertThat(HashIndex.list(dir)).hasSize(2);
        long[] chunks = {0};
        Map<HashKey, Set<String>> hosts = hostsPerHash(dir, chunks);
        assertThat(chunks[0]).isEqualTo(written.chunkHashes()).isGreaterThanOrEqualTo(15_000);
        assertThat(written.pages()).isEqualTo(500);
        long onOneHost = hosts.values().stream().filter(s -> s.size() == 1).count();
        long onSeveral = hosts.size() - onOneHost;
        assertThat(onOneHost).as("unique and template chunks").isGreaterThan(chunks[0] / 2);
        assertThat(onSeveral)
                .as("reused chunks: most of the pool of pages / 10")
                .isBetween(25L, 50L);
        assertThat(written.bytes())
                .isEqualTo(HashIndex.list(dir).stream()
                        .mapToLong(f -> f.toFile().length())
                        .sum());
    }

    @Test
    void theSameSeedWritesTheSameIndex(@TempDir Path dir) throws Exception {
        SyntheticIndex.write(Files.createDirectories(dir.resolve("a")), 2_000, 10, 1, 7);
        SyntheticIndex.write(Files.createDirectories(dir.resolve("b")), 2_000, 10, 1, 7);
        SyntheticIndex.write(Files.createDirectories(dir.resolve("c")), 2_000, 10, 1, 8);
        List<Path> a = HashIndex.list(dir.resolve("a"));
        assertThat(Files.readAllBytes(a.get(0)))
                .isEqualTo(Files.readAllBytes(HashIndex.list(dir.resolve("b")).get(0)))
                .isNotEqualTo(
                        Files.readAllBytes(HashIndex.list(dir.resolve("c")).get(0)));
    }
}
