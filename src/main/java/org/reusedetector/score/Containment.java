package org.reusedetector.score;

/** {@code contains(L, f)}: the share of a page's (non-stop) chunks that are labelled (paper §4.3). */
public final class Containment {
    private Containment() {}

    /** A whole-file match counts as fully contained; a page without scoring chunks contains nothing. */
    public static double of(int matchedChunks, int chunks, boolean fileMatch) {
        if (fileMatch) {
            return 1.0;
        }
        return chunks == 0 ? 0.0 : (double) matchedChunks / chunks;
    }
}
