package org.reusedetector.page;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
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

    private final int minLength;
    private final Set<HashKey> hashes;

    public StopChunks(int minLength, Set<HashKey> hashes) {
        this.minLength = minLength;
        this.hashes = Collections.unmodifiableSet(hashes);
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
        return length < minLength || (!hashes.isEmpty() && hashes.contains(HashKey.of(packed, index)));
    }

    public boolean isStopHash(HashKey hash) {
        return hashes.contains(hash);
    }
}
