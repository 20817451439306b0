package org.reusedetector.benchmark;

import java.io.IOException;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.reusedetector.index.HashIndex;
import org.reusedetector.index.HashIndexWriter;
import org.reusedetector.model.HashedPage;
import org.reusedetector.page.Sha1;

/**
 * Writes a synthetic hash index for throughput measurements (discovery over tens of millions of chunk
 * hashes without crawling them). Each page has about {@code chunksPerPage} chunks on one of
 * {@code pages / 50} hosts (two hosts a site); a chunk is unique to its page (60 %), one of its host's ten
 * template chunks (25 %), or drawn from a corpus-wide pool of reused chunks with a heavy head (15 %): the
 * mix puts work on every stage of discovery (per host, per site, per hash, the threshold). Deterministic
 * for a seed.
 */
public final class SyntheticIndex {

    /** What was written. */
    public record Written(long pages, long chunkHashes, long bytes, int files) {}

    private SyntheticIndex() {}

    /** Writes at least {@code chunkHashes} chunk hashes into {@code files} index files in {@code dir}. */
    public static Written write(Path dir, long chunkHashes, int chunksPerPage, int files, long seed)
            throws IOException {
        long pages = Math.max(1, (chunkHashes + chunksPerPage - 1) / chunksPerPage);
        long hosts = Math.max(2, pages / 50);
        long pool = Math.max(10, pages / 10);
        SplittableRandom random = new SplittableRandom(seed);
        long written = 0;
        long bytes = 0;
        for (int f = 0; f < files; f++) {
            try (HashIndexWriter writer = new HashIndexWriter(dir.resolve("synthetic-" + f + HashIndex.SUFFIX))) {
                for (long p = f; p < pages; p += files) {
                    long host = random.nextLong(hosts);
                    int chunks = chunksPerPage / 2 + random.nextInt(chunksPerPage + 1);
                    byte[] hashes = new byte[chunks * Sha1.LENGTH];
                    int[] lengths = new int[chunks];
                    for (int c = 0; c < chunks; c++) {
                        double kind = random.nextDouble();
                        long id;
                        if (kind < 0.60) {
                            id = random.nextLong(); // unique
                        } else if (kind < 0.85) {
                            id = 0x5A5A_0000_0000_0000L ^ (host * 16 + random.nextInt(10)); // the host's template
                        } else {
                            double u = random.nextDouble();
                            id = 0x7E7E_0000_0000_0000L ^ (long) (pool * u * u * u); // reused, heavy head
                        }
                        fill(hashes, c * Sha1.LENGTH, id);
                        lengths[c] = 60 + random.nextInt(400);
                    }
                    byte[] file = new byte[Sha1.LENGTH];
                    fill(file, 0, random.nextLong());
                    String url = "https://h" + host + ".site" + host / 2 + ".example/p" + p + ".html";
                    writer.write(new HashedPage(url, 1_700_000_000_000L + p, file, hashes, lengths, chunks * 200));
                    written += chunks;
                }
                bytes += writer.bytes();
            }
        }
        return new Written(pages, written, bytes, files);
    }

    /** A SHA-1-like 20 bytes from an id (the id's bits spread by a mixer, so that prefixes are uniform). */
    private static void fill(byte[] into, int at, long id) {
        long a = mix(id);
        long b = mix(a ^ 0x9E37_79B9_7F4A_7C15L);
        long c = mix(b);
        for (int i = 0; i < 8; i++) {
            into[at + i] = (byte) (a >>> (56 - 8 * i));
            into[at + 8 + i] = (byte) (b >>> (56 - 8 * i));
        }
        for (int i = 0; i < 4; i++) {
            into[at + 16 + i] = (byte) (c >>> (56 - 8 * i));
        }
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
        return z ^ (z >>> 31);
    }
}
