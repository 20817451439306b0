package org.reusedetector.score;

import java.io.Serializable;
import org.reusedetector.model.Evidence;
import org.reusedetector.model.PageScore;
import org.reusedetector.url.Sites;

/**
 * When a page is a partial target (paper §4, step 5): {@code contains(L, f)} above the page threshold, and at
 * least {@code minMatchedChunks} matched chunks. One matched chunk on a small page can be a sentence that a
 * documentation generator writes on thousands of unrelated pages; two distinct matched chunks are evidence of
 * copying, one is not. The phishing profile (AuntieTuna, paper §8.2) sets it to one, for brand labels.
 *
 * @param threshold the page threshold (badness strictly above it)
 * @param minMatchedChunks fewest matched chunks of a partial target
 * @param phishing alerts are {@code phish} alerts naming the brand (the phishing profile)
 */
public record PageRule(double threshold, int minMatchedChunks, boolean phishing) implements Serializable {

    public PageRule(double threshold, int minMatchedChunks) {
        this(threshold, minMatchedChunks, false);
    }

    public PageRule {
        if (!(threshold >= 0 && threshold < 1)) {
            throw new IllegalArgumentException("page threshold must be in [0, 1), got " + threshold);
        }
        if (minMatchedChunks < 1) {
            throw new IllegalArgumentException("min matched chunks must be at least 1, got " + minMatchedChunks);
        }
    }

    public boolean isPartialTarget(PageScore score) {
        return score.matchedChunks() >= minMatchedChunks && score.badness() > threshold;
    }

    /** Whether the page raises an alert: a whole-file match or a partial target. */
    public boolean alerts(PageScore score) {
        return score.fileMatch() || isPartialTarget(score);
    }

    /**
     * The brand a phishing page copies: the site of the first matched label's example URL that has one, else that
     * label's source; {@code null} without either.
     */
    public static String brandOf(Evidence[] evidence) {
        for (Evidence e : evidence) {
            String site = e.exampleUrl() == null ? null : Sites.ofUrl(e.exampleUrl());
            String brand = site != null ? site : e.source();
            if (brand != null) {
                return brand;
            }
        }
        return null;
    }
}
