package org.reusedetector.score;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.reusedetector.model.Copy;
import org.reusedetector.model.SourceChunks;

class SourceCoverageTest {

    private static SourceChunks tally(String source, long size, long[] chunks, int[] counts) {
        return new SourceChunks(source, size, null, chunks, counts);
    }

    @Test
    void aPageCountsEachChunkOnceSortedBySource() {
        SourceCoverage.PageTally page = new SourceCoverage.PageTally();
        assertThat(page.add("b.org", 7)).isTrue();
        page.describe("b.org", 10, "https://b.org/x");
        assertThat(page.add("a.org", 3)).isTrue();
        page.describe("a.org", 4, null);
        assertThat(page.add("b.org", 5)).isFalse();
        page.add("b.org", 7); // the same chunk twice on one page
        SourceChunks[] tallies = page.build(8);
        assertThat(tallies).extracting(SourceChunks::source).containsExactly("a.org", "b.org");
        assertThat(tallies[1].chunks()).containsExactly(5, 7);
        assertThat(tallies[1].counts()).containsExactly(1, 1);
        assertThat(tallies[1].sourceChunks()).isEqualTo(10);
        assertThat(tallies[1].exampleUrl()).isEqualTo("https://b.org/x");
    }

    @Test
    void aPageKeepsTheSourcesItHoldsMostOf() {
        SourceCoverage.PageTally page = new SourceCoverage.PageTally();
        for (long c = 0; c < 3; c++) {
            page.add("big.org", c);
        }
        page.add("small.org", 1);
        page.add("mid.org", 1);
        page.add("mid.org", 2);
        assertThat(page.build(2)).extracting(SourceChunks::source).containsExactly("big.org", "mid.org");
        assertThat(page.build(0)).isEmpty();
    }

    @Test
    void mergeAddsCountsPerChunkAndDropsChunksNoPageHolds() {
        SourceChunks[] first = {tally("a.org", 10, new long[] {1, 2}, new int[] {1, 1})};
        SourceChunks[] second = {
            tally("a.org", 10, new long[] {2, 3}, new int[] {1, 1}), tally("b.org", 5, new long[] {9}, new int[] {1})
        };
        SourceChunks[] both = SourceCoverage.merge(first, second);
        assertThat(both).extracting(SourceChunks::source).containsExactly("a.org", "b.org");
        assertThat(both[0].chunks()).containsExactly(1, 2, 3);
        assertThat(both[0].counts()).containsExactly(1, 2, 1);

        SourceChunks[] withoutFirst = SourceCoverage.merge(both, SourceCoverage.negate(first));
        assertThat(withoutFirst[0].chunks()).containsExactly(2, 3);
        assertThat(withoutFirst[0].counts()).containsExactly(1, 1);
        SourceChunks[] empty = SourceCoverage.merge(SourceCoverage.negate(second), second);
        assertThat(empty).isEmpty();
    }

    @Test
    void theExamplePageDoesNotDependOnTheOrderOfMerging() {
        SourceChunks[] weakref = {
            new SourceChunks("a.org", 10, "https://a.org/weakref.html", new long[] {1}, new int[] {1})
        };
        SourceChunks[] frame = {new SourceChunks("a.org", 10, "https://a.org/frame.html", new long[] {2}, new int[] {1})
        };
        SourceChunks[] unknown = {new SourceChunks("a.org", 10, null, new long[] {3}, new int[] {1})};
        String oneWay = SourceCoverage.merge(SourceCoverage.merge(weakref, frame), unknown)[0].exampleUrl();
        String otherWay = SourceCoverage.merge(SourceCoverage.merge(unknown, frame), weakref)[0].exampleUrl();
        assertThat(oneWay).isEqualTo(otherWay).isEqualTo("https://a.org/frame.html");
    }

    @Test
    void copiesAreCoverageOfTheSourceLargestFirst() {
        SourceChunks[] totals = {
            tally("a.org", 4, new long[] {1, 2, 3}, new int[] {1, 2, 0}),
            tally("b.org", 2, new long[] {1, 2}, new int[] {1, 1}),
            tally("c.org", 0, new long[] {1}, new int[] {1}) // size unknown: coverage 0
        };
        Copy[] copies = SourceCoverage.copies(totals, 8);
        assertThat(copies).extracting(Copy::source).containsExactly("b.org", "a.org", "c.org");
        assertThat(copies).extracting(Copy::coverage).containsExactly(1.0, 0.5, 0.0);
        assertThat(copies).extracting(Copy::chunks).containsExactly(2L, 2L, 1L);
        assertThat(SourceCoverage.copies(totals, 1)).hasSize(1);
    }

    @Test
    void theRuleNeedsBothTheShareAndTheChunks() {
        CoverageRule rule = new CoverageRule(0.3, 20, 8);
        assertThat(rule.covers(new Copy("a", 0.3, 20, 66, null))).isTrue();
        assertThat(rule.covers(new Copy("a", 0.29, 200, 690, null))).isFalse();
        assertThat(rule.covers(new Copy("a", 1.0, 19, 19, null))).isFalse(); // a small source, however covered
        assertThat(rule.covers(new Copy("a", 1.0, 50, 0, null))).isFalse(); // size unknown
        assertThat(rule.coversAny(new Copy[] {new Copy("a", 0.1, 5, 50, null), new Copy("b", 0.5, 30, 60, null)}))
                .isTrue();
        assertThat(rule.coversAny(null)).isFalse();
        assertThat(CoverageRule.OFF.covers(new Copy("a", 1.0, 1000, 1000, null)))
                .isFalse();
        assertThat(new CoverageRule(1.5, 1, 8).enabled()).isFalse();
    }
}
