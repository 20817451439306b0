package org.reusedetector.model;

/**
 * Keyed label mode: the recent pages that held the hashes under one label key (a hash's first 8 bytes), one entry per
 * page and hash, so that a label change of the hash re-scores them ({@code labels.keyed.PageMemory}). Parallel arrays,
 * in the order the pages were remembered.
 *
 * @param lows per entry, hash bytes 8-11 (with the key, the 96 bits that identify a label)
 * @param indices per entry, the hash's chunk index in the page (-1: its file hash)
 * @param pages per entry, the page's join id
 * @param eventTimes per entry, the page's fetch time, epoch milliseconds
 */
public record RecentPages(int[] lows, int[] indices, long[] pages, long[] eventTimes) {

    public static final RecentPages EMPTY = new RecentPages(new int[0], new int[0], new long[0], new long[0]);

    public int size() {
        return pages.length;
    }
}
