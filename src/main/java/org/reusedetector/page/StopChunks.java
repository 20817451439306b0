package org.reusedetector.page;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashSet;
import java.util.Set;

/**
 * Benign, common chunks removed before scoring (the paper's stop chunks, §4.4.2): chunks shorter than a
 * minimum length, and chunks on a stop list.
 *
 * <p>Stop lists are TSV files whose rows are either a raw chunk with its SHA-1 (the format of the paper
 * authors' lists: {@code sha1 <tab> "json-quoted chunk" ...}) or a bare 40-hex hash. Raw chunks are
 * brought into the chunker's form (normalised, text or HTML) and hashed again, since the published hashes
 * are of raw bytes that a normalising chunker never produces; bare hashes are taken as hashes of
 * normalised chunks.
 */
public final class StopChunks {

    /** The default list shipped with the project, from the paper authors' Common Crawl and GeoCities lists. */
    public static final String DEFAULT_RESOURCE = "/stop-chunks/paper-stop-chunks.tsv";

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final long USED = 1L << 32;

    private final int minLength;
    private final Set<HashKey> hashes;
    /**
     * The hashes again, in a primitive open-addressing table (three longs a slot: bytes 0-7, 8-15, 16-19 with a
     * used bit), so that {@link #isStop} looks a chunk up without making a key object: it runs for every chunk
     * of every page.
     */
    private final long[] table;

    private final int mask;

    public StopChunks(int minLength, Set<HashKey> hashes) {
        this.minLength = minLength;
        this.hashes = Collections.unmodifiableSet(hashes);
        int capacity = Integer.highestOneBit(Math.max(1, hashes.size()) * 2 - 1) << 1;
        table = new long[capacity * 3];
        mask = capacity - 1;
        for (HashKey hash : hashes) {
            byte[] bytes = hash.bytes();
            long k0 = (long) LONG.get(bytes, 0);
            int i = slot(k0);
            while (table[i * 3 + 2] != 0) {
                i = (i + 1) & mask;
            }
            table[i * 3] = k0;
            table[i * 3 + 1] = (long) LONG.get(bytes, 8);
            table[i * 3 + 2] = ((int) INT.get(bytes, 16) & 0xFFFF_FFFFL) | USED;
        }
    }

    private int slot(long k0) {
        return (int) (k0 ^ (k0 >>> 29)) & mask;
    }

    public static StopChunks none() {
        return new StopChunks(0, Set.of());
    }

    /** Loads the default list and, if given, a further list file, for the given chunker. */
    public static StopChunks load(int minLength, HtmlChunker chunker, boolean useDefaultList, Path extraList) {
        Set<HashKey> hashes = new HashSet<>();
        if (useDefaultList) {
            try (InputStream in = StopChunks.class.getResourceAsStream(DEFAULT_RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException("missing resource " + DEFAULT_RESOURCE);
                }
                readList(in, chunker, hashes);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        if (extraList != null) {
            try (InputStream in = Files.newInputStream(extraList)) {
                readList(in, chunker, hashes);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read stop list " + extraList, e);
            }
        }
        return new StopChunks(minLength, hashes);
    }

    static void readList(InputStream in, HtmlChunker chunker, Set<HashKey> into) throws IOException {
        Sha1 sha1 = new Sha1();
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        String line;
        while ((line = reader.readLine()) != null) {
            if (line.isBlank() || line.startsWith("#") || line.startsWith("sha1\t")) {
                continue;
            }
            String[] fields = line.split("\t");
            if (fields.length >= 2 && fields[1].startsWith("\"")) {
                String raw = JSON.readValue(fields[1], String.class);
                for (String chunk : chunker.chunkFragment(raw)) {
                    into.add(HashKey.of(sha1.digest(chunk)));
                }
            } else {
                into.add(HashKey.ofHex(fields[0].trim()));
            }
        }
    }

    public int minLength() {
        return minLength;
    }

    public int size() {
        return hashes.size();
    }

    /** Whether the chunk of the given length and hash (20 bytes at {@code index} of {@code packed}) is a stop chunk. */
    public boolean isStop(int length, byte[] packed, int index) {
        return length < minLength || (!hashes.isEmpty() && listed(packed, index * Sha1.LENGTH));
    }

    /** Whether the 20 bytes at {@code offset} of {@code bytes} are a listed hash: no allocation. */
    private boolean listed(byte[] bytes, int offset) {
        long k0 = (long) LONG.get(bytes, offset);
        long k1 = (long) LONG.get(bytes, offset + 8);
        long tag = ((int) INT.get(bytes, offset + 16) & 0xFFFF_FFFFL) | USED;
        for (int i = slot(k0); ; i = (i + 1) & mask) {
            long t = table[i * 3 + 2];
            if (t == 0) {
                return false;
            }
            if (t == tag && table[i * 3] == k0 && table[i * 3 + 1] == k1) {
                return true;
            }
        }
    }

    public boolean isStopHash(HashKey hash) {
        return hashes.contains(hash);
    }
}
