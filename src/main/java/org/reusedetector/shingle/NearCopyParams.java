package org.reusedetector.shingle;

import java.io.Serializable;
import java.util.Arrays;

/**
 * The near-copy signal's parameters. A labelled page is kept as its <em>distinctive phrases</em>: the {@code k}-word
 * phrases of its text that are not its site's template ({@link DistinctivePhrases}), sampled by their fingerprint (one
 * in {@code 2^sampleBits}, the same phrases on every page, so the sample of a copy is the copy of the sample). A page
 * is a near copy of a labelled page of another site when it holds at least {@code threshold} of the labelled page's
 * distinctive phrases (containment, not resemblance: what the page adds around the copy, a frame or ads, does not
 * dilute it) and those phrases make at least {@code minPageShare} of the page's own sampled phrases (so a long page
 * that happens to share a short labelled page's few phrases is not its copy).
 *
 * <p>Why short phrases and containment: an article spinner replaces a share of the words, and a phrase survives only
 * when none of its words was replaced, so the shorter the phrase, the more of a spun copy still matches (two-word
 * phrases survive a spin of rate p with probability (1 − p)²). Short phrases are common across a generator's pages,
 * which is why only the labelled site's non-template phrases count: the template its generator repeats weighs
 * nothing, as stop chunks weigh nothing in the exact signal.
 *
 * <p><em>A page's sample level</em>: a page with more than {@code maxPagePhrases} distinct phrases is matched by
 * the phrases of one level only, the least level ℓ that keeps at most that many: those whose id has at least ℓ
 * leading zero bits ({@link #level}), one in 2^ℓ of any set, the same phrases on every page. A labelled page is then
 * compared by its phrases of that level too, so containment is estimated on the same sample on both sides. What
 * a long page costs to ship and to look up stays bounded, and a short page (the ones a spinner's copy and its
 * source make) is matched by all its phrases. The page-share floor keeps the estimate sound: a labelled page that
 * can match makes at least {@code minPageShare} of the page, so at least that share of the kept phrases.
 *
 * @param k words per phrase
 * @param threshold least share of a labelled page's distinctive phrases found on the page
 * @param sampleBits phrases are kept when the low {@code sampleBits} bits of their fingerprint are zero
 * @param minPhrases a labelled page needs at least this many sampled distinctive phrases (fewer say too little to be
 *     recognised), and a match at least this many of them
 * @param minPageShare least share of the page's own sampled phrases that are the labelled page's
 * @param maxPagePhrases most phrases a page is matched by ({@link #pageLevel}); 0: all of them
 */
public record NearCopyParams(
        int k, double threshold, int sampleBits, int minPhrases, double minPageShare, int maxPagePhrases)
        implements Serializable {

    private static final long serialVersionUID = 3L;

    /** The deepest sample level: an id has at most 32 leading zero bits. */
    public static final int MAX_LEVEL = Integer.SIZE;

    /** The default of {@code shingles.near-copy.max-page-phrases}. */
    public static final int DEFAULT_MAX_PAGE_PHRASES = 512;

    /** The least {@code maxPagePhrases} other than 0: fewer would leave a level too thin to estimate containment. */
    public static final int MIN_MAX_PAGE_PHRASES = 64;

    /** Every phrase of a page is matched. */
    public NearCopyParams(int k, double threshold, int sampleBits, int minPhrases, double minPageShare) {
        this(k, threshold, sampleBits, minPhrases, minPageShare, 0);
    }

    public NearCopyParams {
        if (maxPagePhrases != 0 && maxPagePhrases < MIN_MAX_PAGE_PHRASES) {
            throw new IllegalArgumentException("near-copy max page phrases must be 0 (all) or at least "
                    + MIN_MAX_PAGE_PHRASES + ": " + maxPagePhrases);
        }
        if (k < 1
                || !(threshold > 0 && threshold <= 1)
                || sampleBits < 0
                || sampleBits > 16
                || minPhrases < 1
                || !(minPageShare >= 0 && minPageShare <= 1)) {
            throw new IllegalArgumentException(
                    "near-copy parameters need k ≥ 1, 0 < threshold ≤ 1, 0 ≤ sample bits ≤ 16,"
                            + " min phrases ≥ 1 and 0 ≤ min page share ≤ 1: " + k + ", " + threshold + ", " + sampleBits
                            + ", "
                            + minPhrases + ", " + minPageShare);
        }
    }

    /** The defaults of {@code shingles.near-copy.*}. */
    public static NearCopyParams defaults() {
        return new NearCopyParams(2, 0.35, 0, 6, 0.05, DEFAULT_MAX_PAGE_PHRASES);
    }

    /** A phrase id's sample level: its leading zero bits, so that a level keeps one id in 2^level. */
    public static int level(int phraseId) {
        return Integer.numberOfLeadingZeros(phraseId);
    }

    /**
     * The sample level a page of these distinct phrase ids is matched at: the least level whose phrases are at most
     * {@code maxPagePhrases}; 0 (all of them) when they are no more, or the cap is off.
     */
    public int pageLevel(int[] distinctIds) {
        if (maxPagePhrases == 0 || distinctIds.length <= maxPagePhrases) {
            return 0;
        }
        int[] counts = countsAtLevels(distinctIds);
        int level = 0;
        while (counts[level] > maxPagePhrases) { // counts[MAX_LEVEL] ≤ 1: only the id 0 has 32 leading zeros
            level++;
        }
        return level;
    }

    /** The ids of {@code level} or deeper, in their order. */
    public static int[] atLevel(int[] ids, int level) {
        if (level == 0) {
            return ids;
        }
        int[] kept = new int[ids.length];
        int n = 0;
        for (int id : ids) {
            if (level(id) >= level) {
                kept[n++] = id;
            }
        }
        return Arrays.copyOf(kept, n);
    }

    /** How many of these ids are of each level or deeper: {@code counts[level]}, for every level up to {@link #MAX_LEVEL}. */
    public static int[] countsAtLevels(int[] ids) {
        int[] counts = new int[MAX_LEVEL + 1];
        for (int id : ids) {
            counts[level(id)]++;
        }
        for (int level = MAX_LEVEL - 1; level >= 0; level--) {
            counts[level] += counts[level + 1];
        }
        return counts;
    }

    /**
     * Whether a page that holds {@code shared} of a labelled page's {@code labelled} distinctive phrases, among its own
     * {@code page} sampled phrases, is its near copy: the one test of detection and of blind discovery.
     */
    public boolean nearCopy(int shared, int labelled, int page) {
        return shared >= minPhrases
                && labelled > 0
                && page > 0
                && (double) shared / labelled >= threshold
                && (double) shared / page >= minPageShare;
    }

    /**
     * The fewest shared phrases that make a page of {@code page} sampled phrases a near copy of a labelled page of
     * {@code labelled} distinctive phrases ({@link #nearCopy}), or {@link Integer#MAX_VALUE} when none does: a pair can
     * be rejected as soon as too few phrases are left to reach it.
     */
    public int minShared(int labelled, int page) {
        int most = Math.min(labelled, page);
        int shared = Math.max(
                minPhrases, (int) Math.max(Math.ceil(threshold * labelled), Math.ceil(minPageShare * page)) - 1);
        while (shared > minPhrases && nearCopy(shared - 1, labelled, page)) {
            shared--;
        }
        while (shared <= most && !nearCopy(shared, labelled, page)) {
            shared++;
        }
        return shared <= most ? shared : Integer.MAX_VALUE;
    }

    /** Whether a phrase fingerprint is in the sample. */
    public boolean sampled(long phrase) {
        return (phrase & ((1L << sampleBits) - 1)) == 0;
    }
}
