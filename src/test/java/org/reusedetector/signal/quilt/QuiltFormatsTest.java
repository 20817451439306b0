package org.reusedetector.signal.quilt;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The quilt records moved from {@code model} into the signal's package: state of jobs from before the versioned formats
 * holds them as POJOs of the old class names, which the formats still name as predecessors and turn into the records.
 */
class QuiltFormatsTest {

    @Test
    void theOldPojosBecomeTheRecords() {
        QuiltBatchFormat batches = new QuiltBatchFormat();
        assertThat(batches.pojoPredecessor()).isEqualTo(org.reusedetector.model.QuiltBatch.class);
        QuiltBatch batch = batches.fromPredecessor(new org.reusedetector.model.QuiltBatch(
                9L,
                "https://q.example/p.html",
                1_767_225_600_000L,
                2,
                4,
                new long[] {5, -6},
                new int[] {1, 2},
                new long[] {11, 12, 13}));
        assertThat(batch)
                .usingRecursiveComparison()
                .isEqualTo(new QuiltBatch(
                        9L,
                        "https://q.example/p.html",
                        1_767_225_600_000L,
                        2,
                        4,
                        new long[] {5, -6},
                        new int[] {1, 2},
                        new long[] {11, 12, 13}));

        QuiltNameFormat names = new QuiltNameFormat();
        assertThat(names.pojoPredecessor()).isEqualTo(org.reusedetector.model.QuiltName.class);
        assertThat(names.fromPredecessor(new org.reusedetector.model.QuiltName(
                        11L, "https://d.example/a.html", "https://q.example/p.html", 1_767_225_600_000L, 1, 3, 0.42)))
                .isEqualTo(new QuiltName(
                        11L, "https://d.example/a.html", "https://q.example/p.html", 1_767_225_600_000L, 1, 3, 0.42));
    }
}
