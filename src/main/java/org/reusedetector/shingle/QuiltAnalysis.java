package org.reusedetector.shingle;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Quilted pages (Najork 2012), foreign-sourced: the sources of a page must be on another server than the page, and a
 * server is a registrable ("paid-level") domain, as in the paper's §3 ("we treated paid domain names (such as
 * microsoft.com or cam.ac.uk) as the identifiers of servers"). Add every document's k-gram set, then
 * {@link #analyse}.
 *
 * <p>Optionally, exact and near-duplicate pages (2 of 6 supershingles, {@link NearDuplicates}) are collapsed first, as Fetterly
 * et al. 2005 §3.2 do and as Najork 2012 §1.1 describes of that work: a class counts once in |docs_k(g)|, and a
 * page's class-mates are not its sources. Otherwise the original of a page copied whole onto another server is a
 * "quilt" of its copies. Off by default: counting a class once turns more grams into patch grams, and on the standard
 * crawls it flagged more background pages (527 against 207 on the default crawl).
 *
 * <p>The foreign refinement is applied to both conditions of the definition: the paper's §3 restricts the cover
 * set C to grams shared with documents on other servers, and we also count only those grams toward θ (the
 * <em>covered fraction</em>, patch grams of d held by a foreign document, over all grams of d). Otherwise a page
 * whose patch grams are mostly its own site's navigation, and a few of whose paragraphs were taken by quilts on
 * other servers, is a "quilt" of the pages that copied it. The unrefined patch fraction is reported alongside.
 *
 * <p>The refinements of {@link QuiltParams} give the symmetric rule a direction: sources under a floor of grams do not
 * count, and after a first verdict on every page, a page's <em>borrowers</em> (sources that are themselves quilted,
 * more fully, and name the page among their counted sources) are left out and its cover computed again; so are
 * <em>sibling copies</em> of a quilted page's sources (near-duplicates of another page of the page's own server).
 * Pages of a <em>copy site</em> of the page's server (a site-level signal, not in the paper: a foreign server most of
 * whose pages are copies of the server's text, see {@link #copySites}) are no sources at all: what they share with
 * the page is the server's own text, whichever of its pages it was copied from; servers that copy each other are
 * left to the paper's rule. A copy site also counts once in |docs_k(g)| ({@link #COPY_SITES_COUNT_ONCE}). On the
 * standard crawls: 207 → 49 → 0 background pages flagged (default crawl, quilts found 105 → 108 → 116 of 120) and
 * 7 → 0 (javadoc, 25 → 22 → 24 of 36), against the paper's rule with c = 4; the copy-site rule took the default crawl
 * from 49 to 0 (translations of one manual, whose mutated, ad-wrapped and quilted copies held paragraphs every
 * translation keeps untranslated), and counting copy sites once found 7 more quilts there and 2 on javadoc.
 *
 * <p>Memory: the gram sets of all documents (8 bytes a distinct gram of a page), a count per distinct gram (12
 * bytes) and postings for patch grams only (at most m documents each). For the standard crawls (10⁴ pages) that is
 * some 100 MB; a crawl of 10⁶ pages wants the per-gram counts as a Flink batch aggregation instead.
 */
public final class QuiltAnalysis {

    /**
     * A source of a quilt and the number of the quilt's patch grams it newly covered (in cover order); {@code
     * equivalents} are pages that would have covered exactly the same grams at that step (copies of the same text,
     * all named: a patch gram is in at most m pages, so there are fewer than m); {@code counted} when it covered at least {@link QuiltParams#minSourceGrams}
     * grams, so that it counts toward c and θ.
     */
    public record Source(String url, int grams, List<String> equivalents, boolean counted) {}

    /** Copies of the page named at most (equivalents are all named: fewer than m, see {@link Source}). */
    static final int MAX_EQUIVALENTS = 20;

    /**
     * The verdict on one page whose patch fraction reached θ.
     *
     * @param grams distinct k-grams of the page
     * @param patchGrams of them, patch grams
     * @param patchFraction patchGrams / grams
     * @param coveredFraction the fraction of the page's grams covered by its counted (foreign, not copies, at least
     *     φ each) sources
     * @param sources greedy cover order, counted or not
     * @param countedSources sources that count toward c
     * @param copies foreign pages left out as copies of the page (resemblance ≥ the copy resemblance)
     * @param quilted coveredFraction ≥ θ and at least c counted sources (see the class comment)
     */
    public record Verdict(
            String url,
            int grams,
            int patchGrams,
            double patchFraction,
            double coveredFraction,
            List<Source> sources,
            int countedSources,
            List<String> copies,
            boolean quilted) {}

    private final QuiltParams params;
    private final List<String> urls = new ArrayList<>();
    private final List<String> sites = new ArrayList<>();
    private final List<long[]> gramSets = new ArrayList<>();
    private final List<long[]> shingles = new ArrayList<>();

    private final boolean collapse;

    /** @param collapse collapse exact and near-duplicates first (see the class comment) */
    public QuiltAnalysis(QuiltParams params, boolean collapse) {
        this.params = params;
        this.collapse = collapse;
    }

    public QuiltParams params() {
        return params;
    }

    /**
     * Adds a document: its URL, its server (registrable domain), its distinct sorted gram set ({@link
     * Phrases#gramSet}) and its min-hash shingles (for collapsing near-duplicates; empty for a page without words).
     */
    public void add(String url, String site, long[] gramSet, long[] minHashShingles) {
        urls.add(url);
        sites.add(site);
        gramSets.add(gramSet);
        shingles.add(minHashShingles);
    }

    /** Replaces document {@code index} (a newer fetch of the same URL). */
    public void replace(int index, String url, String site, long[] gramSet, long[] minHashShingles) {
        urls.set(index, url);
        sites.set(index, site);
        gramSets.set(index, gramSet);
        shingles.set(index, minHashShingles);
    }

    public int documents() {
        return urls.size();
    }

    /** Judges every document whose patch fraction reaches θ, in the order added. */
    public void analyse(Consumer<Verdict> verdicts) {
        long totalGrams = 0;
        for (long[] grams : gramSets) {
            totalGrams += grams.length;
        }
        NearDuplicates near = new NearDuplicates();
        for (long[] s : shingles) {
            near.add(s);
        }
        classes = new int[gramSets.size()];
        for (int d = 0; d < classes.length; d++) {
            classes[d] = collapse ? near.classOf(d) : d;
        }
        LongIntCounts patchIds = new LongIntCounts(1024);
        List<int[]> postings = new ArrayList<>();
        index(totalGrams, patchIds, postings);
        copySites = params.copySitesExcluded() ? copySites(patchIds, postings) : java.util.Set.of();
        if (!copySites.isEmpty() && COPY_SITES_COUNT_ONCE) {
            // a copy site's pages are no independent documents: the site counts once in |docs_k(g)|
            java.util.Set<Integer> copiers = new java.util.HashSet<>();
            copySites.forEach(pair -> copiers.add((int) (pair >>> 32)));
            for (int d = 0; d < classes.length; d++) {
                if (copiers.contains(serverIds[d])) {
                    classes[d] = classes.length + serverIds[d];
                }
            }
            patchIds = new LongIntCounts(1024);
            postings = new ArrayList<>();
            index(totalGrams, patchIds, postings);
        }
        Judged[] first = new Judged[gramSets.size()];
        for (int d = 0; d < gramSets.size(); d++) {
            first[d] = judge(d, patchIds, postings, java.util.Set.of());
        }
        Map<Integer, Sharing> sharing = new HashMap<>();
        for (int d = 0; d < first.length; d++) {
            Judged judged = first[d];
            if (judged == null) {
                continue;
            }
            java.util.Set<Integer> excluded = new java.util.HashSet<>();
            if (params.borrowersExcluded() && judged.verdict().quilted()) {
                for (int source : judged.counted()) {
                    Judged other = first[source];
                    if (other != null
                            && other.verdict().quilted()
                            && other.verdict().coveredFraction()
                                    > judged.verdict().coveredFraction()
                            && other.named().contains(d)) {
                        excluded.add(source);
                    }
                }
                if (!excluded.isEmpty()) {
                    judged = judge(d, patchIds, postings, excluded);
                }
            }
            // a left-out sibling copy can make way for another (a second copy of the sibling): look again, a few times
            for (int round = 0;
                    round < SIBLING_ROUNDS
                            && params.siblingCopiesExcluded()
                            && judged.verdict().quilted();
                    round++) {
                int before = excluded.size();
                for (int source : judged.counted()) {
                    if (isSiblingCopy(source, d, patchIds, postings, sharing)) {
                        excluded.add(source);
                    }
                }
                if (excluded.size() == before) {
                    break;
                }
                judged = judge(d, patchIds, postings, excluded);
            }
            verdicts.accept(judged.verdict());
        }
    }

    /** Counts |docs_k(g)| with a class of {@link #classes} once, and fills the postings of the patch grams. */
    private void index(long totalGrams, LongIntCounts patchIds, List<int[]> postings) {
        Map<Integer, List<Integer>> members = new HashMap<>();
        for (int d = 0; d < classes.length; d++) {
            members.computeIfAbsent(classes[d], c -> new ArrayList<>()).add(d);
        }
        // |docs_k(g)| counts a class of near-duplicates once (Fetterly et al. 2005 §3.2 collapse them first)
        LongIntCounts classesPerGram = new LongIntCounts((int) Math.min(Integer.MAX_VALUE / 4, totalGrams / 2 + 16));
        for (List<Integer> cls : members.values()) {
            long[] grams = gramSets.get(cls.get(0));
            if (cls.size() > 1) {
                grams = cls.stream()
                        .flatMapToLong(d -> java.util.Arrays.stream(gramSets.get(d)))
                        .distinct()
                        .toArray();
            }
            for (long g : grams) {
                classesPerGram.increment(g);
            }
        }
        // postings of patch grams only: docs_k(g) for 1 < |docs_k(g)| ≤ m
        List<Integer> filled = new ArrayList<>();
        for (int d = 0; d < gramSets.size(); d++) {
            for (long g : gramSets.get(d)) {
                int count = classesPerGram.get(g);
                if (count > 1 && count <= params.m()) {
                    int id = patchIds.get(g) - 1;
                    if (id < 0) {
                        id = postings.size();
                        patchIds.put(g, id + 1);
                        postings.add(new int[count]);
                        filled.add(0);
                    }
                    int at = filled.get(id);
                    if (at == postings.get(id).length) {
                        postings.set(id, java.util.Arrays.copyOf(postings.get(id), at * 2));
                    }
                    postings.get(id)[at] = d;
                    filled.set(id, at + 1);
                }
            }
        }
        for (int id = 0; id < postings.size(); id++) {
            postings.set(id, java.util.Arrays.copyOf(postings.get(id), filled.get(id)));
        }
    }

    /**
     * A copy site counts once in |docs_k(g)| (as a class of near-duplicates does in Fetterly et al. 2005; a deviation
     * from Najork's count of pages): the donor text of a quilt held by a copied server and its many copies is then not
     * "in more than m pages", while text on more than m pages of one server (its template) stays out. Default crawl:
     * quilts found 109 → 116 of 120; javadoc 22 → 24 of 36; no background page flagged on either.
     */
    static final boolean COPY_SITES_COUNT_ONCE = true;

    private static final int SIBLING_ROUNDS = 3;

    /** Pairs (copier server, copied server) as {@link #serverPair}; see {@link #copySites(LongIntCounts, List)}. */
    private java.util.Set<Long> copySites = java.util.Set.of();

    private int[] serverIds;

    static final double COPY_PAGE_SHARE = 0.8;
    static final double COPY_SITE_SHARE = 0.5;
    /** Fewer copied pages are no site-level evidence: a one-page donor all of whose shared text a quilt took is no copy site. */
    static final int MIN_COPY_PAGES = 5;

    private static long serverPair(int copier, int copied) {
        return ((long) copier << 32) | (copied & 0xffffffffL);
    }

    /**
     * Copy sites: server A is a copy site of server S when at least {@link #COPY_SITE_SHARE} of A's pages, and at least
     * {@link #MIN_COPY_PAGES}, are copies of S's text, a page being a copy of S's text when pages of S hold at least
     * {@link #COPY_PAGE_SHARE} of its patch grams. Mirrors, mutated copies and pages stitched from S's paragraphs all
     * are; a donor is not, since only a few of its pages gave patches. Servers that are copy sites of each other
     * (a whole site mirrored) are left to the paper's rule: which one holds the original is not known.
     */
    private java.util.Set<Long> copySites(LongIntCounts patchIds, List<int[]> postings) {
        Map<String, Integer> ids = new HashMap<>();
        serverIds = new int[sites.size()];
        for (int d = 0; d < serverIds.length; d++) {
            serverIds[d] = ids.computeIfAbsent(java.util.Objects.requireNonNullElse(sites.get(d), ""), x -> ids.size());
        }
        int servers = ids.size();
        int[] pagesOf = new int[servers];
        LongIntCounts copiesOf = new LongIntCounts(1024);
        int[] heldOn = new int[servers];
        int[] seenAt = new int[servers];
        java.util.Arrays.fill(seenAt, -1);
        List<Integer> touched = new ArrayList<>();
        int stamp = 0;
        for (int d = 0; d < gramSets.size(); d++) {
            if (gramSets.get(d).length == 0) {
                continue;
            }
            int own = serverIds[d];
            pagesOf[own]++;
            int patch = 0;
            touched.clear();
            for (long g : gramSets.get(d)) {
                int id = patchIds.get(g) - 1;
                if (id < 0) {
                    continue;
                }
                patch++;
                stamp++;
                for (int holder : postings.get(id)) {
                    int server = serverIds[holder];
                    if (server != own && seenAt[server] != stamp) {
                        seenAt[server] = stamp;
                        if (heldOn[server]++ == 0) {
                            touched.add(server);
                        }
                    }
                }
            }
            for (int server : touched) {
                if (patch > 0 && heldOn[server] >= COPY_PAGE_SHARE * patch) {
                    copiesOf.increment(serverPair(own, server));
                }
                heldOn[server] = 0;
            }
        }
        java.util.Set<Long> copying = new java.util.HashSet<>();
        for (long pair : copiesOf.keys()) {
            int copier = (int) (pair >>> 32);
            if (copiesOf.get(pair) >= MIN_COPY_PAGES && copiesOf.get(pair) >= COPY_SITE_SHARE * pagesOf[copier]) {
                copying.add(pair);
            }
        }
        // servers that copy each other hold the same text, and which is the original is not known: the paper's rule
        java.util.Set<Long> pairs = new java.util.HashSet<>();
        for (long pair : copying) {
            if (!copying.contains(serverPair((int) pair, (int) (pair >>> 32)))) {
                pairs.add(pair);
            }
        }
        return pairs;
    }

    private boolean isCopySite(int candidate, int d) {
        return !copySites.isEmpty() && copySites.contains(serverPair(serverIds[candidate], serverIds[d]));
    }

    /**
     * Whether {@code source} is a copy of another page of {@code d}'s server (a sibling): source and sibling share at
     * least {@link #SOURCE_SHARE} of the source's patch grams and {@link #SIBLING_SHARE} of the sibling's, and more than
     * the source shares with {@code d}. What such a source shares with {@code d} is text {@code d} shares with its
     * sibling (translations of one manual keep the untranslated parts).
     */
    private boolean isSiblingCopy(
            int source, int d, LongIntCounts patchIds, List<int[]> postings, Map<Integer, Sharing> sharing) {
        String site = sites.get(d);
        if (site == null) {
            return false;
        }
        // the source's patch grams counted per other holder, once per source (it is asked about by every page it
        // quilts)
        Sharing shared = sharing.computeIfAbsent(source, s -> {
            LongIntCounts counts = new LongIntCounts(64);
            int patchGrams = 0;
            for (long g : gramSets.get(s)) {
                int id = patchIds.get(g) - 1;
                if (id >= 0) {
                    patchGrams++;
                    for (int holder : postings.get(id)) {
                        if (holder != s) {
                            counts.increment(holder);
                        }
                    }
                }
            }
            return new Sharing(counts, patchGrams);
        });
        int withPage = shared.perHolder().get(d);
        for (long key : shared.perHolder().keys()) {
            int holder = (int) key;
            int both = shared.perHolder().get(holder);
            if (holder != d
                    && both > withPage
                    && site.equals(sites.get(holder))
                    && both >= SOURCE_SHARE * shared.patchGrams()
                    && both >= SIBLING_SHARE * patchGrams(holder, patchIds)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Copy and sibling must be near-duplicates both ways. One way is not enough: on the default crawl the source side
     * alone (0.95) took a donor that another quilt of the server had taken whole, and lost its quilt; on the javadoc
     * crawl the sibling side alone (0.9) took a donor of which another quilt of the server is mostly made. Both
     * together lost no quilt on either crawl (mutated copies keep over 0.95 of their patch grams in the sibling).
     */
    static final double SOURCE_SHARE = 0.95;

    static final double SIBLING_SHARE = 0.8;

    private int patchGrams(int d, LongIntCounts patchIds) {
        int n = 0;
        for (long g : gramSets.get(d)) {
            n += patchIds.get(g) > 0 ? 1 : 0;
        }
        return n;
    }

    /** A source's patch grams, and how many of them each other page holds. */
    private record Sharing(LongIntCounts perHolder, int patchGrams) {}

    /** A verdict with the documents behind it: its counted sources, and those with their equivalents. */
    private record Judged(Verdict verdict, List<Integer> counted, java.util.Set<Integer> named) {}

    private int[] classes;

    private Judged judge(int d, LongIntCounts patchIds, List<int[]> postings, java.util.Set<Integer> excluded) {
        long[] grams = gramSets.get(d);
        if (grams.length == 0) {
            return null;
        }
        List<int[]> patch = new ArrayList<>();
        for (long g : grams) {
            int id = patchIds.get(g) - 1;
            if (id >= 0) {
                patch.add(postings.get(id));
            }
        }
        double patchFraction = patch.size() / (double) grams.length;
        if (patchFraction < params.theta()) {
            return null; // cannot be quilted, whatever its sources
        }
        // C: (d', g) with d' on another server holding patch gram g of d
        String site = sites.get(d);
        Map<Integer, BitSet> held = new HashMap<>();
        BitSet target = new BitSet(patch.size());
        for (int j = 0; j < patch.size(); j++) {
            int[] holders = patch.get(j);
            if (params.ownSiteTextExcluded() && site != null && heldOnSite(holders, d, site)) {
                continue; // the server's own text, wherever else it went
            }
            for (int other : holders) {
                if (other != d
                        && classes[other] != classes[d]
                        && !java.util.Objects.equals(sites.get(other), site)
                        && !excluded.contains(other)
                        && !isCopySite(other, d)) {
                    held.computeIfAbsent(other, o -> new BitSet()).set(j);
                    target.set(j);
                }
            }
        }
        // a page whose gram set mostly equals d's is a copy of d (or d of it), not a donor of patches: leave it out
        int minCounted = params.minSourceGrams();
        List<String> copies = new ArrayList<>();
        if (params.copyResemblance() < 1) {
            held.entrySet().removeIf(e -> {
                if (e.getValue().cardinality() < minCounted) {
                    return false; // could never count: no need to know
                }
                boolean copy = resemblance(grams, gramSets.get(e.getKey())) >= params.copyResemblance();
                if (copy && copies.size() < MAX_EQUIVALENTS) {
                    copies.add(urls.get(e.getKey()));
                }
                return copy;
            });
            target.clear();
            held.values().forEach(target::or);
        }
        List<GreedyCover.Candidate> candidates = new ArrayList<>(held.size());
        held.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> candidates.add(new GreedyCover.Candidate(e.getKey(), true, e.getValue())));
        List<Source> sources = new ArrayList<>();
        List<Integer> counted = new ArrayList<>();
        java.util.Set<Integer> named = new java.util.HashSet<>();
        int covered = 0;
        for (GreedyCover.Step step : GreedyCover.cover(target, candidates)) {
            List<String> equivalents =
                    step.equivalents().stream().limit(params.m()).map(urls::get).toList();
            boolean counts = step.covered() >= minCounted;
            sources.add(new Source(urls.get(step.document()), step.covered(), equivalents, counts));
            if (counts) {
                named.add(step.document());
                named.addAll(step.equivalents());
                covered += step.covered();
                counted.add(step.document());
            }
        }
        double coveredFraction = covered / (double) grams.length;
        boolean quilted = coveredFraction >= params.theta() && counted.size() >= params.c();
        return new Judged(
                new Verdict(
                        urls.get(d),
                        grams.length,
                        patch.size(),
                        patchFraction,
                        coveredFraction,
                        sources,
                        counted.size(),
                        copies,
                        quilted),
                counted,
                named);
    }

    private boolean heldOnSite(int[] holders, int d, String site) {
        for (int other : holders) {
            if (other != d && site.equals(sites.get(other))) {
                return true;
            }
        }
        return false;
    }

    /** Jaccard resemblance of two sorted distinct gram sets. */
    static double resemblance(long[] a, long[] b) {
        int i = 0;
        int j = 0;
        int common = 0;
        while (i < a.length && j < b.length) {
            if (a[i] == b[j]) {
                common++;
                i++;
                j++;
            } else if (a[i] < b[j]) {
                i++;
            } else {
                j++;
            }
        }
        int union = a.length + b.length - common;
        return union == 0 ? 0 : common / (double) union;
    }
}
