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
 * crawls it flagged more background pages (figures: docs/evaluation.md).
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
 * left to the paper's rule. A copy site also counts once in |docs_k(g)| ({@link #COPY_SITES_COUNT_ONCE}). Each
 * refinement took background pages out without losing quilts on the standard crawls (translations of one manual,
 * whose mutated, ad-wrapped and quilted copies hold paragraphs every translation keeps untranslated, are what the
 * copy-site rule is for); the figures, against the paper's rule, are in docs/evaluation.md.
 *
 * <p>Memory: the gram sets of all documents (8 bytes a distinct gram of a page), a count per distinct gram (12
 * bytes) and postings for patch grams only (at most m documents each). It grows with the crawl's distinct grams: far
 * larger crawls than the standard ones want the per-gram counts as a Flink batch aggregation instead.
 */
public final class QuiltAnalysis {

    /**
     * A source of a quilt and the number of the quilt's patch grams it newly covered (in cover order); {@code
     * equivalents} are pages that would have covered exactly the same grams at that step (copies of the same text,
     * all named: a patch gram is in at most m pages, so there are fewer than m); {@code counted} when it covered at least {@link QuiltParams#minSourceGrams}
     * grams, so that it counts toward c and θ; {@code within} is the compilation page whose text the cover took
     * first and that holds this source's text with its siblings' (a print or single-page edition of a book, see
     * {@link #parts}), {@code null} when the source was chosen by the cover itself.
     */
    public record Source(String url, int grams, List<String> equivalents, boolean counted, String within) {

        public Source(String url, int grams, List<String> equivalents, boolean counted) {
            this(url, grams, equivalents, counted, null);
        }
    }

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
     * @param mirrorOf the server (registrable domain) that holds every counted source and mirrors the page's own
     *     server, when there is one: the page is then a copy of that server's text, not a quilt ({@link #mirrors});
     *     {@code null} otherwise
     * @param quilted coveredFraction ≥ θ, at least c counted sources, and no mirrorOf (see the class comment)
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
            String mirrorOf,
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
     * "in more than m pages", while text on more than m pages of one server (its template) stays out.
     */
    static final boolean COPY_SITES_COUNT_ONCE = true;

    /**
     * A round leaves out the counted sources that are sibling copies, and the next cover may take another copy of
     * another sibling holding the same text (a clone site's own pages, copied from many pages of the server, each
     * holding the server's shared API text): look again until none is left, within this bound (rounds only run for
     * pages still quilted, each leaves out at least one more source).
     */
    private static final int SIBLING_ROUNDS = 64;

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
        long[] patchOf = new long[servers];
        LongIntCounts heldGrams = new LongIntCounts(1024);
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
            patchOf[own] += patch;
            for (int server : touched) {
                heldGrams.put(serverPair(own, server), heldGrams.get(serverPair(own, server)) + heldOn[server]);
                if (patch > 0 && heldOn[server] >= COPY_PAGE_SHARE * patch) {
                    copiesOf.increment(serverPair(own, server));
                }
                heldOn[server] = 0;
            }
        }
        java.util.Set<Long> copyingPairs = new java.util.HashSet<>();
        for (long pair : copiesOf.keys()) {
            int copier = (int) (pair >>> 32);
            if (copiesOf.get(pair) >= MIN_COPY_PAGES && copiesOf.get(pair) >= COPY_SITE_SHARE * pagesOf[copier]) {
                copyingPairs.add(pair);
            }
        }
        copying = copyingPairs;
        mirrors = new java.util.HashSet<>();
        for (long pair : copyingPairs) {
            int copied = (int) pair;
            long back = heldGrams.get(serverPair(copied, (int) (pair >>> 32)));
            if (patchOf[copied] > 0 && back >= MIRROR_RETURN_SHARE * patchOf[copied]) {
                mirrors.add(pair);
            }
        }
        // servers that copy each other hold the same text, and which is the original is not known: the paper's rule
        // (but a page of a mirror whose counted sources all lie on the mirrored server is a copy: {@link #mirrors})
        java.util.Set<Long> pairs = new java.util.HashSet<>();
        for (long pair : copyingPairs) {
            if (!copyingPairs.contains(serverPair((int) pair, (int) (pair >>> 32)))) {
                pairs.add(pair);
            }
        }
        serverNames = new String[servers];
        ids.forEach((name, id) -> serverNames[id] = name);
        return pairs;
    }

    /**
     * Pairs (mirror, mirrored) of {@link #serverPair}: a copy site (the mirror's pages are mostly the mirrored server's
     * text, {@link #copySites}) that also holds at least {@link #MIRROR_RETURN_SHARE} of the mirrored server's patch
     * grams. Two releases of one documentation published under two domains are such a pair, as is a site mirrored whole;
     * a quilt server is not, though its pages may be made of one server's text: it holds only the few blocks it took of
     * that server. A page of a mirror whose counted sources all lie on the mirrored server (or on its copy sites) is that
     * server's text, its page's counterpart changed between releases and the pages its text moved to, not a quilt.
     */
    private java.util.Set<Long> mirrors = java.util.Set.of();

    /** Every copy-site pair (copier, copied), those that copy each other included. */
    private java.util.Set<Long> copying = java.util.Set.of();

    /**
     * A mirror holds at least this share of the mirrored server's patch grams (summed over its pages): a quilt server
     * holds only the blocks it took, a release most of the other's text (the measured shares are in
     * docs/evaluation.md).
     */
    static final double MIRROR_RETURN_SHARE = 1 / 3.0;

    private String[] serverNames = new String[0];

    /**
     * The server that mirrors {@code d}'s server ({@link #mirrors}) and holds every counted source, or {@code null}.
     */
    private String mirrorOf(int d, List<Integer> counted) {
        if (mirrors.isEmpty() || counted.isEmpty()) {
            return null;
        }
        int own = serverIds[d];
        for (long pair : mirrors) {
            if ((int) (pair >>> 32) != own) {
                continue;
            }
            int mirrored = (int) pair;
            boolean all = true;
            for (int source : counted) {
                int server = serverIds[source];
                // a copy site of the mirrored server holds its text too
                if (server != mirrored && !copying.contains(serverPair(server, mirrored))) {
                    all = false;
                    break;
                }
            }
            if (all) {
                return serverNames[mirrored];
            }
        }
        return null;
    }

    /**
     * Copy-site pairs found by the last {@link #analyse}: "copier → copied" for the copy sites whose pages are left out
     * as sources, "mirror ≈ mirrored" for {@link #mirrors}.
     */
    public List<String> copySitePairs() {
        List<String> out = new ArrayList<>();
        copySites.forEach(pair -> out.add(serverNames[(int) (pair >>> 32)] + " → " + serverNames[(int) (long) pair]));
        mirrors.forEach(pair -> out.add(serverNames[(int) (pair >>> 32)] + " ≈ " + serverNames[(int) (long) pair]));
        out.sort(null);
        return out;
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
     * Copy and sibling must be near-duplicates both ways. One way is not enough: the source side alone takes a donor
     * that another quilt of the server took whole, and the sibling side alone a donor of which another quilt of the
     * server is mostly made; mutated copies keep nearly all their patch grams in the sibling.
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
        // near-duplicates of d both ways, by patch grams: a copy of d (a mutated one, on any server) or d's original
        java.util.Set<Integer> pageCopies = new java.util.HashSet<>();
        int abroad = target.cardinality();
        held.forEach((other, items) -> {
            int both = items.cardinality();
            if (both >= PAGE_COPY_SHARE * abroad && both >= PAGE_COPY_SHARE * patchGrams(other, patchIds)) {
                pageCopies.add(other);
            }
        });
        // with the copy-site rule, also the page-level one: copies of the page do not count toward c
        boolean copiesUncounted = params.copySitesExcluded() && !pageCopies.isEmpty();
        if (copiesUncounted) {
            pageCopies.stream().sorted().limit(MAX_EQUIVALENTS).forEach(other -> copies.add(urls.get(other)));
        }
        List<GreedyCover.Candidate> candidates = new ArrayList<>(held.size());
        held.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> candidates.add(new GreedyCover.Candidate(e.getKey(), true, e.getValue())));
        List<Source> sources = new ArrayList<>();
        List<Integer> counted = new ArrayList<>();
        java.util.Set<Integer> named = new java.util.HashSet<>();
        int covered = 0;
        BitSet uncovered = (BitSet) target.clone();
        boolean copyCounted = false;
        for (GreedyCover.Step step : GreedyCover.cover(target, candidates)) {
            BitSet gain = (BitSet) held.get(step.document()).clone();
            gain.and(uncovered);
            uncovered.andNot(held.get(step.document()));
            boolean counts = step.covered() >= minCounted;
            List<GreedyCover.Step> parts =
                    counts && !pageCopies.contains(step.document()) ? parts(step, gain, held, minCounted) : List.of();
            if (!parts.isEmpty()) {
                // a compilation of its siblings' text: name the siblings the text came from, each a source
                String within = urls.get(step.document());
                for (GreedyCover.Step part : parts) {
                    boolean partCounts = part.covered() >= minCounted;
                    sources.add(new Source(
                            urls.get(part.document()), part.covered(), urlsOf(part.equivalents()), partCounts, within));
                    if (partCounts) {
                        named.add(part.document());
                        named.addAll(part.equivalents());
                        counted.add(part.document());
                    }
                }
                // every gram of the compilation's share is held abroad, whichever of its pages is named
                covered += step.covered();
                continue;
            }
            sources.add(new Source(urls.get(step.document()), step.covered(), urlsOf(step.equivalents()), counts));
            if (counts) {
                named.add(step.document());
                named.addAll(step.equivalents());
                covered += step.covered();
                // the page's near-duplicates are one text, the page's own: together they count once
                boolean copy = copiesUncounted && pageCopies.contains(step.document());
                if (!copy || !copyCounted) {
                    counted.add(step.document());
                    copyCounted |= copy;
                }
            }
        }
        double coveredFraction = covered / (double) grams.length;
        String mirrorOf = mirrorOf(d, counted);
        boolean quilted = coveredFraction >= params.theta() && counted.size() >= params.c() && mirrorOf == null;
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
                        mirrorOf,
                        quilted),
                counted,
                named);
    }

    private List<String> urlsOf(List<Integer> documents) {
        return documents.stream().limit(params.m()).map(urls::get).toList();
    }

    /** The parts of a compilation cover at least this share of the grams the cover took from it. */
    static final double PARTS_MIN_SHARE = 0.9;

    /**
     * The parts of a cover step's source when it is a compilation, else an empty list. Greedy covers take the page
     * that holds most, and a page that holds its siblings' text together (mdBook's {@code print.html}, Sphinx's
     * {@code singlehtml}, a DocBook book on one page) holds more of a quilt than each page the quilt took from, so it
     * would stand for several donors, as one. The step's source is a compilation when at least two other pages of its
     * own server, each covering at least the floor of what it newly covered, together cover {@link #PARTS_MIN_SHARE} of
     * it: those pages are named and counted instead, by a greedy cover of the step's share. Not when the step's source
     * is a near-duplicate of the page (the caller asks, see {@link #PAGE_COPY_SHARE}): the page is then that source's
     * copy (or its original), and its parts would make a copied compilation a quilt of the chapters.
     */
    private List<GreedyCover.Step> parts(
            GreedyCover.Step step, BitSet gain, Map<Integer, BitSet> held, int minCounted) {
        int taken = gain.cardinality();
        if (taken < 2 * minCounted) {
            return List.of();
        }
        int source = step.document();
        String server = sites.get(source);
        if (server == null) {
            return List.of();
        }
        java.util.Set<Integer> same = new java.util.HashSet<>(step.equivalents());
        List<GreedyCover.Candidate> siblings = new ArrayList<>();
        held.entrySet().stream()
                .filter(e -> e.getKey() != source
                        && !same.contains(e.getKey())
                        && server.equals(sites.get(e.getKey()))
                        && e.getValue().intersects(gain))
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> {
                    BitSet within = (BitSet) e.getValue().clone();
                    within.and(gain);
                    siblings.add(new GreedyCover.Candidate(e.getKey(), true, within));
                });
        if (siblings.size() < 2) {
            return List.of();
        }
        List<GreedyCover.Step> parts = GreedyCover.cover(gain, siblings);
        int counting = 0;
        int partsCover = 0;
        for (GreedyCover.Step part : parts) {
            if (part.covered() >= minCounted) {
                counting++;
                partsCover += part.covered();
            }
        }
        return counting >= 2 && partsCover >= PARTS_MIN_SHARE * taken ? parts : List.of();
    }

    private boolean heldOnSite(int[] holders, int d, String site) {
        for (int other : holders) {
            if (other != d && site.equals(sites.get(other))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Foreign pages that are near-duplicates of the page both ways, by patch grams, are its copies or its original:
     * each holds this share of the page's patch grams held abroad, and the page holds this share of the other's patch
     * grams. With the copy-site rule they cover the page (toward θ) but together count once toward c: they are one
     * text, the page's own, and a page is a quilt only when c − 1 sources that are not its copies gave it text too. Copies edited beyond the copy-site test (pages that gained as
     * many words again in added paragraphs are no copies of their server's text by share, but the added paragraphs are
     * not patch grams) and copies spread over several servers would otherwise be the sources of their original. A page
     * that is mostly one donor's text, with c other donors' paragraphs, stays a quilt; and a near-duplicate is never
     * split into its parts ({@link #parts}).
     */
    static final double PAGE_COPY_SHARE = 0.9;

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
