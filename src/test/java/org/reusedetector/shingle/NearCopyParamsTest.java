package org.reusedetector.shingle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class NearCopyParamsTest {

    @Test
    void theFewestSharedPhrasesAreTheLeastCountTheTestAccepts() {
        for (NearCopyParams params : new NearCopyParams[] {
            NearCopyParams.defaults(), new NearCopyParams(2, 0.7, 0, 1, 0.0), new NearCopyParams(4, 0.1, 0, 12, 0.5)
        }) {
            for (int labelled = 0; labelled <= 60; labelled++) {
                for (int page = 0; page <= 300; page += 7) {
                    int expected = Integer.MAX_VALUE;
                    for (int shared = 0; shared <= Math.min(labelled, page); shared++) {
                        if (params.nearCopy(shared, labelled, page)) {
                            expected = shared;
                            break;
                        }
                    }
                    assertThat(params.minShared(labelled, page))
                            .as("%s: %d labelled, %d on the page", params, labelled, page)
                            .isEqualTo(expected);
                    if (expected != Integer.MAX_VALUE) { // more shared phrases never undo a near copy
                        for (int shared = expected; shared <= Math.min(labelled, page); shared++) {
                            assertThat(params.nearCopy(shared, labelled, page)).isTrue();
                        }
                    }
                }
            }
        }
    }

    @Test
    void aPairSharesAtLeastAsManyPhrasesAsItsIntersectionHolds() {
        Random random = new Random(5);
        for (int round = 0; round < 2_000; round++) {
            long[] a = LongStream.generate(() -> random.nextInt(200) - 100)
                    .limit(random.nextInt(60))
                    .distinct()
                    .sorted()
                    .toArray();
            long[] b = LongStream.generate(() -> random.nextInt(200) - 100)
                    .limit(random.nextInt(120))
                    .distinct()
                    .sorted()
                    .toArray();
            int intersection = (int)
                    Arrays.stream(a).filter(x -> Arrays.binarySearch(b, x) >= 0).count();
            for (int needed = 1; needed <= intersection + 2; needed++) {
                assertThat(NearCopyDiscovery.sharesAtLeast(a, b, needed))
                        .as("%d shared, %d needed", intersection, needed)
                        .isEqualTo(intersection >= needed);
            }
        }
    }

    @Test
    void aPageIsMatchedAtTheLeastLevelThatKeepsAtMostTheCap() {
        Random random = new Random(11);
        NearCopyParams capped = new NearCopyParams(2, 0.35, 0, 6, 0.05, 100);
        NearCopyParams all = new NearCopyParams(2, 0.35, 0, 6, 0.05, 0);
        for (int size : new int[] {0, 1, 99, 100, 101, 250, 1_000, 5_000, 40_000}) {
            int[] ids = random.ints().distinct().limit(size).toArray();
            int level = capped.pageLevel(ids);
            assertThat(NearCopyParams.atLevel(ids, level)).as("%d ids", size).hasSizeLessThanOrEqualTo(100);
            if (level > 0) {
                assertThat(NearCopyParams.atLevel(ids, level - 1))
                        .as("%d ids: the least such level", size)
                        .hasSizeGreaterThan(100);
            } else {
                assertThat(size).isLessThanOrEqualTo(100);
            }
            assertThat(all.pageLevel(ids)).as("no cap").isZero();
        }
        assertThat(NearCopyParams.defaults().maxPagePhrases()).isEqualTo(NearCopyParams.DEFAULT_MAX_PAGE_PHRASES);
        assertThatThrownBy(() -> new NearCopyParams(2, 0.35, 0, 6, 0.05, NearCopyParams.MIN_MAX_PAGE_PHRASES - 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theCountsAtLevelsCountTheIdsOfEachLevelOrDeeper() {
        Random random = new Random(12);
        int[] ids = random.ints(3_000)
                .map(id -> id >>> random.nextInt(20))
                .distinct()
                .toArray();
        int[] counts = NearCopyParams.countsAtLevels(ids);
        assertThat(counts).hasSize(NearCopyParams.MAX_LEVEL + 1);
        for (int level = 0; level <= NearCopyParams.MAX_LEVEL; level++) {
            int atLevel = level;
            assertThat(counts[level])
                    .as("level %d", level)
                    .isEqualTo((int) Arrays.stream(ids)
                            .filter(id -> Integer.numberOfLeadingZeros(id) >= atLevel)
                            .count())
                    .isEqualTo(NearCopyParams.atLevel(ids, level).length);
        }
    }
}
