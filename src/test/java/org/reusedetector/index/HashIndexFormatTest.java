package org.reusedetector.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.reusedetector.model.HashedPage;
import org.reusedetector.page.Sha1;

class HashIndexFormatTest {

    /** A page of {@code chunks} chunks with pseudo-random hashes and the given lengths cycle. */
    static HashedPage page(String url, long time, int chunks, long seed) {
        Random random = new Random(seed);
        byte[] file = new byte[Sha1.LENGTH];
        random.nextBytes(file);
        byte[] hashes = new byte[chunks * Sha1.LENGTH];
        random.nextBytes(hashes);
        int[] lengths = new int[chunks];
        for (int i = 0; i < chunks; i++) {
            lengths[i] = random.nextInt(400);
        }
        return new HashedPage(url, time, file, hashes, lengths, 1000 + random.nextInt(100_000));
    }

    static byte[] writeAll(List<HashedPage> pages) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        HashIndexFormat.writeHeader(out);
        for (HashedPage page : pages) {
            HashIndexFormat.write(out, page);
        }
        return bytes.toByteArray();
    }

    static List<HashedPage> readAll(byte[] bytes) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
        HashIndexFormat.readHeader(in);
        List<HashedPage> pages = new ArrayList<>();
        HashedPage page;
        while ((page = HashIndexFormat.read(in)) != null) {
            pages.add(page);
        }
        return pages;
    }

    /** Field by field, arrays by content (records compare arrays by identity). */
    static boolean samePage(HashedPage a, HashedPage b) {
        return a.url().equals(b.url())
                && a.eventTime() == b.eventTime()
                && a.bodyBytes() == b.bodyBytes()
                && Arrays.equals(a.fileHash(), b.fileHash())
                && Arrays.equals(a.chunkHashes(), b.chunkHashes())
                && Arrays.equals(a.chunkLengths(), b.chunkLengths());
    }

    static void assertSamePages(List<HashedPage> actual, List<HashedPage> expected) {
        assertThat(actual)
                .usingElementComparator((a, b) -> samePage(a, b) ? 0 : 1)
                .containsExactlyElementsOf(expected);
    }

    @Test
    void roundTripsEdgeCases() throws Exception {
        int[] bigLengths = {0, 1, 127, 128, 16_383, 16_384, 2_097_152, Integer.MAX_VALUE};
        byte[] bigHashes = new byte[bigLengths.length * Sha1.LENGTH];
        Arrays.fill(bigHashes, (byte) 0xff);
        List<HashedPage> pages = List.of(
                page("https://例え.jp/パス/über?q=é#frag 😀", 1_709_294_400_000L, 45, 1),
                page("https://zero.example/", 0, 0, 2),
                page("https://many.example/", 1_709_294_400_123L, 100_000, 3),
                page("", -86_400_000L, 3, 4), // before 1970, and no URL at all
                page("https://extreme.example/", Long.MAX_VALUE, 1, 5),
                page("https://extreme.example/min", Long.MIN_VALUE, 1, 6),
                new HashedPage(
                        "https://lengths.example/",
                        1,
                        new byte[Sha1.LENGTH],
                        bigHashes,
                        bigLengths,
                        Integer.MAX_VALUE));

        List<HashedPage> read = readAll(writeAll(pages));

        assertSamePages(read, pages);
        assertThat(read.get(0).url()).isEqualTo("https://例え.jp/パス/über?q=é#frag 😀");
        assertThat(read.get(2).chunkCount()).isEqualTo(100_000);
        assertThat(read.get(1).chunkCount()).isZero();
    }

    @Test
    void aTypicalPageTakesAboutOneKilobyte() {
        String url = "https://www.example.org/docs/manual/section-4/chapter-12/page.html"; // 66 bytes
        byte[] payload = HashIndexFormat.encode(page(url, 1_709_294_400_000L, 45, 7));
        // 45 hashes are 900 bytes; everything else (URL included) is about 160 more
        assertThat(payload.length).isBetween(1000, 1100);
    }

    @Test
    void theLayoutIsStable() throws Exception {
        byte[] hashA = new byte[Sha1.LENGTH];
        Arrays.fill(hashA, (byte) 0xaa);
        byte[] chunkHashes = new byte[2 * Sha1.LENGTH];
        Arrays.fill(chunkHashes, 0, Sha1.LENGTH, (byte) 0x11);
        Arrays.fill(chunkHashes, Sha1.LENGTH, 2 * Sha1.LENGTH, (byte) 0x22);
        HashedPage page = new HashedPage("http://a/", -1, hashA, chunkHashes, new int[] {5, 300}, 200);

        String hex = HexFormat.of().formatHex(writeAll(List.of(page)));

        String payload = "09" + "687474703a2f2f612f" // url
                + "01" // zig-zag(-1)
                + "c801" // 200
                + "aa".repeat(20)
                + "02" + "05" + "ac02" // 2 chunks: 5, 300
                + "11".repeat(20) + "22".repeat(20);
        assertThat(hex).startsWith("5244584901" + "4d" + payload); // magic, version, length 77
        assertThat(hex).hasSize(2 * (5 + 1 + 77 + 4));
        assertThat(hex.substring(hex.length() - 8))
                .isEqualTo(
                        String.format("%08x", HashIndexFormat.crc(HexFormat.of().parseHex(payload), 77)));
    }

    @Test
    void rejectsForeignAndNewerFiles() {
        assertThatThrownBy(() -> readAll("{\"url\":1}".getBytes()))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("magic");
        assertThatThrownBy(() -> readAll(new byte[] {'R', 'D', 'X', 'I', 2})).hasMessageContaining("version 2");
        assertThatThrownBy(() -> readAll(new byte[] {'R', 'D'})).hasMessageContaining("shorter than its header");
        assertThat(HashIndexFormat.HEADER_LENGTH).isEqualTo(5);
    }

    @Test
    void detectsDamage() throws Exception {
        byte[] bytes = writeAll(List.of(page("https://a.example/", 1, 10, 8), page("https://b.example/", 2, 10, 9)));

        byte[] flipped = bytes.clone();
        flipped[flipped.length - 30] ^= 0x01; // inside the second record's hashes
        assertThatThrownBy(() -> readAll(flipped)).hasMessageContaining("checksum");

        byte[] cut = Arrays.copyOf(bytes, bytes.length - 3);
        assertThatThrownBy(() -> readAll(cut)).hasMessageContaining("cut short");

        byte[] garbageLength = Arrays.copyOf(bytes, HashIndexFormat.HEADER_LENGTH + 5);
        Arrays.fill(garbageLength, HashIndexFormat.HEADER_LENGTH, garbageLength.length, (byte) 0xff);
        assertThatThrownBy(() -> readAll(garbageLength))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("corrupt");

        assertThat(readAll(Arrays.copyOf(bytes, HashIndexFormat.HEADER_LENGTH))).isEmpty();
    }

    @Test
    void decodeChecksFieldsAgainstTheRecord() {
        byte[] payload = HashIndexFormat.encode(page("https://a.example/", 1, 3, 10));
        assertThatThrownBy(() -> HashIndexFormat.decode(payload, payload.length - 1))
                .isInstanceOf(IOException.class);
        byte[] longer = Arrays.copyOf(payload, payload.length + 1);
        assertThatThrownBy(() -> HashIndexFormat.decode(longer, longer.length))
                .hasMessageContaining("after the record");
    }

    @Test
    void refusesInconsistentPages() {
        assertThatThrownBy(
                        () -> HashIndexFormat.encode(new HashedPage("u", 0, new byte[20], new byte[39], new int[2], 0)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(
                        () -> HashIndexFormat.encode(new HashedPage("u", 0, new byte[19], new byte[0], new int[0], 0)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() ->
                        HashIndexFormat.encode(new HashedPage("u", 0, new byte[20], new byte[20], new int[] {-1}, 0)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
