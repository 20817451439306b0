package org.reusedetector.discover;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.Label;
import org.reusedetector.page.HashKey;

/**
 * Blind discovery in one JVM: counts every eligible chunk and file per host, then applies the threshold and
 * template rules to the whole corpus. The same rules as {@link DiscoveryWorkflow}, which does this at scale;
 * this one serves tests, small corpora and measurements. Not thread-safe.
 */
public final class HashCounter {

    private final DiscoveryParams params;
    private final Eligibility eligibility;
    private final RecursionFilter recursion;
    private final Map<HashKey, Tallies> chunks = new HashMap<>();
    private final Map<HashKey, Tallies> files = new HashMap<>();
    private final Map<String, String> texts = new HashMap<>();
    private long pages;
    private long recursionPages;
    private long invalidUrlPages;

    public HashCounter(DiscoveryParams params, Eligibility eligibility, RecursionFilter recursion) {
        this.params = params;
        this.eligibility = eligibility;
        this.recursion = recursion;
    }

    /** Per-hash tallies: pages per host and the smallest example URL. */
    static final class Tallies {
        final Map<String, Integer> hostPages = new HashMap<>(4);
        String exampleUrl;

        void add(String host, String url) {
            hostPages.merge(host, 1, Integer::sum);
            if (exampleUrl == null || url.compareTo(exampleUrl) < 0) {
                exampleUrl = url;
            }
        }
    }

    public void add(HashedPage page) {
        String host = SiteKey.host(page.url());
        if (host == null) {
            invalidUrlPages++;
            return;
        }
        if (recursion.isRecursion(page.url())) {
            recursionPages++;
            return;
        }
        pages++;
        if (eligibility.file(page)) {
            files.computeIfAbsent(HashKey.of(page.fileHash()), k -> new Tallies()).add(host, page.url());
        }
        Set<HashKey> seen = new HashSet<>();
        for (int i = 0; i < page.chunkCount(); i++) {
            if (eligibility.chunk(page, i)) {
                HashKey key = HashKey.of(page.chunkHashes(), i);
                if (seen.add(key)) { // a chunk repeated within a page counts once
                    chunks.computeIfAbsent(key, k -> new Tallies()).add(host, page.url());
                }
            }
        }
    }

    /** Adds chunk text for review; only texts of hashes that turn out frequent are kept in the results. */
    public void addSample(ChunkSample sample) {
        texts.putIfAbsent(sample.hash(), HashCount.clip(sample.text()));
    }

    /** The per-host page counts of a hash (for measurements), or an empty map. */
    Map<String, Integer> hostPages(String kind, String hashHex) {
        Tallies t = (Label.KIND_FILE.equals(kind) ? files : chunks).get(HashKey.ofHex(hashHex));
        return t == null ? Map.of() : t.hostPages;
    }

    public DiscoveryRun finish() {
        DiscoveryThresholds thresholds = DiscoveryThresholds.of(pages, params.threshold());
        DiscoverySummary summary = DiscoverySummary.ofRun(params, thresholds)
                .merge(new DiscoverySummary(null, pages, recursionPages, invalidUrlPages, 0, null, null, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
        List<HashCount> frequent = new ArrayList<>();
        List<HistogramRow> histogram = new ArrayList<>();
        for (String kind : List.of(Label.KIND_CHUNK, Label.KIND_FILE)) {
            Map<HashKey, Tallies> tallies = Label.KIND_FILE.equals(kind) ? files : chunks;
            long threshold = thresholds.forKind(kind);
            TreeMap<Long, Long> curve = new TreeMap<>();
            for (Map.Entry<HashKey, Tallies> e : tallies.entrySet()) {
                Tallies t = e.getValue();
                long count = 0;
                long top = 0;
                for (int n : t.hostPages.values()) {
                    count += n;
                    top = Math.max(top, n);
                }
                curve.merge(count, 1L, Long::sum);
                if (count >= threshold) {
                    String hex = e.getKey().hex();
                    Verdict verdict = params.template().classify(count, t.hostPages.size(), top, threshold);
                    frequent.add(new HashCount(hex, kind, count, t.hostPages.size(), top, t.exampleUrl,
                            Label.KIND_CHUNK.equals(kind) ? texts.get(hex) : null, verdict));
                }
            }
            curve.forEach((k, n) -> histogram.add(new HistogramRow(kind, k, n)));
        }
        for (HashCount c : frequent) {
            summary = summary.merge(DiscoverySummary.ofFrequent(c));
        }
        for (HistogramRow row : histogram) {
            summary = summary.merge(DiscoverySummary.ofHistogram(row));
        }
        return DiscoveryRun.of(summary, frequent, histogram, params.source());
    }
}
