package org.reusedetector.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.model.SourceRecord;

public class PageFilesTest {

    @TempDir
    Path dir;

    public static final String PAGE_A =
            "{\"url\":\"https://a.example/\",\"fetched_at\":\"2024-01-01T00:00:00Z\",\"body\":\"<p>a</p>\"}";
    public static final String PAGE_B =
            "{\"url\":\"https://b.example/\",\"fetched_at\":\"2024-01-01T00:00:01Z\",\"body\":\"<p>b</p>\"}";

    public static void writeJsonl(Path file, String... lines) throws IOException {
        try (BufferedWriter out = JsonLines.writer(file)) {
            for (String line : lines) {
                out.write(line);
                out.write('\n');
            }
        }
    }

    @Test
    void kindsBySuffix() {
        assertThat(PageFiles.kind("pages.jsonl")).contains(PageFiles.Kind.JSONL);
        assertThat(PageFiles.kind("pages.JSONL.GZ")).contains(PageFiles.Kind.JSONL);
        assertThat(PageFiles.kind("CC-MAIN-2024.warc.gz")).contains(PageFiles.Kind.WARC);
        assertThat(PageFiles.kind("x.warc")).contains(PageFiles.Kind.WARC);
        assertThat(PageFiles.kind("truth.json")).isEmpty();
        assertThat(PageFiles.kind("part-0.rdx")).isEmpty();
        assertThat(PageFiles.kind("x.warc.gz.tmp")).isEmpty();
    }

    @Test
    void directoriesAreSearchedRecursivelyInSortedOrderSkippingHiddenAndForeignFiles() throws Exception {
        writeJsonl(dir.resolve("b.jsonl.gz"), PAGE_B);
        writeJsonl(dir.resolve("a.jsonl"), PAGE_A);
        Files.createDirectories(dir.resolve("sub/deeper"));
        WarcFixture.writeStandard(dir.resolve("sub/deeper/c.warc.gz"));
        Files.writeString(dir.resolve("truth.json"), "{}");
        Files.writeString(dir.resolve(".a.jsonl.inprogress"), PAGE_A);
        writeJsonl(dir.resolve("_tmp.jsonl"), PAGE_A);
        Files.createDirectories(dir.resolve(".hidden"));
        writeJsonl(dir.resolve(".hidden/d.jsonl"), PAGE_A);

        List<Path> files = PageFiles.list(dir);

        assertThat(files)
                .containsExactly(
                        dir.resolve("a.jsonl"), dir.resolve("b.jsonl.gz"), dir.resolve("sub/deeper/c.warc.gz"));
        assertThat(PageFiles.totalBytes(files))
                .isEqualTo(Files.size(files.get(0)) + Files.size(files.get(1)) + Files.size(files.get(2)));
    }

    @Test
    void aSingleFileIsItsOwnList() throws Exception {
        Path file = dir.resolve("a.jsonl");
        writeJsonl(file, PAGE_A);
        assertThat(PageFiles.list(file)).containsExactly(file);
        Path other = Files.writeString(dir.resolve("truth.json"), "{}");
        assertThatThrownBy(() -> PageFiles.list(other))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a page file");
        assertThatThrownBy(() -> PageFiles.list(dir.resolve("nothing"))).isInstanceOf(NoSuchFileException.class);
    }

    @Test
    void opensJsonlAndWarcAlikeAndCountsTheBytesRead() throws Exception {
        Path jsonl = dir.resolve("a.jsonl.gz");
        writeJsonl(jsonl, PAGE_A, "", PAGE_B);
        Path warc = dir.resolve("c.warc.gz");
        WarcFixture.writeStandard(warc);

        AtomicLong jsonlBytes = new AtomicLong();
        List<SourceRecord> fromJsonl = WarcPagesTest.readAll(PageFiles.open(jsonl, 1000, jsonlBytes::addAndGet));
        assertThat(fromJsonl)
                .containsExactly(new SourceRecord(PAGE_A, "a.jsonl.gz:1"), new SourceRecord(PAGE_B, "a.jsonl.gz:3"));
        assertThat(jsonlBytes.get()).isEqualTo(Files.size(jsonl));

        AtomicLong warcBytes = new AtomicLong();
        List<SourceRecord> fromWarc = WarcPagesTest.readAll(PageFiles.open(warc, 1000, warcBytes::addAndGet));
        assertThat(fromWarc).hasSize(8).allSatisfy(r -> assertThat(r.origin()).startsWith("c.warc.gz:"));
        assertThat(warcBytes.get()).isEqualTo(Files.size(warc));
        assertThat(WarcPagesTest.readAll(PageFiles.open(warc, 4 << 20))).isEqualTo(fromWarc);
    }

    @Test
    void openingAForeignFileFails() throws Exception {
        Path other = Files.writeString(dir.resolve("truth.json"), "{}");
        assertThatThrownBy(() -> PageFiles.open(other, 4 << 20)).isInstanceOf(IllegalArgumentException.class);
    }
}
