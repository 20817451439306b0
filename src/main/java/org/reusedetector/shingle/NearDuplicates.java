package org.reusedetector.shingle;

import java.util.HashMap;
import java.util.Map;

/**
 * Exact and near-duplicate documents, collapsed before counting popular phrases (Fetterly et al. 2005 §3.2,
 * after Fetterly, Manasse and Najork 2003): the 84 shingles form 6 non-overlapping runs of 14; each run is hashed
 * to a supershingle, and two documents are near-duplicates when at least 2 of their 6 supershingles agree ("unlikely
 * (&lt;5 %) below 82.5 % commonality of phrase sets, likely (&gt;95 %) above 96.5 %"). Agreement on 2 of 6 is found
 * without comparing pairs: every pair of supershingles (15 per document) is hashed into a megashingle, and two
 * documents agree on 2 of 6 runs iff they share a megashingle. Classes are the transitive closure (union-find).
 */
public final class NearDuplicates {

    /** Fetterly et al. §3.2: "two out of six of the non-overlapping runs of 14 shingles". */
    public static final int RUNS = 6;

    public static final int RUN_LENGTH = 14;
    public static final int AGREEING = 2;

    private final Map<Long, Integer> firstWithMegashingle = new HashMap<>();
    private int[] parent = new int[16];
    private int documents;

    /** The 6 supershingles of a document's 84 shingles (in selector order). */
    public static long[] supershingles(long[] shingles) {
        if (shingles.length < RUNS * RUN_LENGTH) {
            throw new IllegalArgumentException("need " + RUNS * RUN_LENGTH + " shingles, got " + shingles.length);
        }
        long[] supers = new long[RUNS];
        for (int r = 0; r < RUNS; r++) {
            long h = r;
            for (int j = 0; j < RUN_LENGTH; j++) {
                h = Fingerprints.mix(h * 0x9e3779b97f4a7c15L + shingles[r * RUN_LENGTH + j]);
            }
            supers[r] = h;
        }
        return supers;
    }

    /** The 15 megashingles of a document: one per pair of runs, so that sharing one means agreeing on 2 of 6. */
    public static long[] megashingles(long[] supershingles) {
        long[] megas = new long[RUNS * (RUNS - 1) / 2];
        int m = 0;
        for (int a = 0; a < RUNS; a++) {
            for (int b = a + 1; b < RUNS; b++) {
                megas[m++] = Fingerprints.mix(Fingerprints.mix((a * RUNS + b) ^ supershingles[a]) + supershingles[b]);
            }
        }
        return megas;
    }

    /** Adds the next document (numbered from 0 in call order); {@code null} shingles for a document without words. */
    public int add(long[] shingles) {
        int doc = documents++;
        if (doc == parent.length) {
            parent = java.util.Arrays.copyOf(parent, doc * 2);
        }
        parent[doc] = doc;
        if (shingles != null && shingles.length > 0) {
            for (long mega : megashingles(supershingles(shingles))) {
                Integer other = firstWithMegashingle.putIfAbsent(mega, doc);
                if (other != null) {
                    union(other, doc);
                }
            }
        }
        return doc;
    }

    /** The class of a document: its lowest-numbered member. */
    public int classOf(int doc) {
        int root = doc;
        while (parent[root] != root) {
            root = parent[root];
        }
        while (parent[doc] != root) {
            int next = parent[doc];
            parent[doc] = root;
            doc = next;
        }
        return root;
    }

    private void union(int a, int b) {
        int ra = classOf(a);
        int rb = classOf(b);
        if (ra != rb) {
            parent[Math.max(ra, rb)] = Math.min(ra, rb);
        }
    }
}
