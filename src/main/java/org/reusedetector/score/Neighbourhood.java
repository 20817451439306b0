package org.reusedetector.score;

import java.util.Arrays;
import org.reusedetector.model.Evidence;
import org.reusedetector.model.PageScore;

/**
 * The rules of a neighbourhood's totals, shared by the streaming aggregate and the backfill: its badness
 * from two numbers, and which matched labels it keeps as evidence.
 */
public final class Neighbourhood {

    private Neighbourhood() {}

    /**
     * {@code badness(N) = contains(L, N)} over the neighbourhood's whole chunk vector (paper §4, step 6: partial
     * matching "to all chunks in the neighborhood"): matched chunks over scorable chunks, so a large copied page
     * weighs as its chunks do, and a small page of unique ads does not outvote it. Clamped to [0, 1] against
     * rounding; 0 for an empty neighbourhood.
     */
    public static double badness(long chunks, double matched) {
        return chunks <= 0 ? 0.0 : Math.min(1.0, Math.max(0.0, matched / chunks));
    }

    /** A page's weight in its neighbourhoods: its scorable chunks (a whole-file match without any counts as one). */
    public static long chunksOf(PageScore score) {
        return Math.max(score.chunks(), score.fileMatch() ? 1 : 0);
    }

    /** A page's matched chunks in its neighbourhoods: all of them for a whole-file match. */
    public static double matchedOf(PageScore score) {
        return score.fileMatch() ? chunksOf(score) : score.matchedChunks();
    }

    /** Keeps the newest distinct labels (by hash), at most {@code maxEvidence}. */
    public static Evidence[] mergeEvidence(Evidence[] kept, Evidence[] incoming, int maxEvidence) {
        if (incoming == null || incoming.length == 0 || maxEvidence == 0) {
            return kept;
        }
        Evidence[] merged = new Evidence[Math.min(maxEvidence, kept.length + incoming.length)];
        int n = 0;
        for (Evidence e : incoming) {
            if (n < merged.length && !contains(merged, n, e)) {
                merged[n++] = e;
            }
        }
        for (Evidence e : kept) {
            if (n < merged.length && !contains(merged, n, e)) {
                merged[n++] = e;
            }
        }
        return n == merged.length ? merged : Arrays.copyOf(merged, n);
    }

    private static boolean contains(Evidence[] array, int n, Evidence e) {
        for (int i = 0; i < n; i++) {
            if (array[i].hash().equals(e.hash())) {
                return true;
            }
        }
        return false;
    }
}
