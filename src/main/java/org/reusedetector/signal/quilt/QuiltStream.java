package org.reusedetector.signal.quilt;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.reusedetector.shingle.Fingerprints;
import org.reusedetector.shingle.GreedyCover;
import org.reusedetector.shingle.LongIntCounts;
import org.reusedetector.shingle.Phrases;
import org.reusedetector.shingle.QuiltParams;
import org.reusedetector.url.Sites;

/**
 * Najork 2012's quilt rule in the stream, against the pages seen recently instead of a whole corpus. The index is
 * bounded three ways: only grams whose fingerprint is 0 mod {@code sampleModulus} are indexed and judged (the same
 * grams on every page, so shared grams stay shared; fractions over the sample estimate fractions over all grams);
 * a gram's holders expire {@code ttlMillis} after their last update (state TTL, from the write behind at the next
 * checkpoint; the index's heap copy, {@link RecentGrams}, answers no older entry and holds at most {@link #cachedGrams}
 * grams a subtask); and a gram keeps at most
 * m holders, since one held by more is no patch gram whoever else holds it.
 *
 * @param params (k, m, c, θ) as in {@code quilts}
 * @param sampleModulus index only grams ≡ 0 mod this (1: all)
 * @param ttlMillis how long a gram's holders are kept
 * @param minGrams pages with fewer sampled grams are not judged (too little text for a fraction)
 * @param shards the index is keyed by shard (a function of the gram), and a page sends one record per shard that
 *     holds any of its sampled grams, not one per gram; the index's answer per gram is its {@link #patchSources}
 */
public record QuiltStream(QuiltParams params, int sampleModulus, long ttlMillis, int minGrams, int shards)
        implements Serializable {

    private static final long serialVersionUID = 2L;

    public static final int DEFAULT_SHARDS = 4;

    /**
     * Grams whose holders each index subtask keeps in the heap ({@link RecentGrams}), written behind to state: at
     * most some 150 bytes a gram (40 bytes of table at half load, and an array of its 1 to 50 holders of 8 bytes, about
     * 10 on the standard crawls; a page's new grams share one array of its id until a second page holds them), so at
     * most some 150 MB.
     */
    public static final int CACHED_GRAMS = 1 << 20;

    /** How many grams an index subtask keeps in the heap besides its state. */
    public int cachedGrams() {
        return CACHED_GRAMS;
    }

    public QuiltStream(QuiltParams params, int sampleModulus, long ttlMillis, int minGrams) {
        this(params, sampleModulus, ttlMillis, minGrams, DEFAULT_SHARDS);
    }

    public QuiltStream {
        if (sampleModulus < 1 || shards < 1) {
            throw new IllegalArgumentException(
                    "quilt sample modulus and shards must be positive: " + sampleModulus + ", " + shards);
        }
    }

    /**
     * A quilted page.
     *
     * @param patchFraction the share of its sampled grams that are patch grams held by a foreign page
     * @param coveredFraction the share of its sampled grams covered by counted sources (at least φ each), judged against θ
     * @param sources the counted sources' holder ids ({@link #holderId}), in cover order
     */
    public record Verdict(double patchFraction, double coveredFraction, long[] sources) {}

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

    /** The page's distinct sampled k-grams, sorted. */
    public long[] sampledGrams(long[] words) {
        return sampledGramsOfPhrases(Phrases.circular(words, params.k()), words.length);
    }

    /**
     * As {@link #sampledGrams}, from the page's {@link Phrases#circular} phrases ({@code phrases[0, wordCount)}, left
     * unchanged): the first n − k + 1 phrases are the grams (they do not wrap); only the sample is copied and sorted.
     */
    public long[] sampledGramsOfPhrases(long[] phrases, int wordCount) {
        int grams = wordCount - params.k() + 1;
        if (grams <= 0) {
            return new long[0];
        }
        long[] sample;
        int n = 0;
        if ((sampleModulus & (sampleModulus - 1)) == 0) {
            // a power of 2: the remainder is the low bits (no 64-bit division a gram)
            long low = sampleModulus - 1L;
            for (int i = 0; i < grams; i++) {
                n += (phrases[i] & low) == 0 ? 1 : 0;
            }
            sample = new long[n];
            n = 0;
            for (int i = 0; i < grams && n < sample.length; i++) {
                if ((phrases[i] & low) == 0) {
                    sample[n++] = phrases[i];
                }
            }
        } else {
            sample = new long[grams];
            for (int i = 0; i < grams; i++) {
                if (Long.remainderUnsigned(phrases[i], sampleModulus) == 0) {
                    sample[n++] = phrases[i];
                }
            }
        }
        Arrays.sort(sample, 0, n);
        int distinct = 0;
        for (int i = 0; i < n; i++) {
            if (i == 0 || sample[i] != sample[i - 1]) {
                sample[distinct++] = sample[i];
            }
        }
        return distinct == sample.length ? sample : Arrays.copyOf(sample, distinct);
    }

    /** The holders a gram keeps: at most m (with m other holders a page's copy would be the m + 1-th document). */
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

    /**
     * A page's 64-bit id in the gram index: the top {@value #SITE_BITS} bits name its site (registrable domain; 0 when
     * it has none), the rest its URL. The judge tells foreign holders from the page's own site by these bits alone, so
     * no URL and no public-suffix lookup travels with a gram. Two sites share site bits with probability 2^-24 a pair
     * (such a holder would count as the page's own site); two URLs of one site share an id with probability 2^-40 a
     * pair (about 0.005 collisions in a site of 100,000 pages).
     */
    public static long holderId(String url) {
        String site = Sites.ofUrl(url);
        long siteBits = site == null ? 0 : Fingerprints.word(site) >>> (64 - SITE_BITS);
        if (site != null && siteBits == 0) {
            siteBits = 1; // 0 is "no site"
        }
        return siteBits << (64 - SITE_BITS) | Fingerprints.word(url) & URL_MASK;
    }

    /** Bits of a holder id that name its site. */
    public static final int SITE_BITS = 24;

    private static final long URL_MASK = -1L >>> SITE_BITS;

    /** Whether two holders are on one site (a holder without a site is on none). */
    public static boolean sameSite(long a, long b) {
        long site = a >>> (64 - SITE_BITS);
        return site != 0 && site == b >>> (64 - SITE_BITS);
    }

    /**
     * What the judge needs of one sampled gram of page {@code self}, given the gram's earlier holders: its foreign
     * holders (in the index's order) when it is a patch gram, else {@code null}. A gram is a patch gram when 1 to m − 1
     * other pages hold it, one of them on another site (Najork's foreign-sourced variant); with the own-site rule, a
     * gram that another page of the page's own site holds is none. The index applies this where it holds the holders,
     * so that only patch grams' foreign holders travel to the judge.
     */
    public long[] patchSources(long self, long[] holders) {
        long[] sources = new long[holders.length];
        int n = patchSourcesInto(self, holders, sources, 0);
        return n == 0 ? null : Arrays.copyOf(sources, n);
    }

    /**
     * As {@link #patchSources}, written into {@code into} from index {@code at}, which must have room for all the
     * holders: how many foreign holders were written, 0 when the gram is no patch gram (the index's path, which
     * allocates nothing a gram).
     */
    public int patchSourcesInto(long self, long[] holders, long[] into, int at) {
        int others = 0;
        int foreign = 0;
        boolean ownSite = false;
        for (long h : holders) {
            if (h != self) {
                others++;
                if (sameSite(self, h)) {
                    ownSite = true;
                } else {
                    into[at + foreign++] = h;
                }
            }
        }
        if (foreign == 0 || others > params.m() - 1 || params.ownSiteTextExcluded() && ownSite) {
            return 0;
        }
        return foreign;
    }

    /**
     * The verdict on a page from its sampled grams' earlier holders (other pages, in the order seen), or {@code null}
     * when it is no quilt: {@link #judgePatches} over the grams' {@link #patchSources}.
     */
    public Verdict judge(long self, List<long[]> holdersPerGram) {
        List<long[]> patches = new ArrayList<>();
        for (long[] holders : holdersPerGram) {
            long[] sources = patchSources(self, holders);
            if (sources != null) {
                patches.add(sources);
            }
        }
        return judgePatches(holdersPerGram.size(), patches);
    }

    /**
     * The verdict on a page of {@code grams} sampled grams of which these are the patch grams (each given by its foreign
     * holders, {@link #patchSources}), or {@code null} when it is no quilt: the page is quilted when at least θ of its
     * sampled grams are covered by the counted members of the greedy cover by foreign pages (members covering at least
     * {@code minSourceGrams / sampleModulus} sampled grams, at least 1), and there are at least c of them. Borrowers need
     * no rule here, since only earlier pages answer.
     */
    public Verdict judgePatches(int grams, List<long[]> patchSources) {
        int[] counts = new int[patchSources.size()];
        int total = 0;
        for (int i = 0; i < counts.length; i++) {
            counts[i] = patchSources.get(i).length;
            total += counts[i];
        }
        long[] holders = new long[total];
        int at = 0;
        for (long[] sources : patchSources) {
            System.arraycopy(sources, 0, holders, at, sources.length);
            at += sources.length;
        }
        return judgePatches(grams, counts, holders);
    }

    /**
     * As {@link #judgePatches(int, List)}, from the index's flat answer: {@code counts[i]} is how many foreign holders
     * sampled gram i has when it is a patch gram (0 when not), and {@code holders} lists them gram after gram. The
     * greedy cover is {@link GreedyCover}'s rule (largest gain; ties to the larger whole intersection, then the
     * earlier candidate, candidates in order of first appearance) on bit-set words, and stops once the best gain is
     * below the floor: gains never grow from one step to the next, so no later member would count.
     */
    public Verdict judgePatches(int grams, int[] counts, long[] holders) {
        if (grams < Math.max(1, minGrams)) {
            return null;
        }
        int n = 0;
        for (int count : counts) {
            n += count > 0 ? 1 : 0;
        }
        double patchFraction = (double) n / grams;
        if (patchFraction < params.theta()) {
            return null;
        }
        // number the distinct sources in order of first appearance (stored as number + 1: 0 is "not yet")
        LongIntCounts numbers = new LongIntCounts(holders.length);
        int[] idOf = new int[holders.length];
        long[] sourceHolders = new long[holders.length];
        int sources = 0;
        for (int h = 0; h < holders.length; h++) {
            int number = numbers.get(holders[h]);
            if (number == 0) {
                sourceHolders[sources++] = holders[h];
                numbers.put(holders[h], number = sources);
            }
            idOf[h] = number - 1;
        }
        int words = (n + 63) >>> 6;
        long[] items = new long[sources * words];
        int at = 0;
        int patch = 0;
        for (int count : counts) {
            if (count > 0) {
                for (int h = at; h < at + count; h++) {
                    items[idOf[h] * words + (patch >>> 6)] |= 1L << patch;
                }
                at += count;
                patch++;
            }
        }
        int[] sizes = new int[sources];
        for (int c = 0; c < sources; c++) {
            for (int w = 0; w < words; w++) {
                sizes[c] += Long.bitCount(items[c * words + w]);
            }
        }
        long[] uncovered = new long[words];
        Arrays.fill(uncovered, -1L);
        if ((n & 63) != 0) {
            uncovered[words - 1] = (1L << n) - 1;
        }
        boolean[] chosen = new boolean[sources];
        // a source counts only if it covers enough grams (a tail of one-gram sources does not make a page copied
        // whole a quilt); the floor is in grams of the whole page, of which one in sampleModulus is seen here
        int minCounted = Math.max(1, params.minSourceGrams() / sampleModulus);
        long[] counted = new long[Math.min(sources, n)];
        int members = 0;
        int covered = 0;
        while (true) {
            int best = -1;
            int bestGain = 0;
            for (int c = 0; c < sources; c++) {
                if (chosen[c]) {
                    continue;
                }
                int gain = 0;
                for (int w = 0; w < words; w++) {
                    gain += Long.bitCount(items[c * words + w] & uncovered[w]);
                }
                if (gain > bestGain || gain == bestGain && gain > 0 && sizes[c] > sizes[best]) {
                    best = c;
                    bestGain = gain;
                }
            }
            if (best < 0 || bestGain < minCounted) {
                break;
            }
            chosen[best] = true;
            counted[members++] = sourceHolders[best];
            covered += bestGain;
            for (int w = 0; w < words; w++) {
                uncovered[w] &= ~items[best * words + w];
            }
        }
        double coveredFraction = (double) covered / grams;
        if (members < params.c() || coveredFraction < params.theta()) {
            return null;
        }
        return new Verdict(patchFraction, coveredFraction, Arrays.copyOf(counted, members));
    }
}
