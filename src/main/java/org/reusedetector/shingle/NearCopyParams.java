package org.reusedetector.shingle;

import java.io.Serializable;

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
 * @param k words per phrase
 * @param threshold least share of a labelled page's distinctive phrases found on the page
 * @param sampleBits phrases are kept when the low {@code sampleBits} bits of their fingerprint are zero
 * @param minPhrases a labelled page needs at least this many sampled distinctive phrases (fewer say too little to be
 *     recognised), and a match at least this many of them
 * @param minPageShare least share of the page's own sampled phrases that are the labelled page's
 */
public record NearCopyParams(int k, double threshold, int sampleBits, int minPhrases, double minPageShare)
        implements Serializable {

    private static final long serialVersionUID = 2L;

    public NearCopyParams {
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
        return new NearCopyParams(2, 0.35, 0, 6, 0.05);
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
