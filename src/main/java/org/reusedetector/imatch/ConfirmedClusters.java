package org.reusedetector.imatch;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Clusters whose every join {@link JoinRule} confirmed, built as stars: pages are taken smallest first (fewest phrases,
 * then in the order added), and each joins a cluster only if the rule confirms it against that cluster's first page,
 * its leader; a page that none confirms leads a cluster of its own. A page's candidate clusters are those of the pages
 * that share one of its signatures (under any lexicon), and of those the one whose leader it resembles most is
 * joined. Identical bodies join without a test (paper §6.3: trivial duplicates).
 *
 * <p>Why stars, not union-find over confirmed pairs: union-find chains joins, under one lexicon and across lexicons, so
 * that a cluster holds pages two or more confirmed steps apart that resemble each other little (sibling javadoc pages
 * and their copies, each pair just over the bar). A star's members are all confirmed against one page, and two
 * clusters never merge. Smallest first makes a source the leader of its copies with text added, which all hold it.
 *
 * <p>A signature shared by many distinct pages (thousands of generated pages of one template) would make every page a
 * candidate of every cluster: where a signature's pages sit in more than {@value #MAX_CANDIDATES} clusters, only the
 * {@value #MAX_CANDIDATES} whose leaders share the most sampled phrases with the page are compared, found through an
 * index from sampled phrase to leaders; a phrase that more than {@value #MAX_LEADERS_PER_PHRASE} of those leaders hold
 * (a template phrase) is left out of the index.
 */
final class ConfirmedClusters {

    static final int MAX_CANDIDATES = 16;
    static final int MAX_LEADERS_PER_PHRASE = 32;

    private final List<byte[]> signatures;
    private final List<PhraseSample> samples;
    private final int lexicons;
    private final JoinRule rule;
    /** Cluster number → its leader page. */
    private final List<Integer> leaders = new ArrayList<>();
    /** Per lexicon: signature → the pages sharing it so far, by cluster. */
    private final List<Map<ByteBuffer, Bucket>> buckets = new ArrayList<>();

    /** The clusters of the pages placed so far that share one signature. */
    private static final class Bucket {
        final Set<Integer> clusters = new LinkedHashSet<>();
        /** Sampled phrase → clusters of this bucket whose leader holds it; built once it has too many clusters. */
        Map<Long, List<Integer>> byPhrase;
    }

    private ConfirmedClusters(List<byte[]> signatures, List<PhraseSample> samples, int lexicons, JoinRule rule) {
        this.signatures = signatures;
        this.samples = samples;
        this.lexicons = lexicons;
        this.rule = rule;
        for (int j = 0; j < lexicons; j++) {
            buckets.add(new HashMap<>());
        }
    }

    /**
     * Per page, the leader of its cluster (itself for a leader); {@code joinedBy} gets, per page that joined a cluster,
     * bit j for each lexicon under which it shares a signature with that cluster, and {@code exact} for a join as an
     * identical body.
     */
    static int[] of(
            List<byte[]> signatures,
            List<byte[]> bodyHashes,
            List<PhraseSample> samples,
            int lexicons,
            JoinRule rule,
            long[] joinedBy,
            long exact) {
        return new ConfirmedClusters(signatures, samples, lexicons, rule).place(bodyHashes, joinedBy, exact);
    }

    private int[] place(List<byte[]> bodyHashes, long[] joinedBy, long exact) {
        int n = signatures.size();
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> {
            int bySize = Integer.compare(size(a), size(b));
            return bySize != 0 ? bySize : Integer.compare(a, b);
        });
        int[] clusterOf = new int[n];
        Map<ByteBuffer, Integer> byBody = new HashMap<>();
        for (int page : order) {
            byte[] body = bodyHashes.get(page);
            Integer copyOf = body == null ? null : byBody.get(ByteBuffer.wrap(body));
            int cluster;
            if (copyOf != null) {
                cluster = copyOf;
                joinedBy[page] |= exact;
            } else {
                cluster = bestConfirmed(page);
            }
            if (cluster < 0) {
                cluster = leaders.size();
                leaders.add(page);
            } else {
                joinedBy[page] |= sharedLexicons(page, cluster);
            }
            clusterOf[page] = cluster;
            if (body != null) {
                byBody.putIfAbsent(ByteBuffer.wrap(body), cluster);
            }
            register(page, cluster);
        }
        int[] leaderOf = new int[n];
        for (int page = 0; page < n; page++) {
            leaderOf[page] = leaders.get(clusterOf[page]);
        }
        return leaderOf;
    }

    private int size(int page) {
        PhraseSample sample = samples.get(page);
        return sample == null ? 0 : sample.phrases();
    }

    /** The candidate cluster whose leader confirms the page and resembles it most, or -1. */
    private int bestConfirmed(int page) {
        PhraseSample sample = samples.get(page);
        if (sample == null) {
            return -1;
        }
        Set<Integer> candidates = new LinkedHashSet<>();
        byte[] packed = signatures.get(page);
        for (int j = 0; j < lexicons; j++) {
            if (Signatures.has(packed, j)) {
                Bucket bucket = buckets.get(j).get(NearDupClustering.key(packed, j));
                if (bucket != null) {
                    candidates.addAll(
                            bucket.clusters.size() <= MAX_CANDIDATES ? bucket.clusters : mostShared(bucket, sample));
                }
            }
        }
        int best = -1;
        double bestResemblance = -1;
        for (int cluster : candidates) {
            PhraseSample.Overlap overlap = samples.get(leaders.get(cluster)).overlap(sample);
            if (rule.confirms(overlap) && overlap.resemblance() > bestResemblance) {
                best = cluster;
                bestResemblance = overlap.resemblance();
            }
        }
        return best;
    }

    /** The clusters of a bucket whose leaders share the most sampled phrases with the page, at most {@value #MAX_CANDIDATES}. */
    private List<Integer> mostShared(Bucket bucket, PhraseSample sample) {
        if (bucket.byPhrase == null) {
            bucket.byPhrase = new HashMap<>();
            for (int cluster : bucket.clusters) {
                index(bucket, cluster);
            }
        }
        Map<Integer, Integer> shared = new HashMap<>();
        for (long phrase : sample.values()) {
            List<Integer> holders = bucket.byPhrase.get(phrase);
            if (holders != null && holders.size() <= MAX_LEADERS_PER_PHRASE) {
                for (int cluster : holders) {
                    shared.merge(cluster, 1, Integer::sum);
                }
            }
        }
        List<Integer> ranked = new ArrayList<>(shared.keySet());
        ranked.sort((a, b) -> {
            int byCount = Integer.compare(shared.get(b), shared.get(a));
            return byCount != 0 ? byCount : Integer.compare(a, b);
        });
        return ranked.subList(0, Math.min(MAX_CANDIDATES, ranked.size()));
    }

    private void index(Bucket bucket, int cluster) {
        PhraseSample leader = samples.get(leaders.get(cluster));
        if (leader == null) {
            return;
        }
        for (long phrase : leader.values()) {
            List<Integer> holders = bucket.byPhrase.computeIfAbsent(phrase, p -> new ArrayList<>(1));
            if (holders.size() <= MAX_LEADERS_PER_PHRASE) { // one past the limit marks the phrase as too common
                holders.add(cluster);
            }
        }
    }

    /** Lexicons under which the page shares a signature with a page of the cluster (bit j). */
    private long sharedLexicons(int page, int cluster) {
        long bits = 0;
        byte[] packed = signatures.get(page);
        for (int j = 0; j < lexicons; j++) {
            if (Signatures.has(packed, j)) {
                Bucket bucket = buckets.get(j).get(NearDupClustering.key(packed, j));
                if (bucket != null && bucket.clusters.contains(cluster)) {
                    bits |= 1L << j;
                }
            }
        }
        return bits;
    }

    /** Notes the page's cluster under each of its signatures. */
    private void register(int page, int cluster) {
        byte[] packed = signatures.get(page);
        for (int j = 0; j < lexicons; j++) {
            if (Signatures.has(packed, j)) {
                Bucket bucket = buckets.get(j).computeIfAbsent(NearDupClustering.key(packed, j), k -> new Bucket());
                if (bucket.clusters.add(cluster) && bucket.byPhrase != null) {
                    index(bucket, cluster);
                }
            }
        }
    }
}
