package org.reusedetector.labels.keyed;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.reusedetector.model.RecentPages;

/** The rules of the memory of which recent pages held a hash: retention, cap, once per page, per label. */
class PageMemoryTest {

    private static final long DAY = 86_400_000L;
    private static final long WEEK = 7 * DAY;
    private static final int LOW = 0x0abc_def0;

    @Test
    void aPageIsRememberedOncePerHashAndFoundByItsLabel() {
        RecentPages m = PageMemory.add(null, LOW, 3, 1L, DAY, DAY, WEEK, 10);
        RecentPages again = PageMemory.add(m, LOW, 5, 1L, DAY, DAY, WEEK, 10); // the same page holds it twice
        assertThat(again).isSameAs(m);
        m = PageMemory.add(m, LOW + 1, 0, 2L, DAY, DAY, WEEK, 10); // another label under the same 8-byte key

        assertThat(PageMemory.holders(m, LOW, DAY, WEEK)).containsExactly(new PageMemory.Holder(1L, 3));
        assertThat(PageMemory.holders(m, LOW + 1, DAY, WEEK)).containsExactly(new PageMemory.Holder(2L, 0));
        assertThat(PageMemory.holders(m, LOW + 2, DAY, WEEK)).isEmpty();
    }

    @Test
    void retentionCountsBackFromTheNewestFetchTimeAndDropsWhatLeftTheWindow() {
        RecentPages m = PageMemory.add(null, LOW, 0, 1L, 10 * DAY, 10 * DAY, WEEK, 10);
        m = PageMemory.add(m, LOW, 0, 2L, 12 * DAY, 12 * DAY, WEEK, 10);
        // fetched more than the retention before the newest: not remembered at all
        assertThat(PageMemory.add(m, LOW, 0, 3L, 4 * DAY, 12 * DAY, WEEK, 10)).isSameAs(m);
        // the window's start is inside it
        assertThat(PageMemory.holders(m, LOW, 17 * DAY, WEEK))
                .extracting(PageMemory.Holder::page)
                .containsExactly(1L, 2L);
        assertThat(PageMemory.holders(m, LOW, 17 * DAY + 1, WEEK))
                .extracting(PageMemory.Holder::page)
                .containsExactly(2L);

        RecentPages later = PageMemory.add(m, LOW, 0, 4L, 18 * DAY, 18 * DAY, WEEK, 10);
        assertThat(later.pages()).containsExactly(2L, 4L); // page 1 dropped on the way
        assertThat(PageMemory.expire(later, 30 * DAY, WEEK).size()).isZero();
        assertThat(PageMemory.expire(later, 18 * DAY, WEEK)).isSameAs(later);
    }

    @Test
    void theCapKeepsTheNewestByFetchTimeWhateverTheOrderTheyCameIn() {
        RecentPages m = null;
        long[] times = {3 * DAY, DAY, 5 * DAY, 2 * DAY, 4 * DAY};
        for (int i = 0; i < times.length; i++) {
            m = PageMemory.add(m, LOW, 0, i, times[i], 5 * DAY, WEEK, 3);
        }
        assertThat(PageMemory.holders(m, LOW, 5 * DAY, WEEK))
                .extracting(PageMemory.Holder::page)
                .containsExactlyInAnyOrder(0L, 2L, 4L); // fetched on days 3, 5 and 4

        RecentPages other = null;
        for (int i = times.length - 1; i >= 0; i--) {
            other = PageMemory.add(other, LOW, 0, i, times[i], 5 * DAY, WEEK, 3);
        }
        assertThat(PageMemory.holders(other, LOW, 5 * DAY, WEEK))
                .extracting(PageMemory.Holder::page)
                .containsExactlyInAnyOrder(0L, 2L, 4L);
    }
}
