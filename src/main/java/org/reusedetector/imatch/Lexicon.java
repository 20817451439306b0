package org.reusedetector.imatch;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.codec.binary.Hex;
import org.apache.commons.codec.digest.DigestUtils;
import org.reusedetector.format.Json;

/**
 * An I-Match lexicon (paper §3 step 1): the terms of a corpus whose normalised idf lies in a band (§6.6), with the
 * corpus and date it was built from, so that a stream knows which version it matches against. The K randomized
 * lexicons (§4) are not stored: each is derived from the sorted terms and the seed ({@link #memberships()}), so every
 * reader of the file gets the same ones.
 *
 * @param id version of the lexicon: the corpus, the date, and a digest of the terms and settings
 * @param corpus what the document frequencies were counted over (for example the input path)
 * @param builtAt when the lexicon was built (ISO-8601)
 * @param documents pages counted
 * @param params band, K, drop fraction, seed and minimum of terms
 * @param terms the lexicon terms, folded and sorted
 */
public record Lexicon(
        String id, String corpus, String builtAt, long documents, LexiconParams params, List<String> terms)
        implements Serializable {

    public Lexicon {
        terms = List.copyOf(terms);
    }

    /** The terms of {@code frequencies} in the params' normalised-idf band (§3, §6.6), sorted. */
    public static Lexicon build(DocumentFrequencies frequencies, LexiconParams params, String corpus, String builtAt) {
        long n = frequencies.documents();
        List<String> terms = new ArrayList<>();
        for (Map.Entry<String, int[]> e : frequencies.asMap().entrySet()) {
            double nidf = DocumentFrequencies.normalisedIdf(n, e.getValue()[0]);
            if (params.nidfLow() <= nidf && nidf <= params.nidfHigh()) {
                terms.add(e.getKey());
            }
        }
        terms.sort(null);
        return new Lexicon(versionOf(corpus, builtAt, params, terms), corpus, builtAt, n, params, terms);
    }

    /** The same terms with another K (the first K randomized lexicons do not depend on K). */
    public Lexicon withRandomized(int k) {
        LexiconParams changed = params.withRandomized(k);
        return new Lexicon(versionOf(corpus, builtAt, changed, terms), corpus, builtAt, documents, changed, terms);
    }

    /** Number of lexicons: the original and the K randomized ones. */
    @JsonIgnore
    public int lexiconCount() {
        return params.randomized() + 1;
    }

    /** Name of lexicon {@code j} for alerts and clusters: {@code <id>#0} is the original, {@code #1..K} the randomized. */
    public String lexiconName(int j) {
        return id + "#" + j;
    }

    /**
     * For each term (same order as {@link #terms}), the lexicons that hold it: bit 0 (the original) always, bit j for
     * randomized lexicon j. Randomized lexicon j drops exactly {@code round(p * size)} terms chosen at random by a
     * generator seeded with the seed and j (§4: K copies, each missing a random fraction p, drawn independently).
     */
    public long[] memberships() {
        int size = terms.size();
        long[] masks = new long[size];
        java.util.Arrays.fill(masks, 1L);
        int drop = (int) Math.round(params.dropFraction() * size);
        int[] order = new int[size];
        for (int j = 1; j <= params.randomized(); j++) {
            for (int i = 0; i < size; i++) {
                order[i] = i;
            }
            SplittableRandom random = new SplittableRandom(params.seed() * 1_000_003L + j);
            // partial Fisher-Yates: the first `drop` positions become a uniform random subset
            for (int i = 0; i < drop; i++) {
                int k = i + random.nextInt(size - i);
                int t = order[i];
                order[i] = order[k];
                order[k] = t;
            }
            for (int i = drop; i < size; i++) {
                masks[order[i]] |= 1L << j;
            }
        }
        return masks;
    }

    public void write(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try (OutputStream out = file.toString().endsWith(".gz")
                ? new GZIPOutputStream(Files.newOutputStream(file))
                : Files.newOutputStream(file)) {
            Json.MAPPER.writeValue(out, this);
        }
    }

    public static Lexicon read(Path file) throws IOException {
        try (InputStream in = file.toString().endsWith(".gz")
                ? new GZIPInputStream(Files.newInputStream(file))
                : Files.newInputStream(file)) {
            return Json.MAPPER.readValue(in, Lexicon.class);
        }
    }

    public static Lexicon fromJson(String json) throws IOException {
        return Json.read(json, Lexicon.class);
    }

    private static String versionOf(String corpus, String builtAt, LexiconParams params, List<String> terms) {
        MessageDigest digest = DigestUtils.getSha1Digest();
        digest.update(Json.write(params).getBytes(StandardCharsets.UTF_8));
        for (String term : terms) {
            digest.update(term.getBytes(StandardCharsets.UTF_8));
            digest.update((byte) '\n');
        }
        String date = builtAt.length() >= 10 ? builtAt.substring(0, 10) : builtAt;
        String name = Path.of(corpus).getFileName() == null
                ? corpus
                : Path.of(corpus).getFileName().toString();
        return name.replaceAll("[^A-Za-z0-9._-]", "_") + "@" + date + ":"
                + Hex.encodeHexString(digest.digest()).substring(0, 10);
    }
}
