package org.reusedetector.shingle;

import static org.assertj.core.api.Assertions.assertThat;

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
}
