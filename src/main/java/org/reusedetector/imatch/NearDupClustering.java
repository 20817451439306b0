package org.reusedetector.imatch;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.commons.codec.digest.DigestUtils;
import org.reusedetector.url.InvalidUrlException;
import org.reusedetector.url.NormalizedUrl;

/**
 * Near-duplicate clusters of a corpus (paper §4): two pages are near duplicates if their extended signatures agree
 * on at least one of the lexicons, and clusters are the connected components of that relation (union-find). Trivial
 * duplicates (identical bodies) are joined too, as the paper removes them before I-Match (§6.3): a page too small for a
 * signature is still clustered with its exact copies.
 *
 * <p>With a {@link JoinRule} (our deviation), the pages that share a signature are only candidates: a page joins a
 * cluster when its phrases confirm the join against the cluster's leader ({@link ConfirmedClusters}). Without one,
 * every page sharing a signature is joined, as in the paper.
 * Not thread-safe; holds every added page's signatures and phrase sample until {@link #clusters}.
 */
public final class NearDupClustering {

    private final int lexicons;
    private final JoinRule rule;
    private final List<String> urls = new ArrayList<>();
    private final List<byte[]> signatures = new ArrayList<>();
    private final List<byte[]> bodyHashes = new ArrayList<>();
    private final List<PhraseSample> samples = new ArrayList<>();
    private UnionFind sets;
    /** Lexicons under which a page was joined to another page, per page (bit j; {@link #EXACT} for identical bodies). */
    private long[] joinedBy;
    /**
     * Per lexicon, per page: the leader of its cluster where the pages sharing its signature fell into more than one
     * cluster, else -1 ({@link #signatureAsClustered}).
     */
    private int[][] groupOf;

    private int signaturesSplit;

    /**
     * A cluster of two or more pages.
     *
     * @param id stable within a run: {@code c<rank>} by size, then first URL
     * @param size pages in the cluster
     * @param hosts distinct hosts of its pages
     * @param urls the first URLs in sorted order, at most the cap
     * @param urlCount all URLs (= size)
     * @param lexiconsAgreeing lexicon numbers (0 = original) under which some of its pages were joined
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

    /** Clusters over the first {@code lexicons} coordinates of the signatures (1 = plain I-Match), as in the paper. */
    public NearDupClustering(int lexicons) {
        this(lexicons, null);
    }

    /**
     * Clusters over the first {@code lexicons} coordinates of the signatures, joining pages that share one only when
     * {@code rule} confirms it ({@code null}: on the signature alone).
     */
    public NearDupClustering(int lexicons, JoinRule rule) {
        this.lexicons = lexicons;
        this.rule = rule;
    }

    /** Adds a page by its signatures only; pages without any signature are left out (they cannot be clustered). */
    public int add(String url, byte[] signatures) {
        return add(url, signatures, null, null);
    }

    /**
     * Adds a page; {@code bodyHash} (the SHA-1 of its body, or {@code null}) also joins it to identical pages, and
     * {@code sample} (needed with a join rule) confirms its joins by signature. A page with neither signature nor body
     * hash is left out. Returns the page's number, or -1 when it is left out.
     */
    public int add(String url, byte[] signatures, byte[] bodyHash, PhraseSample sample) {
        boolean signed = signed(signatures);
        if (bodyHash == null && !signed) {
            return -1;
        }
        if (rule != null && sample == null && signed) {
            throw new IllegalArgumentException("a join rule needs the phrase sample of " + url);
        }
        sets = null; // clusters are computed again
        urls.add(url);
        this.signatures.add(signatures);
        bodyHashes.add(bodyHash);
        samples.add(sample);
        return urls.size() - 1;
    }

    /** Pages added with at least one signature or body hash. */
    public int pages() {
        return urls.size();
    }

    /** Signatures shared by two or more pages whose pages the join rule left in more than one cluster. */
    public int signaturesSplit() {
        join();
        return signaturesSplit;
    }

    /**
     * Page {@code page}'s signature under lexicon {@code j} as the clusters use it (for {@code signatures.jsonl}): the
     * I-Match signature where all pages sharing it were joined, else the SHA-1 of it and the URL of the leader of the
     * page's cluster, so that pages share the value only within one cluster; {@code null} where the page has none.
     */
    public byte[] signatureAsClustered(int page, int j) {
        join();
        byte[] packed = signatures.get(page);
        if (!Signatures.has(packed, j)) {
            return null;
        }
        byte[] signature = Arrays.copyOfRange(packed, j * Signatures.LENGTH, (j + 1) * Signatures.LENGTH);
        int group = j < groupOf.length ? groupOf[j][page] : -1;
        if (group < 0) {
            return signature;
        }
        MessageDigest digest = DigestUtils.getSha1Digest();
        digest.update(signature);
        digest.update(urls.get(group).getBytes(StandardCharsets.UTF_8));
        return digest.digest();
    }

    /** Clusters of two or more pages, largest first, with at most {@code urlCap} URLs each. */
    public List<Cluster> clusters(int urlCap) {
        join();
        Map<Integer, List<Integer>> members = new HashMap<>();
        Map<Integer, Long> agreeing = new HashMap<>();
        for (int page = 0; page < sets.count(); page++) {
            int root = sets.find(page);
            if (sets.sizeOf(root) > 1) {
                members.computeIfAbsent(root, r -> new ArrayList<>()).add(page);
                agreeing.merge(root, joinedBy[page], (a, b) -> a | b);
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

    /**
     * Joins the pages: without a rule, identical bodies and, per lexicon, the pages sharing a signature; with one, as
     * {@link ConfirmedClusters} places them.
     */
    private void join() {
        if (sets != null) {
            return;
        }
        int n = urls.size();
        sets = new UnionFind();
        for (int page = 0; page < n; page++) {
            sets.add();
        }
        joinedBy = new long[n];
        signaturesSplit = 0;
        groupOf = new int[lexicons][];
        int[] leaderOf = null;
        if (rule != null) {
            leaderOf = ConfirmedClusters.of(signatures, bodyHashes, samples, lexicons, rule, joinedBy, EXACT);
            for (int page = 0; page < n; page++) {
                sets.union(leaderOf[page], page);
            }
        } else {
            joinIdenticalBodies();
        }
        for (int j = 0; j < lexicons; j++) {
            groupOf[j] = new int[n];
            Arrays.fill(groupOf[j], -1);
            for (int[] shared : sharing(j)) {
                if (leaderOf == null) { // the paper: every page to the first page of the signature
                    for (int i = 1; i < shared.length; i++) {
                        sets.union(shared[0], shared[i]);
                        joinedBy[shared[i]] |= 1L << j;
                    }
                    continue;
                }
                boolean split = false;
                for (int page : shared) {
                    split |= leaderOf[page] != leaderOf[shared[0]];
                }
                if (split) {
                    signaturesSplit++;
                    for (int page : shared) {
                        groupOf[j][page] = leaderOf[page];
                    }
                }
            }
        }
    }

    private void joinIdenticalBodies() {
        Map<ByteBuffer, Integer> firstCopy = new HashMap<>();
        for (int page = 0; page < urls.size(); page++) {
            byte[] bodyHash = bodyHashes.get(page);
            if (bodyHash != null) {
                Integer first = firstCopy.putIfAbsent(ByteBuffer.wrap(bodyHash), page);
                if (first != null) {
                    sets.union(first, page);
                    joinedBy[page] |= EXACT;
                }
            }
        }
    }

    /** The pages of each signature of lexicon {@code j} that two or more pages share, in the order they were added. */
    private List<int[]> sharing(int j) {
        Map<ByteBuffer, int[]> bySignature = new LinkedHashMap<>();
        Map<ByteBuffer, Integer> counts = new HashMap<>();
        for (int page = 0; page < urls.size(); page++) {
            byte[] packed = signatures.get(page);
            if (j < Signatures.lexicons(packed) && Signatures.has(packed, j)) {
                counts.merge(key(packed, j), 1, Integer::sum);
            }
        }
        Map<ByteBuffer, Integer> filled = new HashMap<>();
        for (int page = 0; page < urls.size(); page++) {
            byte[] packed = signatures.get(page);
            if (j < Signatures.lexicons(packed) && Signatures.has(packed, j)) {
                ByteBuffer key = key(packed, j);
                int count = counts.get(key);
                if (count > 1) {
                    int at = filled.merge(key, 1, Integer::sum) - 1;
                    bySignature.computeIfAbsent(key, k -> new int[count])[at] = page;
                }
            }
        }
        return new ArrayList<>(bySignature.values());
    }

    /** Whether the page has a signature under one of the lexicons clustered over. */
    private boolean signed(byte[] packed) {
        for (int j = 0; j < lexicons; j++) {
            if (Signatures.has(packed, j)) {
                return true;
            }
        }
        return false;
    }

    /** Lexicon {@code j}'s signature of a page, as a map key (a view, not a copy). */
    static ByteBuffer key(byte[] packed, int j) {
        return ByteBuffer.wrap(packed, j * Signatures.LENGTH, Signatures.LENGTH).slice();
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
