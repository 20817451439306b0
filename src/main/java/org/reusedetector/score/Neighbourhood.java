package org.reusedetector.score;

import java.util.Arrays;
import org.reusedetector.model.Evidence;

/**
 * The rules of a neighbourhood's totals, shared by the streaming aggregate and the backfill: its badness
 * from two numbers, and which matched labels it keeps as evidence.
 */
public final class Neighbourhood {

    private Neighbourhood() {}

    /** {@code badness(N) = sum of contains(L, n) / |N|}, clamped to [0, 1] against rounding; 0 for an empty neighbourhood. */
    public static double badness(long pages, double sumContains) {
        return pages == 0 ? 0.0 : Math.min(1.0, Math.max(0.0, sumContains / pages));
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
