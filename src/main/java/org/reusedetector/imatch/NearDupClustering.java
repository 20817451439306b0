package org.reusedetector.imatch;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import org.reusedetector.url.InvalidUrlException;
import org.reusedetector.url.NormalizedUrl;

/**
 * Near-duplicate clusters of a corpus (paper §4): two pages are near duplicates if their extended signatures agree
 * on at least one of the lexicons, and clusters are the connected components of that relation (union-find). Trivial
 * duplicates (identical bodies) are joined too, as the paper removes them before I-Match (§6.3): a page too small for a
 * signature is still clustered with its exact copies. Not thread-safe; holds one entry per signature.
 */
public final class NearDupClustering {

    private final int lexicons;
    private final UnionFind sets = new UnionFind();
    private final List<String> urls = new ArrayList<>();
    private final List<Map<ByteBuffer, Integer>> firstPage = new ArrayList<>();
    private final Map<ByteBuffer, Integer> firstCopy = new HashMap<>();
    /** Lexicons under which a page was joined to the first page of its signature, per page (bit j). */
    private final List<Long> joinedBy = new ArrayList<>();

    /**
     * A cluster of two or more pages.
     *
     * @param id stable within a run: {@code c<rank>} by size, then first URL
     * @param size pages in the cluster
     * @param hosts distinct hosts of its pages
     * @param urls the first URLs in sorted order, at most the cap
     * @param urlCount all URLs (= size)
     * @param lexiconsAgreeing lexicon numbers (0 = original) under which some of its pages share a signature
     * @param exactCopies whether some of its pages were joined as identical bodies
     */
    public record Cluster(
            String id,
            int size,
            int hosts,
            List<String> urls,
            int urlCount,
            List<Integer> lexiconsAgreeing,
            boolean exactCopies) {}

    /** Bit of {@link #joinedBy} for a join as identical bodies. */
    private static final long EXACT = 1L << 63;

    /** Clusters over the first {@code lexicons} coordinates of the signatures (1 = plain I-Match). */
    public NearDupClustering(int lexicons) {
        this.lexicons = lexicons;
        for (int j = 0; j < lexicons; j++) {
            firstPage.add(new HashMap<>());
        }
    }

    /** Adds a page by its signatures only; pages without any signature are left out (they cannot be clustered). */
    public void add(String url, byte[] signatures) {
        add(url, signatures, null);
    }

    /**
     * Adds a page; {@code bodyHash} (the SHA-1 of its body, or {@code null}) also joins it to identical pages. A page
     * with neither is left out.
     */
    public void add(String url, byte[] signatures, byte[] bodyHash) {
        int page = -1;
        long joined = 0;
        if (bodyHash != null) {
            page = sets.add();
            urls.add(url);
            Integer first = firstCopy.putIfAbsent(ByteBuffer.wrap(bodyHash), page);
            if (first != null) {
                sets.union(first, page);
                joined |= EXACT;
            }
        }
        for (int j = 0; j < Math.min(lexicons, Signatures.lexicons(signatures)); j++) {
            if (!Signatures.has(signatures, j)) {
                continue;
            }
            if (page < 0) {
                page = sets.add();
                urls.add(url);
            }
            ByteBuffer key = ByteBuffer.wrap(signatures, j * Signatures.LENGTH, Signatures.LENGTH)
                    .slice();
            Integer first = firstPage.get(j).putIfAbsent(key, page);
            if (first != null) {
                sets.union(first, page);
                joined |= 1L << j;
            }
        }
        if (page >= 0) {
            joinedBy.add(joined);
        }
    }

    /** Pages added with at least one signature or body hash. */
    public int pages() {
        return sets.count();
    }

    /** Clusters of two or more pages, largest first, with at most {@code urlCap} URLs each. */
    public List<Cluster> clusters(int urlCap) {
        Map<Integer, List<Integer>> members = new HashMap<>();
        Map<Integer, Long> agreeing = new HashMap<>();
        for (int page = 0; page < sets.count(); page++) {
            int root = sets.find(page);
            if (sets.sizeOf(root) > 1) {
                members.computeIfAbsent(root, r -> new ArrayList<>()).add(page);
                agreeing.merge(root, joinedBy.get(page), (a, b) -> a | b);
            }
        }
        List<Cluster> unnamed = new ArrayList<>();
        for (Map.Entry<Integer, List<Integer>> e : members.entrySet()) {
            TreeSet<String> sorted = new TreeSet<>();
            TreeSet<String> hosts = new TreeSet<>();
            for (int page : e.getValue()) {
                sorted.add(urls.get(page));
                hosts.add(hostOf(urls.get(page)));
            }
            List<Integer> lexiconsAgreeing = new ArrayList<>();
            long bits = agreeing.get(e.getKey());
            for (int j = 0; j < lexicons; j++) {
                if ((bits & (1L << j)) != 0) {
                    lexiconsAgreeing.add(j);
                }
            }
            unnamed.add(new Cluster(
                    null,
                    e.getValue().size(),
                    hosts.size(),
                    sorted.stream().limit(urlCap).toList(),
                    sorted.size(),
                    lexiconsAgreeing,
                    (bits & EXACT) != 0));
        }
        unnamed.sort(Comparator.comparingInt(Cluster::size)
                .reversed()
                .thenComparing(c -> c.urls().get(0)));
        List<Cluster> named = new ArrayList<>(unnamed.size());
        for (int i = 0; i < unnamed.size(); i++) {
            Cluster c = unnamed.get(i);
            named.add(new Cluster(
                    "c" + (i + 1), c.size(), c.hosts(), c.urls(), c.urlCount(), c.lexiconsAgreeing(), c.exactCopies()));
        }
        return named;
    }

    /** Number of clusters of each size. */
    public static SortedMap<Integer, Integer> sizeDistribution(List<Cluster> clusters) {
        SortedMap<Integer, Integer> bySize = new TreeMap<>();
        for (Cluster c : clusters) {
            bySize.merge(c.size(), 1, Integer::sum);
        }
        return bySize;
    }

    private static String hostOf(String url) {
        try {
            return NormalizedUrl.parse(url).origin();
        } catch (InvalidUrlException e) {
            return url;
        }
    }
}
