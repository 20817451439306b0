package org.reusedetector.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.model.HashedPage;

class StopChunksTest {

    private static final HtmlChunker TEXT = new HtmlChunker(Set.of("p", "div"), ContentForm.TEXT);
    private static final HtmlChunker HTML = new HtmlChunker(Set.of("p", "div"), ContentForm.HTML);

    /** One row of the shipped list: the published hash and the raw chunk. */
    record Row(String sha1, String chunk) {}

    static List<Row> defaultRows() throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<Row> rows = new ArrayList<>();
        try (InputStream in = StopChunks.class.getResourceAsStream(StopChunks.DEFAULT_RESOURCE)) {
            assertThat(in)
                    .as("shipped resource %s", StopChunks.DEFAULT_RESOURCE)
                    .isNotNull();
            String[] lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n");
            assertThat(lines[0]).startsWith("sha1\tchunk_json\t");
            for (int i = 1; i < lines.length; i++) {
                if (lines[i].isBlank()) {
                    continue;
                }
                String[] fields = lines[i].split("\t");
                assertThat(fields).as("row %d", i).hasSizeGreaterThanOrEqualTo(5);
                rows.add(new Row(fields[0], json.readValue(fields[1], String.class)));
            }
        }
        return rows;
    }

    private static Path extraList() throws URISyntaxException {
        return Path.of(StopChunksTest.class
                .getResource("/stop-chunks/extra-stop-list.tsv")
                .toURI());
    }

    private static HashKey key(String text) {
        return HashKey.of(Sha1.of(text));
    }

    @Test
    void everyPublishedHashIsSha1OfTheRawChunkBytes() throws IOException {
        List<Row> rows = defaultRows();
        assertThat(rows).hasSizeGreaterThanOrEqualTo(10);
        for (Row row : rows) {
            assertThat(Sha1.hex(Sha1.of(row.chunk()))).as("row %s", row.chunk()).isEqualTo(row.sha1());
        }
    }

    @Test
    void defaultListInTextFormHoldsTheNormalisedTextForms() throws IOException {
        StopChunks stop = StopChunks.load(0, TEXT, true, null);
        Set<HashKey> expected = new HashSet<>();
        for (Row row : defaultRows()) {
            TEXT.chunkFragment(row.chunk()).forEach(chunk -> expected.add(key(chunk)));
        }
        assertThat(stop.size()).isEqualTo(expected.size());
        expected.forEach(k -> assertThat(stop.isStopHash(k)).isTrue());
        // <p>&nbsp;</p> and its kin normalise to nothing in text form: nothing to list, and nothing that
        // would match the empty string
        assertThat(TEXT.chunkFragment("<p>&nbsp;</p>\r\n")).isEmpty();
        assertThat(stop.isStopHash(key(""))).isFalse();
        assertThat(stop.isStopHash(key(" "))).isFalse();
        // the raw published hashes are of bytes a normalising chunker never produces
        assertThat(stop.isStopHash(HashKey.ofHex("516209366e42307b3fd5bf26bad6634054ba92ba")))
                .isFalse();
    }

    @Test
    void defaultListInHtmlFormHoldsTheNormalisedMarkup() throws IOException {
        StopChunks stop = StopChunks.load(0, HTML, true, null);
        Set<HashKey> expected = new HashSet<>();
        List<Row> rows = defaultRows();
        for (Row row : rows) {
            List<String> chunks = HTML.chunkFragment(row.chunk());
            assertThat(chunks).as("row %s", row.chunk()).isNotEmpty();
            chunks.forEach(chunk -> expected.add(key(chunk)));
        }
        assertThat(stop.size()).isEqualTo(expected.size()).isGreaterThan(10).isLessThan(rows.size());
        expected.forEach(k -> assertThat(stop.isStopHash(k)).isTrue());
        // rows "<p>&nbsp;</p>\r\n", "<P>&nbsp;</P>\n\n", "<p>&#160;</p>" all become one normalised chunk
        assertThat(stop.isStopHash(key("<p>&nbsp;</p>"))).isTrue();
        assertThat(stop.isStopHash(key("<p></p>"))).isTrue();
        assertThat(stop.isStopHash(key("<p align=\"center\">&nbsp;</p>"))).isTrue();
        assertThat(stop.isStopHash(key("<p class=\"MsoNormal\">&nbsp;</p>"))).isTrue();
        // "<p>&nbsp;</p>\r\n" as published is not a normalised chunk
        assertThat(stop.isStopHash(HashKey.ofHex("516209366e42307b3fd5bf26bad6634054ba92ba")))
                .isFalse();
        assertThat(stop.isStopHash(key("<p>real words</p>"))).isFalse();
    }

    @Test
    void chunksOfARealPageMatchTheHtmlFormList() {
        StopChunks stop = StopChunks.load(0, HTML, true, null);
        String body =
                "<html><body><p>Some real content here</p>\r\n<P ALIGN=\"center\">&nbsp;</P>\r\n<p>&#160;</p>\n</body></html>";
        HashedPage page = new PageHasher(HTML).hash("http://a.org/", 0L, body);
        assertThat(page.chunkCount()).isEqualTo(3);
        assertThat(stop.isStop(page.chunkLengths()[0], page.chunkHashes(), 0)).isFalse();
        assertThat(stop.isStop(page.chunkLengths()[1], page.chunkHashes(), 1)).isTrue();
        assertThat(stop.isStop(page.chunkLengths()[2], page.chunkHashes(), 2)).isTrue();
    }

    @Test
    void minLengthRule() {
        StopChunks stop = new StopChunks(100, Set.of());
        byte[] packed = Sha1.of("anything");
        assertThat(stop.minLength()).isEqualTo(100);
        assertThat(stop.isStop(0, packed, 0)).isTrue();
        assertThat(stop.isStop(99, packed, 0)).isTrue();
        assertThat(stop.isStop(100, packed, 0)).isFalse();
        assertThat(stop.isStop(5000, packed, 0)).isFalse();
    }

    @Test
    void listedHashIsStopWhateverItsLength() {
        byte[] packed = new byte[40];
        System.arraycopy(Sha1.of("other"), 0, packed, 0, 20);
        System.arraycopy(Sha1.of("listed"), 0, packed, 20, 20);
        StopChunks stop = new StopChunks(10, Set.of(key("listed")));
        assertThat(stop.isStop(500, packed, 1)).isTrue();
        assertThat(stop.isStop(500, packed, 0)).isFalse();
        assertThat(stop.isStop(9, packed, 0)).isTrue();
        assertThat(stop.size()).isEqualTo(1);
    }

    @Test
    void noneStopsNothing() {
        StopChunks none = StopChunks.none();
        assertThat(none.size()).isZero();
        assertThat(none.minLength()).isZero();
        assertThat(none.isStop(0, Sha1.of(""), 0)).isFalse();
        assertThat(none.isStopHash(key(""))).isFalse();
    }

    @Test
    void extraListWithBareHashesAndRawChunks() throws Exception {
        StopChunks stop = StopChunks.load(0, TEXT, false, extraList());
        assertThat(stop.isStopHash(key("Bare hash one"))).isTrue();
        assertThat(stop.isStopHash(key("Bare hash two"))).isTrue(); // upper case, padded with spaces
        assertThat(stop.isStopHash(key("Bare hash three"))).isTrue(); // hash with a note
        // raw chunks are normalised into the chunker's form and hashed again; their published hash is not used
        assertThat(stop.isStopHash(key("Powered by Example CMS"))).isTrue();
        assertThat(stop.isStopHash(key("Home | About"))).isTrue();
        assertThat(stop.isStopHash(HashKey.ofHex("0000000000000000000000000000000000000000")))
                .isFalse();
        assertThat(stop.isStopHash(HashKey.ofHex("ae314592742af0b8f87e037077cbd7efaf420e4a")))
                .isFalse();
        assertThat(stop.size()).isEqualTo(5);

        StopChunks html = StopChunks.load(0, HTML, false, extraList());
        assertThat(html.isStopHash(key("<p>Powered by Example&nbsp;CMS</p>"))).isTrue();
        assertThat(html.isStopHash(key("<div class=\"nav\">Home | About</div>")))
                .isTrue();
        assertThat(html.isStopHash(key("Bare hash one"))).isTrue();
    }

    @Test
    void extraListAddsToTheDefaultList() throws Exception {
        int defaults = StopChunks.load(0, HTML, true, null).size();
        StopChunks both = StopChunks.load(7, HTML, true, extraList());
        assertThat(both.size()).isEqualTo(defaults + 5);
        assertThat(both.minLength()).isEqualTo(7);
        assertThat(both.isStopHash(key("<p>&nbsp;</p>"))).isTrue();
        assertThat(both.isStopHash(key("Bare hash one"))).isTrue();
    }

    @Test
    void missingOrMalformedExtraListFails(@TempDir Path dir) throws IOException {
        assertThatThrownBy(() -> StopChunks.load(0, TEXT, false, dir.resolve("missing.tsv")))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("missing.tsv");
        Path bad = Files.writeString(dir.resolve("bad.tsv"), "not-a-hash\n");
        assertThatThrownBy(() -> StopChunks.load(0, TEXT, false, bad)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void isStopFindsEveryListedHashAtAnyPlaceOfAPackedArrayAndNoOther() throws IOException {
        StopChunks stop = StopChunks.load(0, HTML, true, null);
        List<byte[]> listed = new ArrayList<>();
        for (Row row : defaultRows()) {
            HTML.chunkFragment(row.chunk()).forEach(chunk -> listed.add(Sha1.of(chunk)));
        }
        assertThat(listed).hasSizeGreaterThan(10);
        // listed hashes between unlisted ones, some differing from a listed one in the last byte only
        byte[] packed = new byte[listed.size() * 2 * Sha1.LENGTH];
        for (int i = 0; i < listed.size(); i++) {
            byte[] near = listed.get(i).clone();
            near[Sha1.LENGTH - 1] ^= 1;
            System.arraycopy(near, 0, packed, 2 * i * Sha1.LENGTH, Sha1.LENGTH);
            System.arraycopy(listed.get(i), 0, packed, (2 * i + 1) * Sha1.LENGTH, Sha1.LENGTH);
        }
        for (int index = 0; index < listed.size() * 2; index++) {
            boolean expected = stop.isStopHash(HashKey.of(packed, index));
            assertThat(expected).as("listed at %d", index).isEqualTo(index % 2 == 1);
            assertThat(stop.isStop(1000, packed, index)).as("chunk %d", index).isEqualTo(expected);
        }
        assertThat(StopChunks.none().isStop(1000, packed, 1)).isFalse();
        assertThat(new StopChunks(50, Set.of()).isStop(49, packed, 0)).isTrue();
    }
}
