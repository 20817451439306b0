package org.reusedetector.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.java.typeutils.PojoTypeInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.model.HashedPage;

class HashIndexFilesTest {

    @TempDir
    Path dir;

    static List<HashedPage> pages(int n, long seed) {
        List<HashedPage> pages = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            pages.add(HashIndexFormatTest.page(
                    "https://h" + (i % 7) + ".example/p/" + i + ".html", 1_700_000_000_000L + i, i % 60, seed + i));
        }
        return pages;
    }

    static List<HashedPage> read(Path file) throws IOException {
        List<HashedPage> out = new ArrayList<>();
        try (HashIndexReader reader = HashIndexReader.open(file)) {
            reader.forEachRemaining(out::add);
        }
        return out;
    }

    @Test
    void writesAFileThatAppearsOnlyWhenClosed() throws Exception {
        Path file = dir.resolve("sub/index.rdx");
        List<HashedPage> pages = pages(500, 1);
        HashIndexWriter writer = new HashIndexWriter(file);
        for (HashedPage page : pages) {
            writer.write(page);
        }
        assertThat(file).doesNotExist();
        assertThat(HashIndex.list(dir)).isEmpty(); // the in-progress file is hidden
        writer.close();

        assertThat(writer.pages()).isEqualTo(500);
        assertThat(writer.bytes()).isEqualTo(Files.size(file));
        HashIndexFormatTest.assertSamePages(read(file), pages);
        assertThat(Files.list(file.getParent())).containsExactly(file);
    }

    @Test
    void aFailedWriteLeavesNothing() throws Exception {
        Path file = dir.resolve("index.rdx");
        HashIndexWriter writer = new HashIndexWriter(file);
        writer.write(pages(1, 2).get(0));
        assertThatThrownBy(() -> writer.write(new HashedPage("u", 0, new byte[20], new byte[1], new int[1], 0)))
                .isInstanceOf(IllegalArgumentException.class);
        writer.close();
        assertThat(Files.list(dir)).isEmpty();
    }

    @Test
    void emptyIndexFileHasOnlyItsHeader() throws Exception {
        Path file = dir.resolve("empty.rdx");
        new HashIndexWriter(file).close();
        assertThat(Files.size(file)).isEqualTo(HashIndexFormat.HEADER_LENGTH);
        assertThat(read(file)).isEmpty();
    }

    @Test
    void indexFileNamesAndDirectories() throws Exception {
        assertThatThrownBy(() -> new HashIndexWriter(dir.resolve("index.bin")))
                .isInstanceOf(IllegalArgumentException.class);
        Path index = dir.resolve("index");
        for (String name :
                List.of("b/part-1.rdx", "a.rdx", ".part-2.rdx.inprogress.123", "_tmp/x.rdx", "b/.hidden.rdx")) {
            Files.createDirectories(index.resolve(name).getParent());
            Files.write(index.resolve(name), new byte[] {'R', 'D', 'X', 'I', 1});
        }
        assertThat(HashIndex.list(index)).containsExactly(index.resolve("a.rdx"), index.resolve("b/part-1.rdx"));
        assertThat(HashIndex.isIndex(index)).isTrue();
        assertThat(HashIndex.isIndex(index.resolve("a.rdx"))).isTrue();
        assertThat(HashIndex.list(index.resolve("a.rdx"))).containsExactly(index.resolve("a.rdx"));

        Path pages = dir.resolve("pages");
        Files.createDirectories(pages);
        Files.writeString(pages.resolve("p.jsonl"), "{}\n");
        assertThat(HashIndex.isIndex(pages)).isFalse();
        new HashIndexWriter(pages.resolve("x.rdx")).close();
        assertThat(HashIndex.isIndex(pages))
                .as("page files and index files: pages")
                .isFalse();
        assertThat(HashIndex.isIndex(pages.resolve("p.jsonl"))).isFalse();
    }

    @Test
    void hashedPageIsAPojo() {
        assertThat(HashIndexSource.TYPE).isInstanceOf(PojoTypeInfo.class);
    }
}
