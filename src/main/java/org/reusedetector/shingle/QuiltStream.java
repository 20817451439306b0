package org.reusedetector.shingle;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.reusedetector.url.Sites;

/**
 * Najork 2012's quilt rule in the stream, against the pages seen recently instead of a whole corpus. The index is
 * bounded three ways: only grams whose fingerprint is 0 mod {@code sampleModulus} are indexed and judged (the same
 * grams on every page, so shared grams stay shared; fractions over the sample estimate fractions over all grams);
 * a gram's holders expire {@code ttlMillis} after their last update (state TTL); and a gram keeps at most m holders,
 * since one held by more is no patch gram whoever else holds it.
 *
 * @param params (k, m, c, θ) as in {@code quilts}
 * @param sampleModulus index only grams ≡ 0 mod this (1: all)
 * @param ttlMillis how long a gram's holders are kept
 * @param minGrams pages with fewer sampled grams are not judged (too little text for a fraction)
 * @param shards the index is keyed by shard (a function of the gram), and a page sends one record per shard that
 *     holds any of its sampled grams, not one per gram
 */
public record QuiltStream(QuiltParams params, int sampleModulus, long ttlMillis, int minGrams, int shards) implements Serializable {

    private static final long serialVersionUID = 2L;

    public static final int DEFAULT_SHARDS = 16;

    public QuiltStream(QuiltParams params, int sampleModulus, long ttlMillis, int minGrams) {
        this(params, sampleModulus, ttlMillis, minGrams, DEFAULT_SHARDS);
    }

    public QuiltStream {
        if (sampleModulus < 1 || shards < 1) {
            throw new IllegalArgumentException("quilt sample modulus and shards must be positive: " + sampleModulus + ", " + shards);
        }
    }

    /**
     * A quilted page.
     *
     * @param patchFraction the share of its sampled grams that are patch grams held by a foreign page
     * @param coveredFraction the share of its sampled grams covered by counted sources (at least φ each), judged against θ
     * @param sources the counted sources, in cover order
     */
    public record Verdict(double patchFraction, double coveredFraction, List<String> sources) {}

    /** The index shard of a (sampled) gram: high bits, since the sample fixed the low ones. */
    public int shardOf(long gram) {
        return (int) ((gram >>> 32) % shards);
    }

    /** A page's sampled grams split by shard: element s holds shard s's grams, or is {@code null}. */
    public long[][] byShard(long[] grams) {
        int[] counts = new int[shards];
        for (long g : grams) {
            counts[shardOf(g)]++;
        }
        long[][] split = new long[shards][];
        for (int s = 0; s < shards; s++) {
            if (counts[s] > 0) {
                split[s] = new long[counts[s]];
                counts[s] = 0;
            }
        }
        for (long g : grams) {
            int s = shardOf(g);
            split[s][counts[s]++] = g;
        }
        return split;
    }

    /** The page's distinct sampled k-grams. */
    public long[] sampledGrams(long[] words) {
        if (words.length < params.k()) {
            return new long[0];
        }
        long[] phrases = Phrases.circular(words, params.k());
        int n = 0;
        // the first n − k + 1 phrases are the grams (they do not wrap); sample before sorting, sort only the sample
        for (int i = 0; i <= words.length - params.k(); i++) {
            if (Long.remainderUnsigned(phrases[i], sampleModulus) == 0) {
                phrases[n++] = phrases[i];
            }
        }
        Arrays.sort(phrases, 0, n);
        int distinct = 0;
        for (int i = 0; i < n; i++) {
            if (i == 0 || phrases[i] != phrases[i - 1]) {
                phrases[distinct++] = phrases[i];
            }
        }
        return Arrays.copyOf(phrases, distinct);
    }

    /** As {@link #addHolder(String[], String)}, for holders named by {@link #holderId}. */
    public long[] addHolder(long[] holders, long id) {
        long[] current = holders == null ? new long[0] : holders;
        if (current.length >= params.m()) {
            return current;
        }
        for (long h : current) {
            if (h == id) {
                return current;
            }
        }
        long[] more = Arrays.copyOf(current, current.length + 1);
        more[current.length] = id;
        return more;
    }

    /** A page's 64-bit id in the gram index (a long per holder keeps the index's state small; about n²/2⁶⁵ collisions). */
    public static long holderId(String url) {
        return Fingerprints.word(url);
    }

    /** The holders a gram keeps: at most m (with m other holders a page's copy would be the m + 1-th document). */
    public String[] addHolder(String[] holders, String url) {
        String[] current = holders == null ? new String[0] : holders;
        if (current.length >= params.m() || Arrays.asList(current).contains(url)) {
            return current;
        }
        String[] more = Arrays.copyOf(current, current.length + 1);
        more[current.length] = url;
        return more;
    }

    /**
     * The verdict on a page from its sampled grams' earlier holders (other pages, in the order seen), or {@code null}
     * when it is no quilt: a gram is a patch gram when 1 to m − 1 other pages hold it, one of them on another site
     * (Najork's foreign-sourced variant); the page is quilted when at least θ of its sampled grams are covered by
     * the counted members of the greedy cover by foreign pages (members covering at least {@code minSourceGrams /
     * sampleModulus} sampled grams, at least 1), and there are at least c of them. The own-site rule applies when
     * set; borrowers need no rule here, since only earlier pages answer.
     */
    public Verdict judge(String url, List<String[]> holdersPerGram) {
        int n = holdersPerGram.size();
        if (n < Math.max(1, minGrams)) {
            return null;
        }
        String site = Sites.ofUrl(url);
        Map<String, String> sites = new HashMap<>(); // the public-suffix lookup once per holder, not once per gram
        Map<String, Integer> sourceIds = new HashMap<>();
        List<String> sourceUrls = new ArrayList<>();
        List<BitSet> items = new ArrayList<>();
        BitSet patch = new BitSet(n);
        for (int i = 0; i < n; i++) {
            String[] holders = holdersPerGram.get(i);
            List<String> others = new ArrayList<>();
            for (String h : holders) {
                if (!h.equals(url)) {
                    others.add(h);
                }
            }
            if (others.isEmpty() || others.size() > params.m() - 1) {
                continue;
            }
            if (params.ownSiteTextExcluded() && site != null && others.stream().anyMatch(o -> site.equals(sites.computeIfAbsent(o, Sites::ofUrl)))) {
                continue; // the server's own text, wherever else it went
            }
            boolean foreign = false;
            for (String other : others) {
                if (site == null || !Objects.equals(site, sites.computeIfAbsent(other, Sites::ofUrl))) {
                    foreign = true;
                    int id = sourceIds.computeIfAbsent(other, o -> {
                        sourceUrls.add(o);
                        items.add(new BitSet(n));
                        return sourceUrls.size() - 1;
                    });
                    items.get(id).set(i);
                }
            }
            if (foreign) {
                patch.set(i);
            }
        }
        double patchFraction = (double) patch.cardinality() / n;
        if (patchFraction < params.theta()) {
            return null;
        }
        List<GreedyCover.Candidate> candidates = new ArrayList<>();
        for (int id = 0; id < sourceUrls.size(); id++) {
            candidates.add(new GreedyCover.Candidate(id, true, items.get(id)));
        }
        // a source counts only if it covers enough grams (a tail of one-gram sources does not make a page copied
        // whole a quilt); the floor is in grams of the whole page, of which one in sampleModulus is seen here
        int minCounted = Math.max(1, params.minSourceGrams() / sampleModulus);
        List<String> counted = new ArrayList<>();
        int covered = 0;
        for (GreedyCover.Step step : GreedyCover.cover(patch, candidates)) {
            if (step.covered() >= minCounted) {
                counted.add(sourceUrls.get(step.document()));
                covered += step.covered();
            }
        }
        double coveredFraction = (double) covered / n;
        if (counted.size() < params.c() || coveredFraction < params.theta()) {
            return null;
        }
        return new Verdict(patchFraction, coveredFraction, counted);
    }
}
