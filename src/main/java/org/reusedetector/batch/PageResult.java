package org.reusedetector.batch;

import org.reusedetector.model.PageScore;
import org.reusedetector.score.PageRule;

/** One line of a backfill's {@code pages.jsonl}. */
public record PageResult(
        String url, int chunks, int matchedChunks, double badness, boolean fileMatch, boolean partialTarget) {

    public static PageResult of(PageScore score, PageRule rule) {
        return new PageResult(
                score.url(),
                score.chunks(),
                score.matchedChunks(),
                score.badness(),
                score.fileMatch(),
                rule.alerts(score));
    }
}
