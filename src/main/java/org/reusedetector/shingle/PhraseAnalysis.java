package org.reusedetector.shingle;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Phrase-level replication (Fetterly, Manasse and Najork 2005). Every document is reduced to its 84 min-hash
 * shingles over circular k-phrases (§3.1); exact and near-duplicate documents are collapsed to one per class (§3.2,
 * {@link NearDuplicates}); a shingle (i, s) is popular when at least {@code minDocuments} of the remaining documents
 * have s as their i-th shingle (§3.3: five); each document gets a greedy covering set of its popular shingles that
 * prefers documents of other sites and the foreign contribution (§3.4); each host of enough pages the mean and
 * standard deviation of popular shingles per page (§3.5, Fig. 8). "Foreign" is another registrable domain
 * ({@link org.reusedetector.url.Sites}), the paper's "same domain".
 *
 * <p>Memory: 84 phrase fingerprints and their texts per document, and a posting per (selector, phrase) over the
 * collapsed documents; covers cost the postings of a document's popular shingles each.
 */
public final class PhraseAnalysis {

    /** A popular shingle: selector i, the phrase it selected, in how many (collapsed) documents, an example text. */
    public record PopularPhrase(int selector, String fingerprint, int documents, String text) {}

    /** A document of the cover and how many of the target's popular shingles it newly covered. */
    public record CoverDocument(String url, int shingles, boolean foreign) {}

    /**
     * The verdict on one document.
     *
     * @param duplicateOf the representative of its near-duplicate class, or {@code null} when it is one
     */
    public record DocumentReport(
            String url,
            String host,
            int shingles,
            int popular,
            List<CoverDocument> cover,
            int foreignContribution,
            String duplicateOf) {}

    /** Mean and σ of popular shingles per page of a host (population σ). */
    public record SiteReport(String host, int pages, double meanPopular, double sdPopular) {}

    /** The frequency distribution of popular phrases: how many popular (selector, phrase) pairs are in {@code documents} documents. */
    public record FrequencyRow(int documents, int phrases) {}

    private record Key(int selector, long phrase) {}

    private final int minDocuments;
    private final List<String> urls = new ArrayList<>();
    private final List<String> hosts = new ArrayList<>();
    private final List<String> sites = new ArrayList<>();
    private final List<long[]> selected = new ArrayList<>();
    private final List<String[]> texts = new ArrayList<>();
    private final MinHash minHash;

    public PhraseAnalysis(MinHash minHash, int minDocuments) {
        this.minHash = minHash;
        this.minDocuments = minDocuments;
    }

    /**
     * Adds a document.
     *
     * @param phrases the phrase each selector chose (its fingerprint), empty for a document without words
     * @param phraseTexts the texts of those phrases
     */
    public void add(String url, String host, String site, long[] phrases, String[] phraseTexts) {
        urls.add(url);
        hosts.add(host);
        sites.add(site);
        selected.add(phrases);
        texts.add(phraseTexts);
    }

    /** Replaces document {@code index} (a newer fetch of the same URL). */
    public void replace(int index, String url, String host, String site, long[] phrases, String[] phraseTexts) {
        urls.set(index, url);
        hosts.set(index, host);
        sites.set(index, site);
        selected.set(index, phrases);
        texts.set(index, phraseTexts);
    }

    /** The results of {@link #analyse}. */
    public record Result(
            int documents,
            int classes,
            List<PopularPhrase> popular,
            List<FrequencyRow> frequency,
            List<SiteReport> sites,
            long[] popularPerDocument) {}

    /**
     * Runs the analysis; documents go to {@code documents} in the order added.
     *
     * @param minSitePages hosts with fewer pages get no site report (§3.5 uses large sites)
     */
    public Result analyse(int minSitePages, Consumer<DocumentReport> documents) {
        int n = urls.size();
        NearDuplicates near = new NearDuplicates();
        for (long[] phrases : selected) {
            near.add(phrases.length == 0 ? null : shingles(phrases));
        }
        int[] classes = new int[n];
        int classCount = 0;
        Map<Key, List<Integer>> postings = new HashMap<>();
        for (int d = 0; d < n; d++) {
            classes[d] = near.classOf(d);
            if (classes[d] == d) {
                classCount++;
                long[] phrases = selected.get(d);
                for (int i = 0; i < phrases.length; i++) {
                    postings.computeIfAbsent(new Key(i, phrases[i]), k -> new ArrayList<>())
                            .add(d);
                }
            }
        }
        List<PopularPhrase> popular = new ArrayList<>();
        TreeMap<Integer, Integer> frequency = new TreeMap<>();
        for (Map.Entry<Key, List<Integer>> e : postings.entrySet()) {
            int count = e.getValue().size();
            if (count >= minDocuments) {
                int first = e.getValue().get(0);
                popular.add(new PopularPhrase(
                        e.getKey().selector(),
                        Long.toHexString(e.getKey().phrase()),
                        count,
                        texts.get(first)[e.getKey().selector()]));
                frequency.merge(count, 1, Integer::sum);
            }
        }
        popular.sort((a, b) -> a.documents() != b.documents()
                ? Integer.compare(b.documents(), a.documents())
                : a.text().compareTo(b.text()));

        Map<String, double[]> perHost = new TreeMap<>(); // pages, sum, sum of squares
        long[] popularPerDocument = new long[minHash.selectors() + 1];
        for (int d = 0; d < n; d++) {
            DocumentReport report = cover(d, classes, postings);
            popularPerDocument[report.popular()]++;
            double[] h = perHost.computeIfAbsent(hosts.get(d), k -> new double[3]);
            h[0]++;
            h[1] += report.popular();
            h[2] += (double) report.popular() * report.popular();
            documents.accept(report);
        }
        List<SiteReport> siteReports = new ArrayList<>();
        perHost.forEach((host, h) -> {
            if (h[0] >= minSitePages) {
                double mean = h[1] / h[0];
                double variance = Math.max(0, h[2] / h[0] - mean * mean);
                siteReports.add(new SiteReport(host, (int) h[0], round(mean), round(Math.sqrt(variance))));
            }
        });
        siteReports.sort((a, b) -> Double.compare(b.meanPopular(), a.meanPopular()));
        List<FrequencyRow> rows = frequency.entrySet().stream()
                .map(e -> new FrequencyRow(e.getKey(), e.getValue()))
                .toList();
        return new Result(n, classCount, popular, rows, siteReports, popularPerDocument);
    }

    private DocumentReport cover(int d, int[] classes, Map<Key, List<Integer>> postings) {
        long[] phrases = selected.get(d);
        String representative = classes[d] == d ? null : urls.get(classes[d]);
        BitSet target = new BitSet();
        Map<Integer, BitSet> held = new HashMap<>();
        for (int i = 0; i < phrases.length; i++) {
            List<Integer> docs = postings.get(new Key(i, phrases[i]));
            if (docs != null && docs.size() >= minDocuments) {
                target.set(i);
                for (int other : docs) {
                    if (classes[other] != classes[d]) {
                        held.computeIfAbsent(other, o -> new BitSet()).set(i);
                    }
                }
            }
        }
        String site = sites.get(d);
        List<GreedyCover.Candidate> candidates = new ArrayList<>(held.size());
        held.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> candidates.add(new GreedyCover.Candidate(
                        e.getKey(), !java.util.Objects.equals(sites.get(e.getKey()), site), e.getValue())));
        List<CoverDocument> cover = new ArrayList<>();
        int foreign = 0;
        for (GreedyCover.Step step : GreedyCover.cover(target, candidates)) {
            cover.add(new CoverDocument(urls.get(step.document()), step.covered(), step.foreign()));
            if (step.foreign()) {
                foreign += step.covered();
            }
        }
        return new DocumentReport(
                urls.get(d), hosts.get(d), phrases.length, target.cardinality(), cover, foreign, representative);
    }

    private long[] shingles(long[] phrases) {
        long[] shingles = new long[phrases.length];
        for (int i = 0; i < phrases.length; i++) {
            shingles[i] = minHash.select(i, phrases[i]);
        }
        return shingles;
    }

    static double round(double value) {
        return Math.round(value * 100) / 100.0;
    }
}
