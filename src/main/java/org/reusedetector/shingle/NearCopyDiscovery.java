package org.reusedetector.shingle;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.reusedetector.url.Sites;

/**
 * Blind discovery of near copies: pages copied across sites with words changed, each source page of which becomes a
 * {@code shingle} label (its distinctive phrases, as {@code label} makes of an expert's page), so that detection
 * alerts the pages that copy it, spun or not, as it alerts the copies of an expert's page.
 *
 * <p><b>Pages.</b> Each URL counts once, as its latest fetch. Per host, a page's sampled phrases less the host's
 * template ({@link DistinctivePhrases}: the rule of informed labelling) are its distinctive phrases; a page left
 * with too few can be no label and joins no pair.
 *
 * <p><b>Pairs.</b> A label of page A would match page B of another site when B holds at least the near-copy
 * threshold of A's distinctive phrases and they make at least the least page share of B's sampled phrases: exactly
 * the test detection applies to a page against a label. A and B are a near-copy pair when either would match the
 * other. Candidate pairs come from an inverted index of the distinctive phrases; a phrase held by more than
 * {@code maxPagesPerPhrase} pages is common language, not a trace of one copy, and proposes no pair (it bounds the
 * cost, which grows with the square of a phrase's pages), though it still counts in the containment of a pair that
 * other phrases proposed.
 *
 * <p><b>Copies, not a generator's pages (the stop rule).</b> A documentation generator writes some pages alike on
 * every site it builds (the help page of javadoc, the graph legend of doxygen, the boilerplate of rustdoc's item
 * pages), and sites quote a short text whole (a licence): they pair across sites as copies do, yet no one copied
 * them. What tells them apart is the hosts, judged from the pairs of the hosts involved alone, never from the crawl's
 * size or from names. Two pages are <em>alike</em> when each holds enough of the other's phrases; a host
 * <em>copies</em> another when most of its own pages (at least {@code minCopiedShare} of those with distinctive
 * phrases) are alike pages of the other. A copier's pages are the copy; a site that runs a generator, or quotes a
 * text, has its own content on most of its pages. So a page may be a label only when every page its label would
 * match is on a host that copies the page's host: a generator's page matches the same page on sites that copy
 * nothing of each other, and is left out, however few other pages one of them has; a source page matches its copies
 * on copier hosts, and is kept. Within the crawl, a label then alerts copier hosts only.
 *
 * <p><b>Which side is the source.</b> The page must also be the source side of each of those pairs: its label would
 * match pages on more sites (a source page is held by each of its copies; a page that adds ads or other pages' text
 * to what it copies by none; sites, not hosts, so that a publisher's hosts holding the same text, its translations,
 * count once), or, as many, a lesser share of its host's pages are alike the other host's than of the other's are
 * alike its (a copier's pages are mostly copies, its source has pages of its own). When both sides are alike neither
 * is labelled: content alone cannot tell an original from its copy, and a label on the copy would alert the original.
 *
 * <p><b>The labels.</b> Chosen greedily among the pages that may be labels: the one whose label would match the most
 * pages not matched yet, then the least URL; until every page that can be matched is. A source page copied several
 * times is one label, matching all its copies.
 *
 * <p>Pages are ordered by URL before they are judged, so the labels do not depend on the order pages came in.
 */
public final class NearCopyDiscovery {

    /** The default least share of a host's pages alike pages of another host for it to copy that host. */
    public static final double DEFAULT_MIN_COPIED_SHARE = 0.5;
    /** The default number of pages beyond which a phrase proposes no pair. */
    public static final int DEFAULT_MAX_PAGES_PER_PHRASE = 256;
    /** Characters of the labelled page's text kept as its sample. */
    public static final int SAMPLE_LENGTH = 200;

    /**
     * The rules of a run.
     *
     * @param nearCopy the near-copy signal's parameters (phrases, threshold, least phrases and page share)
     * @param templateMinShare a phrase on at least this share of a host's pages is its template
     * @param templateMinPages ... and on at least this many of them
     * @param minCopiedShare a host copies another when at least this share of its pages are alike the other's
     * @param maxPagesPerPhrase a phrase on more pages proposes no pair
     */
    public record Params(
            NearCopyParams nearCopy,
            double templateMinShare,
            int templateMinPages,
            double minCopiedShare,
            int maxPagesPerPhrase) {

        public Params {
            if (!(minCopiedShare > 0 && minCopiedShare <= 1) || maxPagesPerPhrase < 2) {
                throw new IllegalArgumentException("near-copy discovery needs 0 < min copied share ≤ 1"
                        + " and max pages per phrase ≥ 2: " + minCopiedShare + ", " + maxPagesPerPhrase);
            }
        }

        public static Params of(NearCopyParams nearCopy, double templateMinShare, int templateMinPages) {
            return new Params(
                    nearCopy,
                    templateMinShare,
                    templateMinPages,
                    DEFAULT_MIN_COPIED_SHARE,
                    DEFAULT_MAX_PAGES_PER_PHRASE);
        }
    }

    /**
     * A page that became a label, and the pages its label matches.
     *
     * @param url the labelled page (the likely source)
     * @param phrases its distinctive phrases, sorted
     * @param sample the first characters of its text
     * @param pages the page, then the pages its label matches, by URL
     * @param hosts on how many hosts they are
     */
    public record Cluster(String url, long[] phrases, String sample, List<String> pages, int hosts) {}

    /**
     * What a run found.
     *
     * @param clusters the labels' clusters, by URL
     * @param pages pages read (each URL once)
     * @param distinctivePages those with enough distinctive phrases
     * @param pairs near-copy pairs found
     * @param leftOut pages in pairs that may not be labels: a page they match is on a host that does not copy their site,
     *     or is not the copy side of their pair
     */
    public record Outcome(List<Cluster> clusters, int pages, int distinctivePages, int pairs, int leftOut) {}

    private record Fetch(String url, String host, long fetchedAt, long[] sampled, String sample) {}

    private final Params params;
    private final boolean bounded;
    private final Map<String, Fetch> latest = new HashMap<>();

    public NearCopyDiscovery(Params params) {
        this(params, true);
    }

    /**
     * @param bounded whether a proposed pair may be rejected by a bound on what it can share, before its phrases are
     *     merged (off only to test that the bounds change nothing)
     */
    NearCopyDiscovery(Params params, boolean bounded) {
        this.params = params;
        this.bounded = bounded;
    }

    /**
     * Adds a fetch of a page.
     *
     * @param identity the page's URL identity (a revisit has the same)
     * @param url the URL as fetched
     * @param sampledPhrases its sampled phrases, distinct and sorted ({@link PageSketcher#sampledPhrases})
     * @param sample its text, or its first characters
     */
    public void add(String identity, String url, long fetchedAt, long[] sampledPhrases, String sample) {
        String host = Sites.hostOfUrl(url);
        if (host == null) {
            return;
        }
        Fetch fetch = new Fetch(
                url,
                host,
                fetchedAt,
                sampledPhrases,
                sample.length() <= SAMPLE_LENGTH ? sample : sample.substring(0, SAMPLE_LENGTH));
        latest.merge(identity, fetch, NearCopyDiscovery::later);
    }

    /** The later fetch; of equal times, the lesser URL, then the lesser phrases: the same whatever the order. */
    private static Fetch later(Fetch a, Fetch b) {
        if (a.fetchedAt() != b.fetchedAt()) {
            return a.fetchedAt() > b.fetchedAt() ? a : b;
        }
        int byUrl = a.url().compareTo(b.url());
        if (byUrl != 0) {
            return byUrl < 0 ? a : b;
        }
        return Arrays.compare(a.sampled(), b.sampled()) <= 0 ? a : b;
    }

    /** Judges every page added; the clusters that become labels, by the labelled page's URL. */
    public Outcome run() {
        List<Fetch> fetches = new ArrayList<>(latest.values());
        fetches.sort(Comparator.comparing(Fetch::url).thenComparing(Fetch::sampled, Arrays::compare));
        DistinctivePhrases distinctive =
                new DistinctivePhrases(params.nearCopy(), params.templateMinShare(), params.templateMinPages());
        Map<String, Fetch> byUrl = new HashMap<>();
        for (Fetch f : fetches) {
            if (byUrl.putIfAbsent(f.url(), f) == null) {
                distinctive.add(f.host(), f.url(), f.sampled());
            }
        }
        List<DistinctivePhrases.Page> kept = new ArrayList<>(distinctive.labelled());
        kept.sort(Comparator.comparing(DistinctivePhrases.Page::url));
        Graph graph = new Graph(kept, byUrl);
        graph.pairs();
        List<Cluster> clusters = new ArrayList<>(graph.labels());
        clusters.sort(Comparator.comparing(Cluster::url));
        return new Outcome(List.copyOf(clusters), byUrl.size(), kept.size(), graph.pairCount, graph.leftOut);
    }

    /**
     * The indices of {@code keys} ordered by key (as unsigned numbers), equal keys in index order: a least significant
     * digit radix sort of 16-bit digits over an index permutation, so that millions of (phrase, page) pairs are ordered
     * in four linear passes with no boxed index.
     */
    static int[] stableOrder(long[] keys) {
        int total = keys.length;
        int[] order = new int[total];
        int[] next = new int[total];
        for (int i = 0; i < total; i++) {
            order[i] = i;
        }
        int[] start = new int[(1 << 16) + 1];
        for (int shift = 0; shift < Long.SIZE; shift += 16) {
            Arrays.fill(start, 0);
            for (int i = 0; i < total; i++) {
                start[(int) ((keys[order[i]] >>> shift) & 0xFFFF) + 1]++;
            }
            for (int d = 0; d < 1 << 16; d++) {
                start[d + 1] += start[d];
            }
            for (int i = 0; i < total; i++) {
                int index = order[i];
                next[start[(int) ((keys[index] >>> shift) & 0xFFFF)]++] = index;
            }
            int[] swap = order;
            order = next;
            next = swap;
        }
        return order;
    }

    /** The distinctive pages (ids in URL order) and their near-copy pairs. */
    private final class Graph {
        final int n;
        final String[] urls;
        final long[][] phrases;
        final long[][] sampled;
        final String[] samples;
        final int[] host;
        final int[] site;
        final List<String> hostNames = new ArrayList<>();
        final int[] hostPages;
        /** Per page, the pages of its near-copy pairs, either way. */
        final List<List<Integer>> paired;
        /** Per page, the pages that hold enough of its distinctive phrases: those its label would match. */
        final List<List<Integer>> matches;
        /** Per page, the pages it matches and that match it: near-identical pages, whichever is the source. */
        final List<List<Integer>> alike;

        int pairCount;
        int leftOut;
        /** Per page, its distinctive phrases on more than {@code maxPagesPerPhrase} pages: no run counts them. */
        private int[] uncounted;
        /** Per host, its pages' phrases that are not distinctive (its template), sorted. */
        private long[][] templates;
        /** Per page, how many of its distinctive phrases the proposing page's host's template holds (-1: not known). */
        private int[] templateOfPage;
        /** Per host, how many of the proposing page's distinctive phrases that host's template holds (-1: not known). */
        private int[] templateOfHost;
        /** The pages whose {@link #templateOfPage} is known. */
        private int[] pagesMet;

        private int pagesMetCount;
        /** The page whose pairs are being proposed. */
        private int proposing;

        private int currentHost() {
            return host[proposing];
        }

        /** Per host, the union of its pages' sampled phrases that are not distinctive. */
        private long[][] hostTemplates() {
            List<List<long[]>> parts = new ArrayList<>(hostNames.size());
            for (int h = 0; h < hostNames.size(); h++) {
                parts.add(new ArrayList<>());
            }
            for (int i = 0; i < n; i++) {
                long[] rest = new long[sampled[i].length - phrases[i].length];
                int at = 0;
                int k = 0;
                for (long phrase : sampled[i]) {
                    if (k < phrases[i].length && phrases[i][k] == phrase) {
                        k++;
                    } else {
                        rest[at++] = phrase;
                    }
                }
                parts.get(host[i]).add(rest);
            }
            long[][] out = new long[hostNames.size()][];
            for (int h = 0; h < out.length; h++) {
                out[h] = parts.get(h).stream()
                        .flatMapToLong(java.util.Arrays::stream)
                        .sorted()
                        .distinct()
                        .toArray();
            }
            return out;
        }
        /** Per host, how many of its pages are alike pages of each other host. */
        private List<Map<Integer, Integer>> alikeCounts;

        Graph(List<DistinctivePhrases.Page> pages, Map<String, Fetch> byUrl) {
            n = pages.size();
            urls = new String[n];
            phrases = new long[n][];
            sampled = new long[n][];
            samples = new String[n];
            host = new int[n];
            site = new int[n];
            Map<String, Integer> hostIds = new HashMap<>();
            Map<String, Integer> siteIds = new HashMap<>();
            paired = new ArrayList<>(n);
            matches = new ArrayList<>(n);
            alike = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                DistinctivePhrases.Page page = pages.get(i);
                Fetch fetch = byUrl.get(page.url());
                urls[i] = page.url();
                phrases[i] = page.phrases();
                sampled[i] = fetch.sampled();
                samples[i] = fetch.sample();
                host[i] = hostIds.computeIfAbsent(fetch.host(), h -> {
                    hostNames.add(h);
                    return hostNames.size() - 1;
                });
                site[i] = siteIds.computeIfAbsent(Sites.of(fetch.host()), s -> siteIds.size());
                paired.add(new ArrayList<>(0));
                matches.add(new ArrayList<>(0));
                alike.add(new ArrayList<>(0));
            }
            hostPages = new int[hostNames.size()];
            for (int i = 0; i < n; i++) {
                hostPages[host[i]]++;
            }
        }

        /** Finds the near-copy pairs through an inverted index of the distinctive phrases. */
        void pairs() {
            int total = 0;
            for (long[] p : phrases) {
                total += p.length;
            }
            // (phrase, page) pairs ordered by phrase, stably: runs of one phrase are its pages, in id order
            long[] byPhrase = new long[total];
            int[] pageOf = new int[total];
            int at = 0;
            for (int i = 0; i < n; i++) {
                for (long phrase : phrases[i]) {
                    byPhrase[at] = phrase;
                    pageOf[at] = i;
                    at++;
                }
            }
            int[] order = stableOrder(byPhrase);
            int[] postings = new int[total];
            for (int i = 0; i < total; i++) {
                postings[i] = pageOf[order[i]];
            }
            pageOf = null;
            // the runs that propose pairs (a phrase on 2 to maxPagesPerPhrase pages), and per page its runs (CSR)
            int[] runStart = new int[64];
            int[] runEnd = new int[64];
            int runCount = 0;
            int[] runsPerPage = new int[n];
            uncounted = new int[n];
            for (int start = 0; start < total; ) {
                int end = start + 1;
                while (end < total && byPhrase[order[end]] == byPhrase[order[start]]) {
                    end++;
                }
                if (end - start > params.maxPagesPerPhrase()) {
                    for (int r = start; r < end; r++) {
                        uncounted[postings[r]]++;
                    }
                } else if (end - start >= 2) {
                    if (runCount == runStart.length) {
                        runStart = Arrays.copyOf(runStart, runCount * 2);
                        runEnd = Arrays.copyOf(runEnd, runCount * 2);
                    }
                    runStart[runCount] = start;
                    runEnd[runCount] = end;
                    runCount++;
                    for (int r = start; r < end; r++) {
                        runsPerPage[postings[r]]++;
                    }
                }
                start = end;
            }
            order = null;
            int[][] runsOf = new int[n][];
            for (int i = 0; i < n; i++) {
                runsOf[i] = new int[runsPerPage[i]];
                runsPerPage[i] = 0;
            }
            for (int r = 0; r < runCount; r++) {
                for (int p = runStart[r]; p < runEnd[r]; p++) {
                    int page = postings[p];
                    runsOf[page][runsPerPage[page]++] = r;
                }
            }
            int minShared = Math.max(1, (params.nearCopy().minPhrases() + 1) / 2);
            int[] shared = new int[n];
            int[] touched = new int[n];
            templates = hostTemplates();
            templateOfPage = new int[n];
            Arrays.fill(templateOfPage, -1);
            templateOfHost = new int[hostNames.size()];
            Arrays.fill(templateOfHost, -1);
            pagesMet = new int[n];
            pagesMetCount = 0;
            for (int i = 0; i < n; i++) {
                if (i == 0 || host[i] != host[i - 1]) { // another host: what its template holds of each page is unknown
                    for (int m = 0; m < pagesMetCount; m++) {
                        templateOfPage[pagesMet[m]] = -1;
                    }
                    pagesMetCount = 0;
                }
                Arrays.fill(templateOfHost, -1);
                proposing = i;
                int touchedCount = 0;
                for (int r : runsOf[i]) {
                    for (int p = runStart[r]; p < runEnd[r]; p++) {
                        int j = postings[p];
                        if (j > i && site[j] != site[i]) {
                            if (shared[j]++ == 0) {
                                touched[touchedCount++] = j;
                            }
                        }
                    }
                }
                Arrays.sort(touched, 0, touchedCount);
                for (int t = 0; t < touchedCount; t++) {
                    int j = touched[t];
                    if (shared[j] >= minShared) {
                        pair(i, j, shared[j]);
                    }
                    shared[j] = 0;
                }
            }
        }

        /**
         * Records the pair when either page holds enough of the other's distinctive phrases; {@code counted} of their
         * distinctive phrases in common were seen in the runs that proposed them.
         */
        private void pair(int a, int b, int counted) {
            boolean aInB = matches(a, b, counted);
            boolean bInA = matches(b, a, counted);
            if (aInB) {
                matches.get(a).add(b);
            }
            if (bInA) {
                matches.get(b).add(a);
            }
            if (aInB || bInA) {
                paired.get(a).add(b);
                paired.get(b).add(a);
                pairCount++;
            }
            if (aInB && bInA) {
                alike.get(a).add(b);
                alike.get(b).add(a);
            }
        }

        /** Whether a label of page {@code a} would match page {@code b}: detection's test of a page against a label. */
        private boolean matches(int a, int b, int counted) {
            int needed = params.nearCopy().minShared(phrases[a].length, sampled[b].length);
            if (needed == Integer.MAX_VALUE) {
                return false;
            }
            // what b holds of a's distinctive phrases is at most: those the runs counted, a's phrases on too many pages
            // to be counted, and b's phrases that are not distinctive (its host's template)
            long counts = (long) counted + uncounted[a];
            if (bounded
                    && (counts + (sampled[b].length - phrases[b].length) < needed
                            || counts + templateShare(a, b) < needed)) {
                return false;
            }
            return sharesAtLeast(phrases[a], sampled[b], needed);
        }

        /**
         * How many of a's distinctive phrases b's host's template holds (of the page whose pairs are being proposed, per
         * host; of every other page, against that page's host), counted once.
         */
        private int templateShare(int a, int b) {
            int[] cache;
            int key;
            if (host[a] == currentHost()) { // a is the proposing page: its count is kept per host of b
                cache = templateOfHost;
                key = host[b];
            } else { // b is on the proposing page's host: a's count is kept until that host's pages are done
                cache = templateOfPage;
                key = a;
            }
            if (cache[key] < 0) {
                cache[key] = intersection(phrases[a], templates[host[b]]);
                if (cache == templateOfPage) {
                    pagesMet[pagesMetCount++] = key;
                }
            }
            return cache[key];
        }

        /**
         * The labels, chosen greedily: of the pages that may be labels ({@link #mayLabel}), the one whose label would
         * match the most pages not matched yet, then the least URL; until no page is left to match.
         */
        List<Cluster> labels() {
            List<Integer> candidates = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (!matches.get(i).isEmpty()) {
                    if (mayLabel(i)) {
                        candidates.add(i);
                    } else {
                        leftOut++;
                    }
                }
            }
            boolean[] matched = new boolean[n];
            List<Cluster> out = new ArrayList<>();
            while (true) {
                int best = -1;
                int bestFresh = 0;
                for (int r : candidates) { // in URL order: a tie keeps the lesser URL
                    int fresh = 0;
                    for (int m : matches.get(r)) {
                        if (!matched[m]) {
                            fresh++;
                        }
                    }
                    if (fresh > bestFresh) {
                        best = r;
                        bestFresh = fresh;
                    }
                }
                if (best < 0) {
                    break;
                }
                List<String> pages = new ArrayList<>();
                Set<Integer> hosts = new LinkedHashSet<>();
                pages.add(urls[best]);
                hosts.add(host[best]);
                for (int m : matches.get(best)) {
                    matched[m] = true;
                    pages.add(urls[m]);
                    hosts.add(host[m]);
                }
                out.add(new Cluster(urls[best], phrases[best], samples[best], List.copyOf(pages), hosts.size()));
            }
            return out;
        }

        /**
         * Whether the page may be a label: every page its label would match is on a host that copies the page's host
         * ({@link #copies}), and is the copy side of their pair ({@link #sourceSide}).
         */
        private boolean mayLabel(int r) {
            for (int m : matches.get(r)) {
                if (!copies(host[m], host[r]) || !sourceSide(r, m)) {
                    return false;
                }
            }
            return true;
        }

        /**
         * Whether page {@code r} is the source side of its pair with {@code m}: its label would match pages on more
         * sites (a source page is held by each of its copies; a copy by its source and the few copies of the same
         * source that resemble it enough; a page that adds to what it copies, a frame, ads or other pages' text, by
         * none; sites, not hosts: a publisher's hosts that hold the same text, its translations or releases, are one
         * witness, not many), or, as many, a lesser share of its host's pages are alike the other host's than of the
         * other's are alike its (a copier's pages are mostly copies, its source has pages of its own). Neither is the
         * source side when both are alike: content alone cannot tell an original from its copy.
         */
        private boolean sourceSide(int r, int m) {
            int rSites = matchedSites(r);
            int mSites = matchedSites(m);
            if (rSites != mSites) {
                return rSites > mSites;
            }
            int h = host[r];
            int g = host[m];
            // the shares compared as products: h's pages alike g's over h's pages, less than g's alike h's over g's
            return (long) alikePages(h, g) * hostPages[g] < (long) alikePages(g, h) * hostPages[h];
        }

        /** On how many sites are the pages that page {@code i}'s label would match. */
        private int matchedSites(int i) {
            Set<Integer> sites = new java.util.HashSet<>();
            for (int j : matches.get(i)) {
                sites.add(site[j]);
            }
            return sites.size();
        }

        /** Whether at least {@code minCopiedShare} of host {@code h}'s pages are alike pages of host {@code g}. */
        private boolean copies(int h, int g) {
            return alikePages(h, g) >= params.minCopiedShare() * hostPages[h];
        }

        /**
         * How many of host {@code h}'s pages are alike a page of host {@code g}: each holds enough of the other's
         * phrases. These are the pairs that say which host copies which; a short page of one host that many pages of
         * the other contain (a generic page) says nothing, nor does a page stitched from several others.
         */
        private int alikePages(int h, int g) {
            if (alikeCounts == null) {
                alikeCounts = perHost(alike);
            }
            return alikeCounts.get(h).getOrDefault(g, 0);
        }

        private List<Map<Integer, Integer>> perHost(List<List<Integer>> pairs) {
            List<Map<Integer, Integer>> counts = new ArrayList<>(hostPages.length);
            for (int i = 0; i < hostPages.length; i++) {
                counts.add(new HashMap<>());
            }
            for (int i = 0; i < n; i++) {
                Set<Integer> hosts = new LinkedHashSet<>();
                for (int j : pairs.get(i)) {
                    hosts.add(host[j]);
                }
                for (int g : hosts) {
                    counts.get(host[i]).merge(g, 1, Integer::sum);
                }
            }
            return counts;
        }
    }

    /**
     * Whether two sorted arrays of distinct values share at least {@code needed} values: the merge stops as soon as it
     * has them, or as soon as too few values are left on either side to reach them (most proposed pairs are not near
     * copies, and are told so early).
     */
    /** The size of the intersection of two sorted arrays of distinct values. */
    static int intersection(long[] a, long[] b) {
        int i = 0;
        int j = 0;
        int count = 0;
        while (i < a.length && j < b.length) {
            if (a[i] < b[j]) {
                i++;
            } else if (a[i] > b[j]) {
                j++;
            } else {
                count++;
                i++;
                j++;
            }
        }
        return count;
    }

    static boolean sharesAtLeast(long[] a, long[] b, int needed) {
        int i = 0;
        int j = 0;
        int count = 0;
        while (count < needed) {
            if (count + Math.min(a.length - i, b.length - j) < needed) {
                return false;
            }
            if (a[i] < b[j]) {
                i++;
            } else if (a[i] > b[j]) {
                j++;
            } else {
                count++;
                i++;
                j++;
            }
        }
        return true;
    }
}
