package org.reusedetector.imatch;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import org.reusedetector.format.Json;
import org.reusedetector.format.JsonLines;
import org.reusedetector.page.Chunking;
import org.reusedetector.page.PageHasher;
import org.reusedetector.page.TokenizingChunker;
import org.reusedetector.url.IgnoredParameters;
import org.reusedetector.url.NormalizedUrl;

/**
 * The {@code near-dups} run: every page's extended I-Match signature (from the same word stream as the chunk hashes),
 * and, with a {@link JoinRule}, a sample of its phrases from the same pass; each URL once as its latest fetch, then
 * clusters of pages sharing a signature under any lexicon (paper §4), each join confirmed by the rule, written as
 * {@value #CLUSTERS} and {@value #SUMMARY} (and, on request, {@value #SIGNATURES}).
 */
public final class NearDupRun {

    public static final String CLUSTERS = "clusters.jsonl";
    public static final String SUMMARY = "summary.json";
    /**
     * Per page: URL, body hash and hex signature per lexicon as clustered ({@code null} where none; see
     * {@link NearDupClustering#signatureAsClustered}), for evaluation: pages sharing a value were joined under it.
     */
    public static final String SIGNATURES = "signatures.jsonl";

    /**
     * What a run did.
     *
     * @param lexicon the lexicon's version
     * @param lexicons the lexicons used (1 + K)
     * @param pages distinct URLs read
     * @param skipped records that were no usable page
     * @param signedPages pages with at least one signature
     * @param clusteredPages pages in clusters of two or more
     * @param clusters clusters of two or more pages
     * @param clustersBySize number of clusters of each size
     * @param signaturesSplit signatures shared by two or more pages that the join rule left in more than one cluster
     */
    public record Summary(
            String lexicon,
            int lexicons,
            long pages,
            long skipped,
            long signedPages,
            long clusteredPages,
            long clusters,
            SortedMap<Integer, Integer> clustersBySize,
            long signaturesSplit) {

        /** A summary of a run that joined on signatures alone. */
        public Summary(
                String lexicon,
                int lexicons,
                long pages,
                long skipped,
                long signedPages,
                long clusteredPages,
                long clusters,
                SortedMap<Integer, Integer> clustersBySize) {
            this(lexicon, lexicons, pages, skipped, signedPages, clusteredPages, clusters, clustersBySize, 0);
        }

        @Override
        public String toString() {
            return String.format(
                    "%d pages (%d skipped), %d with a signature; %d clusters hold %d pages (lexicon %s, %d lexicons;"
                            + " %d shared signatures split by the join rule)",
                    pages, skipped, signedPages, clusters, clusteredPages, lexicon, lexicons, signaturesSplit);
        }
    }

    /** A line of {@value #SIGNATURES}: hex SHA-1 of the body, and of each lexicon's signature ({@code null} where none). */
    public record PageSignatures(String url, String bodyHash, List<String> signatures) {}

    private record Latest(String url, long time, byte[] signatures, byte[] bodyHash, PhraseSample sample) {}

    private NearDupRun() {}

    public static Summary run(
            Chunking chunking,
            int maxBodyBytes,
            IgnoredParameters ignored,
            Lexicon lexicon,
            Path input,
            Path out,
            int urlCap,
            boolean writeSignatures,
            JoinRule rule)
            throws IOException {
        PageHasher hasher = chunking.hasher();
        Signer signer = new Signer(new LexiconTable(lexicon));
        PhraseSampler sampler = rule == null ? null : new PhraseSampler(rule);
        TokenizingChunker.ChunkSink chunks = sampler == null
                ? signer
                : (text, length) -> {
                    signer.chunk(text, length);
                    sampler.chunk(text, length);
                };
        Map<String, Latest> latest = new LinkedHashMap<>();
        CorpusPages.Counts counts = CorpusPages.forEach(input, maxBodyBytes, page -> {
            byte[] bodyHash = hasher.hashWithChunks(page.url(), page.fetchedAtMillis(), page.body(), chunks)
                    .fileHash();
            signer.endOfPage();
            PhraseSample sample = null;
            if (sampler != null) {
                sampler.endOfPage();
                // only a signed page is joined by signature; the others' samples would be held for nothing
                sample = signer.signatures().length == 0 ? null : sampler.sample();
            }
            String key = urlKey(page.url(), ignored);
            Latest previous = latest.get(key);
            if (previous == null || previous.time() <= page.fetchedAtMillis()) {
                latest.put(key, new Latest(page.url(), page.fetchedAtMillis(), signer.signatures(), bodyHash, sample));
            }
        });
        NearDupClustering clustering = new NearDupClustering(lexicon.lexiconCount(), rule);
        List<Integer> numbers = new ArrayList<>(latest.size());
        for (Latest page : latest.values()) {
            numbers.add(clustering.add(page.url(), page.signatures(), page.bodyHash(), page.sample()));
        }
        List<NearDupClustering.Cluster> clusters = clustering.clusters(urlCap);
        Files.createDirectories(out);
        try (BufferedWriter writer = JsonLines.writer(out.resolve(CLUSTERS))) {
            for (NearDupClustering.Cluster cluster : clusters) {
                writer.write(Json.write(cluster));
                writer.newLine();
            }
        }
        if (writeSignatures) {
            try (BufferedWriter writer = JsonLines.writer(out.resolve(SIGNATURES))) {
                int i = 0;
                for (Latest page : latest.values()) {
                    int number = numbers.get(i++);
                    List<String> hex = new ArrayList<>();
                    for (int j = 0; j < lexicon.lexiconCount(); j++) {
                        byte[] signature = number < 0 ? null : clustering.signatureAsClustered(number, j);
                        hex.add(signature == null ? null : Signatures.hex(signature, 0));
                    }
                    writer.write(Json.write(new PageSignatures(page.url(), Signatures.hex(page.bodyHash(), 0), hex)));
                    writer.newLine();
                }
            }
        }
        long clustered =
                clusters.stream().mapToLong(NearDupClustering.Cluster::size).sum();
        Summary summary = new Summary(
                lexicon.id(),
                lexicon.lexiconCount(),
                latest.size(),
                counts.skipped(),
                latest.values().stream().filter(p -> p.signatures().length > 0).count(),
                clustered,
                clusters.size(),
                NearDupClustering.sizeDistribution(clusters),
                clustering.signaturesSplit());
        Files.writeString(
                out.resolve(SUMMARY),
                Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(summary) + "\n",
                StandardCharsets.UTF_8);
        return summary;
    }

    /** Reads a run's summary (for {@code report}). */
    public static Summary readSummary(Path dir) throws IOException {
        return Json.MAPPER.readValue(dir.resolve(SUMMARY).toFile(), Summary.class);
    }

    private static String urlKey(String url, IgnoredParameters ignored) {
        try {
            return NormalizedUrl.keyOf(url, ignored);
        } catch (RuntimeException e) {
            return url;
        }
    }
}
