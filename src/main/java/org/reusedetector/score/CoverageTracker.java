package org.reusedetector.score;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.reusedetector.model.Copy;
import org.reusedetector.model.SourceChunks;

/**
 * Keeps one neighbourhood's source coverage as its pages come and go: a count of the pages holding each labelled chunk
 * (in a {@link ChunkCounts} store, keyed state in the stream) and, for the sources it tracks, how many distinct chunks
 * are held.
 *
 * <p>State is bounded by tracking at most {@code maxSources} sources per neighbourhood, those with the most chunks held:
 * a neighbourhood's verdict and alert need only the sources it covers most, and a copy worth reporting holds many chunks
 * of its source. A source not tracked enters when one change brings more of its chunks than the least tracked source
 * holds; that source is then forgotten with its counts (space-saving eviction). So the state of a neighbourhood is at
 * most {@code maxSources} sources' labelled chunks, whatever else its pages hold.
 */
public final class CoverageTracker {

    /** Page counts of one neighbourhood's chunks, per source. */
    public interface ChunkCounts {
        int get(String source, long chunk) throws Exception;

        void put(String source, long chunk, int pages) throws Exception;

        void remove(String source, long chunk) throws Exception;

        /** Forgets every count of a source. */
        void removeSource(String source) throws Exception;
    }

    private final int maxSources;

    public CoverageTracker(int maxSources) {
        this.maxSources = maxSources;
    }

    /**
     * Applies a change's tallies to the counts and returns the tracked sources after it, largest first
     * ({@link SourceCoverage#ORDER}).
     */
    public Copy[] apply(Copy[] tracked, SourceChunks[] change, ChunkCounts counts) throws Exception {
        if (maxSources <= 0 || change == null || change.length == 0) {
            return tracked == null ? Copy.NONE : tracked;
        }
        List<Copy> copies = new ArrayList<>(tracked == null ? List.of() : Arrays.asList(tracked));
        for (SourceChunks tally : change) {
            int at = indexOf(copies, tally.source());
            if (at < 0) {
                long arriving = positives(tally);
                if (arriving == 0) {
                    continue; // withdrawn chunks of a source not tracked: nothing counted to take back
                }
                if (copies.size() >= maxSources) {
                    int least = leastHeld(copies);
                    if (arriving <= copies.get(least).chunks()) {
                        continue;
                    }
                    counts.removeSource(copies.get(least).source());
                    copies.remove(least);
                }
                copies.add(new Copy(tally.source(), 0, 0, tally.sourceChunks(), tally.exampleUrl()));
                at = copies.size() - 1;
            }
            Copy copy = copies.get(at);
            long held = copy.chunks();
            for (int i = 0; i < tally.chunks().length; i++) {
                long chunk = tally.chunks()[i];
                int before = counts.get(tally.source(), chunk);
                int after = before + tally.counts()[i];
                if (after <= 0) {
                    if (before > 0) {
                        counts.remove(tally.source(), chunk);
                        held--;
                    }
                } else {
                    counts.put(tally.source(), chunk, after);
                    if (before <= 0) {
                        held++;
                    }
                }
            }
            if (held <= 0) {
                copies.remove(at);
                continue;
            }
            // a tally that brings chunks was made against the labels of now; a withdrawal's size may be older
            long size = positives(tally) > 0 && tally.sourceChunks() > 0 ? tally.sourceChunks() : copy.sourceChunks();
            String example = copy.exampleUrl() != null ? copy.exampleUrl() : tally.exampleUrl();
            copies.set(at, new Copy(copy.source(), SourceCoverage.coverage(held, size), held, size, example));
        }
        copies.sort(SourceCoverage.ORDER);
        return copies.toArray(Copy.NONE);
    }

    private static int indexOf(List<Copy> copies, String source) {
        for (int i = 0; i < copies.size(); i++) {
            if (copies.get(i).source().equals(source)) {
                return i;
            }
        }
        return -1;
    }

    /** The tracked source holding fewest chunks (the last such in {@link SourceCoverage#ORDER}). */
    private static int leastHeld(List<Copy> copies) {
        int least = 0;
        for (int i = 1; i < copies.size(); i++) {
            Copy c = copies.get(i);
            Copy l = copies.get(least);
            if (c.chunks() < l.chunks()
                    || c.chunks() == l.chunks() && c.source().compareTo(l.source()) > 0) {
                least = i;
            }
        }
        return least;
    }

    private static long positives(SourceChunks tally) {
        long n = 0;
        for (int count : tally.counts()) {
            if (count > 0) {
                n++;
            }
        }
        return n;
    }
}
