package org.reusedetector.shingle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class NearCopyIndexTest {

    private static final NearCopyParams PARAMS =
            NearCopyParams.defaults(); // threshold 0.35, page share 0.05, 6 phrases

    private static int[] range(int from, int to) {
        return IntStream.range(from, to).toArray();
    }

    private static int[] concat(int[] a, int[] b) {
        return IntStream.concat(IntStream.of(a), IntStream.of(b))
                .sorted()
                .distinct()
                .toArray();
    }

    @Test
    void aPageHoldingEnoughOfALabelledPageIsItsNearCopy() {
        NearCopyIndex index = new NearCopyIndex(PARAMS);
        index.add(new NearCopyIndex.Entry("a", "https://expert.org/a", "informed", range(0, 100)));
        index.add(new NearCopyIndex.Entry("b", "https://expert.org/b", "informed", range(1000, 1100)));
        NearCopyIndex.Match match = index.best("https://spin.net/a", concat(range(0, 40), range(5000, 5060)));
        assertThat(match.entry().id()).isEqualTo("a");
        assertThat(match.containment()).isEqualTo(0.4);
        assertThat(match.shared()).isEqualTo(40);
        assertThat(match.pageShare()).isEqualTo(0.4);
        assertThat(index.best("https://spin.net/a", concat(range(0, 30), range(5000, 5060))))
                .as("30 % of it: under the threshold")
                .isNull();
    }

    @Test
    void aLongPageHoldingAShortLabelledPagesFewPhrasesIsNotItsCopy() {
        NearCopyIndex index = new NearCopyIndex(PARAMS);
        index.add(new NearCopyIndex.Entry("short", "https://expert.org/index", "informed", range(0, 20)));
        assertThat(index.best("https://long.org/x", concat(range(0, 20), range(10_000, 10_400))))
                .as("all 20 of them, but under 5 % of the page")
                .isNull();
        assertThat(index.best("https://long.org/x", concat(range(0, 20), range(10_000, 10_300))))
                .as("20 of 320: the page's own share is enough")
                .isNotNull();
        index.add(new NearCopyIndex.Entry("small", "https://expert.org/small", "informed", range(50_000, 50_010)));
        assertThat(index.best("https://tiny.org/x", range(50_000, 50_005)))
                .as("half of a small labelled page, but fewer than 6 phrases")
                .isNull();
        assertThat(index.best("https://tiny.org/x", range(50_000, 50_006))).isNotNull();
    }

    @Test
    void aSiteDoesNotCopyItselfAndTiesGoToTheLesserUrlWhateverTheOrderOfLabels() {
        NearCopyIndex forward = new NearCopyIndex(PARAMS);
        NearCopyIndex backward = new NearCopyIndex(PARAMS);
        var first = new NearCopyIndex.Entry("x", "https://expert.org/a", "informed", range(0, 50));
        var second = new NearCopyIndex.Entry("y", "https://expert.org/b", "informed", range(0, 50));
        forward.add(first);
        forward.add(second);
        backward.add(second);
        backward.add(first);
        int[] page = range(0, 50);
        assertThat(forward.best("https://copy.net/p", page).entry().url()).isEqualTo("https://expert.org/a");
        assertThat(backward.best("https://copy.net/p", page).entry().url()).isEqualTo("https://expert.org/a");
        assertThat(forward.best("https://www.expert.org/p", page))
                .as("the labelled site itself")
                .isNull();
    }

    @Test
    void aRemovedOrReplacedLabelMatchesNoMore() {
        NearCopyIndex index = new NearCopyIndex(PARAMS);
        index.add(new NearCopyIndex.Entry("a", "https://expert.org/a", "informed", range(0, 100)));
        index.add(new NearCopyIndex.Entry("a", "https://expert.org/a", "informed", range(500, 600)));
        assertThat(index.size()).isEqualTo(1);
        assertThat(index.best("https://copy.net/a", range(0, 100))).isNull();
        assertThat(index.best("https://copy.net/a", range(500, 600))).isNotNull();
        index.remove("a");
        assertThat(index.best("https://copy.net/a", range(500, 600))).isNull();
        assertThat(index.size()).isZero();
    }

    @Test
    void manyLabelledPagesWithManyPhrasesAreAllFound() {
        NearCopyIndex index = new NearCopyIndex(PARAMS);
        java.util.Random random = new java.util.Random(3);
        int[][] pages = new int[200][];
        for (int p = 0; p < pages.length; p++) {
            pages[p] = random.ints(100).distinct().sorted().toArray(); // 20,000 ids: the table grows several times
            index.add(new NearCopyIndex.Entry("p" + p, "https://expert.org/p" + p, "informed", pages[p]));
        }
        for (int p = 0; p < pages.length; p++) {
            assertThat(index.best("https://copy.net/p" + p, pages[p]).entry().id())
                    .isEqualTo("p" + p);
        }
    }

    @Test
    void aPageMatchedAtASampleLevelIsComparedWithTheLabelledPagesPhrasesOfThatLevel() {
        Random random = new Random(3);
        int[] labelled = random.ints().distinct().limit(2_000).toArray();
        NearCopyIndex index = new NearCopyIndex(PARAMS);
        index.add(new NearCopyIndex.Entry("l1", "https://expert.org/a", "informed", labelled));
        for (double kept : new double[] {0.6, 0.2}) {
            int[] page = IntStream.concat(
                            Arrays.stream(labelled).limit((long) (kept * labelled.length)),
                            random.ints().limit(3_000))
                    .distinct()
                    .toArray();
            int level = PARAMS.pageLevel(page);
            assertThat(level).isPositive();
            int[] sample = NearCopyParams.atLevel(page, level);
            long shared = Arrays.stream(sample)
                    .filter(id -> Arrays.stream(labelled).anyMatch(l -> l == id))
                    .count();
            double estimate = (double) shared / NearCopyParams.countsAtLevels(labelled)[level];
            NearCopyIndex.Match match = index.best("https://spin.net/a", sample, level);
            if (kept == 0.6) {
                assertThat(match.containment()).isEqualTo(estimate).isBetween(0.45, 0.75);
                assertThat(match.shared()).isEqualTo((int) shared);
                assertThat(index.best("https://spin.net/a", page).containment())
                        .as("every phrase: the exact share")
                        .isEqualTo(0.6);
            } else {
                assertThat(match)
                        .as("a fifth of it: under the threshold at any level")
                        .isNull();
            }
        }
    }
}
