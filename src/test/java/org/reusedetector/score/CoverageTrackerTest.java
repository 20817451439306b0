package org.reusedetector.score;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.reusedetector.model.Copy;
import org.reusedetector.model.SourceChunks;

class CoverageTrackerTest {

    /** Counts in a plain map, as the operator's map state holds them. */
    static final class MapCounts implements CoverageTracker.ChunkCounts {
        final Map<String, Integer> counts = new HashMap<>();

        @Override
        public int get(String source, long chunk) {
            return counts.getOrDefault(source + "/" + chunk, 0);
        }

        @Override
        public void put(String source, long chunk, int pages) {
            counts.put(source + "/" + chunk, pages);
        }

        @Override
        public void remove(String source, long chunk) {
            counts.remove(source + "/" + chunk);
        }

        @Override
        public void removeSource(String source) {
            counts.keySet().removeIf(k -> k.startsWith(source + "/"));
        }
    }

    private static SourceChunks[] page(String source, long size, long... chunks) {
        int[] ones = new int[chunks.length];
        java.util.Arrays.fill(ones, 1);
        return new SourceChunks[] {new SourceChunks(source, size, "https://" + source + "/", chunks, ones)};
    }

    @Test
    void chunksHeldByTwoPagesCountOnceAndStayUntilBothGo() throws Exception {
        CoverageTracker tracker = new CoverageTracker(8);
        MapCounts counts = new MapCounts();
        Copy[] copies = tracker.apply(Copy.NONE, page("a.org", 4, 1, 2), counts);
        copies = tracker.apply(copies, page("a.org", 4, 2, 3), counts);
        assertThat(copies).containsExactly(new Copy("a.org", 0.75, 3, 4, "https://a.org/"));

        copies = tracker.apply(copies, SourceCoverage.negate(page("a.org", 4, 1, 2)), counts);
        assertThat(copies[0].chunks()).isEqualTo(2); // chunk 2 is still on the second page
        copies = tracker.apply(copies, SourceCoverage.negate(page("a.org", 4, 2, 3)), counts);
        assertThat(copies).isEmpty();
        assertThat(counts.counts).isEmpty();
    }

    @Test
    void aTrackedSourceOnlyGivesWayToOneThatBringsMoreChunks() throws Exception {
        CoverageTracker tracker = new CoverageTracker(2);
        MapCounts counts = new MapCounts();
        Copy[] copies = tracker.apply(Copy.NONE, page("a.org", 10, 1, 2, 3), counts);
        copies = tracker.apply(copies, page("b.org", 10, 1, 2), counts);
        copies = tracker.apply(copies, page("c.org", 10, 1, 2), counts); // no more than b.org holds: ignored
        assertThat(copies).extracting(Copy::source).containsExactly("a.org", "b.org");
        copies = tracker.apply(copies, page("c.org", 10, 1, 2, 3, 4), counts); // more: b.org goes, with its counts
        assertThat(copies).extracting(Copy::source).containsExactly("c.org", "a.org");
        assertThat(counts.counts.keySet()).noneMatch(k -> k.startsWith("b.org/"));
        assertThat(counts.counts).hasSize(7);
        // withdrawing a page of a source no longer tracked changes nothing
        copies = tracker.apply(copies, SourceCoverage.negate(page("b.org", 10, 1, 2)), counts);
        assertThat(copies).extracting(Copy::source).containsExactly("c.org", "a.org");
    }

    @Test
    void theSourceSizeFollowsTheLabelsOfTheLatestPage() throws Exception {
        CoverageTracker tracker = new CoverageTracker(8);
        MapCounts counts = new MapCounts();
        Copy[] copies = tracker.apply(Copy.NONE, page("a.org", 4, 1, 2), counts);
        copies = tracker.apply(copies, page("a.org", 8, 3), counts); // more labels of a.org arrived meanwhile
        assertThat(copies[0].sourceChunks()).isEqualTo(8);
        assertThat(copies[0].coverage()).isEqualTo(3.0 / 8);
    }

    @Test
    void noSourcesTrackedWhenOff() throws Exception {
        MapCounts counts = new MapCounts();
        assertThat(new CoverageTracker(0).apply(Copy.NONE, page("a.org", 4, 1), counts))
                .isEmpty();
        assertThat(counts.counts).isEmpty();
    }
}
