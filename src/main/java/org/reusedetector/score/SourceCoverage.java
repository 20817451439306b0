package org.reusedetector.score;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.reusedetector.model.Copy;
import org.reusedetector.model.SourceChunks;

/**
 * Source coverage, the second neighbourhood signal: for each source a neighbourhood touches, the distinct labelled
 * chunks of that source present in it, against all of the source's labelled chunks. Unlike badness, added text, templates
 * and the copier's own pages cannot dilute it: a site copied whole and padded with ads still holds all of the source.
 *
 * <p>The tallies are exact multisets (a chunk held by two pages of a neighbourhood counts once, and stays until both
 * are withdrawn), so that a revisit or an expired page takes back exactly what it added.
 */
public final class SourceCoverage {

    private SourceCoverage() {}

    /** Collects the labelled chunks of one page, per source. */
    public static final class PageTally {
        private final Map<String, Entry> bySource = new HashMap<>();

        private static final class Entry {
            long sourceChunks;
            String exampleUrl;
            long[] chunks = new long[8];
            int size;
        }

        /**
         * Notes a labelled chunk of {@code source} (by the first 8 bytes of its SHA-1); returns whether the source is new
         * to the page (then {@link #describe} it).
         */
        public boolean add(String source, long chunk) {
            Entry entry = bySource.get(source);
            boolean added = entry == null;
            if (added) {
                entry = new Entry();
                bySource.put(source, entry);
            }
            if (entry.size == entry.chunks.length) {
                entry.chunks = Arrays.copyOf(entry.chunks, entry.size * 2);
            }
            entry.chunks[entry.size++] = chunk;
            return added;
        }

        /** Sets a source's size and an example page of it. */
        public void describe(String source, long sourceChunks, String exampleUrl) {
            Entry entry = bySource.get(source);
            entry.sourceChunks = sourceChunks;
            entry.exampleUrl = exampleUrl;
        }

        public boolean isEmpty() {
            return bySource.isEmpty();
        }

        /**
         * The page's tallies, one per source with distinct chunks each counted once: at most {@code maxSources}, those
         * with the most chunks (ties by name), sorted by source so that equal pages give equal tallies.
         */
        public SourceChunks[] build(int maxSources) {
            if (bySource.isEmpty() || maxSources <= 0) {
                return SourceChunks.NONE;
            }
            List<SourceChunks> tallies = new ArrayList<>(bySource.size());
            for (Map.Entry<String, Entry> e : bySource.entrySet()) {
                long[] chunks = Arrays.copyOf(e.getValue().chunks, e.getValue().size);
                Arrays.sort(chunks);
                int distinct = 0;
                for (int i = 0; i < chunks.length; i++) {
                    if (i == 0 || chunks[i] != chunks[i - 1]) {
                        chunks[distinct++] = chunks[i];
                    }
                }
                int[] counts = new int[distinct];
                Arrays.fill(counts, 1);
                tallies.add(new SourceChunks(
                        e.getKey(),
                        e.getValue().sourceChunks,
                        e.getValue().exampleUrl,
                        Arrays.copyOf(chunks, distinct),
                        counts));
            }
            if (tallies.size() > maxSources) {
                tallies.sort(Comparator.comparingInt((SourceChunks t) -> -t.chunks().length)
                        .thenComparing(SourceChunks::source));
                tallies = tallies.subList(0, maxSources);
            }
            SourceChunks[] result = tallies.toArray(SourceChunks.NONE);
            Arrays.sort(result, Comparator.comparing(SourceChunks::source));
            return result;
        }
    }

    /** The same tallies with every count negated: what a withdrawn page takes back. */
    public static SourceChunks[] negate(SourceChunks[] tallies) {
        if (tallies == null || tallies.length == 0) {
            return SourceChunks.NONE;
        }
        SourceChunks[] negated = new SourceChunks[tallies.length];
        for (int i = 0; i < tallies.length; i++) {
            SourceChunks t = tallies[i];
            int[] counts = new int[t.counts().length];
            for (int j = 0; j < counts.length; j++) {
                counts[j] = -t.counts()[j];
            }
            negated[i] = new SourceChunks(t.source(), t.sourceChunks(), t.exampleUrl(), t.chunks(), counts);
        }
        return negated;
    }

    /**
     * The sum of two sets of tallies: per source, per chunk, the counts added; chunks whose count reaches 0 go. The
     * source's size is the larger (labels only grow within a run, and a removal must not shrink a known size to 0), its
     * example the first known. Sorted by source.
     */
    public static SourceChunks[] merge(SourceChunks[] a, SourceChunks[] b) {
        if (a == null || a.length == 0) {
            return b == null ? SourceChunks.NONE : b;
        }
        if (b == null || b.length == 0) {
            return a;
        }
        TreeMap<String, SourceChunks> bySource = new TreeMap<>();
        for (SourceChunks t : a) {
            bySource.merge(t.source(), t, SourceCoverage::mergeOne);
        }
        for (SourceChunks t : b) {
            bySource.merge(t.source(), t, SourceCoverage::mergeOne);
        }
        List<SourceChunks> merged = new ArrayList<>(bySource.size());
        for (SourceChunks t : bySource.values()) {
            if (t.chunks().length > 0) {
                merged.add(t);
            }
        }
        return merged.toArray(SourceChunks.NONE);
    }

    static SourceChunks mergeOne(SourceChunks x, SourceChunks y) {
        long[] chunks = new long[x.chunks().length + y.chunks().length];
        int[] counts = new int[chunks.length];
        int i = 0;
        int j = 0;
        int n = 0;
        while (i < x.chunks().length || j < y.chunks().length) {
            long chunk;
            int count;
            if (j == y.chunks().length || i < x.chunks().length && x.chunks()[i] < y.chunks()[j]) {
                chunk = x.chunks()[i];
                count = x.counts()[i++];
            } else if (i == x.chunks().length || y.chunks()[j] < x.chunks()[i]) {
                chunk = y.chunks()[j];
                count = y.counts()[j++];
            } else {
                chunk = x.chunks()[i];
                count = x.counts()[i++] + y.counts()[j++];
            }
            if (count != 0) {
                chunks[n] = chunk;
                counts[n++] = count;
            }
        }
        return new SourceChunks(
                x.source(),
                Math.max(x.sourceChunks(), y.sourceChunks()),
                exampleOf(x.exampleUrl(), y.exampleUrl()),
                Arrays.copyOf(chunks, n),
                Arrays.copyOf(counts, n));
    }

    /**
     * The example page of two tallies of one source: the lesser URL, so that the example does not depend on the order
     * in which pages' tallies arrive and merge (the same answer every run, whatever the interleaving).
     */
    static String exampleOf(String x, String y) {
        if (x == null) {
            return y;
        }
        if (y == null) {
            return x;
        }
        return x.compareTo(y) <= 0 ? x : y;
    }

    /** Distinct chunks held (count above 0) of one tally. */
    public static long held(SourceChunks tally) {
        long held = 0;
        for (int count : tally.counts()) {
            if (count > 0) {
                held++;
            }
        }
        return held;
    }

    /** The coverage of a source: {@code held / sourceChunks}, at most 1; 0 when the source's size is unknown. */
    public static double coverage(long held, long sourceChunks) {
        return sourceChunks <= 0 ? 0.0 : Math.min(1.0, (double) held / sourceChunks);
    }

    /** The copies of a neighbourhood's tallies: at most {@code max}, in {@link #ORDER}. */
    public static Copy[] copies(SourceChunks[] totals, int max) {
        if (totals == null || totals.length == 0 || max <= 0) {
            return Copy.NONE;
        }
        List<Copy> copies = new ArrayList<>(totals.length);
        for (SourceChunks t : totals) {
            long held = held(t);
            if (held > 0) {
                copies.add(
                        new Copy(t.source(), coverage(held, t.sourceChunks()), held, t.sourceChunks(), t.exampleUrl()));
            }
        }
        copies.sort(ORDER);
        return copies.subList(0, Math.min(max, copies.size())).toArray(Copy.NONE);
    }

    /** Largest first: by coverage, then distinct chunks, then source name (so that equal inputs give equal lists). */
    public static final Comparator<Copy> ORDER = Comparator.comparingDouble((Copy c) -> -c.coverage())
            .thenComparingLong(c -> -c.chunks())
            .thenComparing(Copy::source);
}
