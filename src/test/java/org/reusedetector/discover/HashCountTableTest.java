package org.reusedetector.discover;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class HashCountTableTest {

    @Test
    void findsEachHashAndKindAgainAsItGrowsAndAfterAReset() {
        HashCountTable table = new HashCountTable(16, false);
        SplittableRandom random = new SplittableRandom(5);
        Map<String, Integer> pages = new HashMap<>();
        long[][] keys = new long[5000][];
        for (int i = 0; i < keys.length; i++) {
            // some keys share their first 8 bytes, or all 20 bytes with another kind
            long k0 = i % 10 == 0 && i > 0 ? keys[i - 1][0] : random.nextLong();
            keys[i] = new long[] {k0, random.nextLong(), random.nextInt(), i % 3 == 0 ? 1 : 0};
        }
        for (int round = 0; round < 3; round++) {
            for (long[] k : keys) {
                int slot = table.find(k[0], k[1], (int) k[2], (int) k[3]);
                if (slot < 0) {
                    table.setCounts(~slot, 1, 1, 1, 1, k[1]);
                } else {
                    table.setCounts(slot, table.pages(slot) + 1, 1, 1, 1, table.hostSet(slot));
                }
            }
        }
        assertThat(table.size()).isEqualTo(keys.length);
        for (long[] k : keys) {
            int slot = table.find(k[0], k[1], (int) k[2], (int) k[3]);
            assertThat(slot).isNotNegative();
            assertThat(table.pages(slot)).isEqualTo(3);
            assertThat(table.hostSet(slot)).isEqualTo(k[1]);
            assertThat(table.kind(slot)).isEqualTo((int) k[3]);
            assertThat(table.key0(slot)).isEqualTo(k[0]);
        }
        table.reset(10);
        assertThat(table.size()).isZero();
        assertThat(table.find(keys[0][0], keys[0][1], (int) keys[0][2], (int) keys[0][3]))
                .isNegative();
        int used = 0;
        for (int slot = 0; slot < table.capacity(); slot++) {
            used += table.used(slot) ? 1 : 0;
        }
        assertThat(used).isEqualTo(1);
    }
}
