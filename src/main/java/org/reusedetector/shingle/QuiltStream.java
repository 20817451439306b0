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
 */
public record QuiltStream(QuiltParams params, int sampleModulus, long ttlMillis, int minGrams) implements Serializable {

    private static final long serialVersionUID = 1L;

    /** A quilted page: the share of its sampled grams that are foreign-held patch grams, and its cover's sources. */
    public record Verdict(double patchFraction, List<String> sources) {}

    /** The page's distinct sampled k-grams. */
    public long[] sampledGrams(long[] words) {
        long[] grams = Phrases.gramSet(words, params.k());
        int n = 0;
        for (long g : grams) {
            if (Long.remainderUnsigned(g, sampleModulus) == 0) {
                grams[n++] = g;
            }
        }
        return Arrays.copyOf(grams, n);
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
     * (Najork's foreign-sourced variant); the page is quilted when at least θ of its sampled grams are patch grams
     * and the greedy cover of them by foreign pages has at least c members.
     */
    public Verdict judge(String url, List<String[]> holdersPerGram) {
        int n = holdersPerGram.size();
        if (n < Math.max(1, minGrams)) {
            return null;
        }
        String site = Sites.ofUrl(url);
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
            boolean foreign = false;
            for (String other : others) {
                if (site == null || !Objects.equals(site, Sites.ofUrl(other))) {
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
        List<GreedyCover.Step> cover = GreedyCover.cover(patch, candidates);
        if (cover.size() < params.c()) {
            return null;
        }
        return new Verdict(patchFraction, cover.stream().map(s -> sourceUrls.get(s.document())).toList());
    }
}
