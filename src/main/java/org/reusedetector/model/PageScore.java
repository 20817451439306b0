package org.reusedetector.model;

/**
 * The match of one page against the labelled set: {@code contains(L, f)} after stop-chunk removal.
 *
 * @param url page URL as crawled
 * @param eventTime fetch time, epoch milliseconds
 * @param chunks chunks that count (after stop-chunk removal)
 * @param matchedChunks of those, how many are labelled
 * @param badness {@code matchedChunks / chunks}, or 1 for a whole-file match
 * @param fileMatch whether the page's file hash is labelled
 * @param evidence a few of the labels that matched
 * @param sources the labelled chunks of the page, per source they count for (source coverage); empty when none
 * @param clearsAlert a re-score after a label change (keyed label mode) of a page whose earlier score raised an alert
 *     that this one does not: its page alert no longer stands ({@code cleared})
 */
public record PageScore(
        String url,
        long eventTime,
        int chunks,
        int matchedChunks,
        double badness,
        boolean fileMatch,
        Evidence[] evidence,
        SourceChunks[] sources,
        boolean clearsAlert) {

    /** A score that clears no alert. */
    public PageScore(
            String url,
            long eventTime,
            int chunks,
            int matchedChunks,
            double badness,
            boolean fileMatch,
            Evidence[] evidence,
            SourceChunks[] sources) {
        this(url, eventTime, chunks, matchedChunks, badness, fileMatch, evidence, sources, false);
    }

    /** A score without source tallies. */
    public PageScore(
            String url,
            long eventTime,
            int chunks,
            int matchedChunks,
            double badness,
            boolean fileMatch,
            Evidence[] evidence) {
        this(url, eventTime, chunks, matchedChunks, badness, fileMatch, evidence, SourceChunks.NONE);
    }

    /** The same score, saying whether it clears the page's earlier alert. */
    public PageScore withClearsAlert(boolean clears) {
        return new PageScore(url, eventTime, chunks, matchedChunks, badness, fileMatch, evidence, sources, clears);
    }
}
