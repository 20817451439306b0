package org.reusedetector.labels.keyed;

import java.util.ArrayList;
import java.util.List;
import org.reusedetector.model.RecentPages;

/**
 * The rules of a label partition's memory of which recent pages held each hash, so that a label added or removed later
 * re-scores them (keyed label mode). One {@link RecentPages} per label key (a hash's first 8 bytes); an entry names the
 * page (join id), the hash's index in it and the page's fetch time.
 *
 * <ul>
 *   <li><b>Retention</b>: an entry lives while its fetch time is within {@code retentionMillis} of {@code newest}, the
 *       newest fetch time the partition has seen: pages are judged by fetch time, like the rest of the stream, so a
 *       replay of an old crawl keeps the same pages as a live one. A page older than that is not remembered at all.
 *   <li><b>Cap</b>: at most {@code maxPages} entries per key, the newest by fetch time (ties: the one remembered
 *       first goes first). A chunk on more pages than that within the window is mostly template.
 *   <li><b>Once per page</b>: a page that holds a hash twice is remembered once (the join applies a change to every
 *       chunk of the page with the hash).
 * </ul>
 *
 * Pure functions of their arguments: the same pages and changes give the same memory in any run.
 */
public final class PageMemory {

    private PageMemory() {}

    /** A remembered page: its join id and the index of the hash in it. */
    public record Holder(long page, int index) {}

    /**
     * The memory with the page added under the hash ({@code low}: its bytes 8-11), expired entries dropped and the cap
     * applied. Returns {@code memory} itself when nothing changed; {@link RecentPages#EMPTY} when nothing is left.
     */
    public static RecentPages add(
            RecentPages memory,
            int low,
            int index,
            long page,
            long eventTime,
            long newest,
            long retentionMillis,
            int maxPages) {
        RecentPages live = expire(memory == null ? RecentPages.EMPTY : memory, newest, retentionMillis);
        if (!inWindow(eventTime, newest, retentionMillis)) {
            return live;
        }
        if (live.size() >= maxPages && eventTime < live.eventTimes()[oldest(live)]) {
            return live; // older than every page kept: it would go again at once
        }
        for (int i = 0; i < live.size(); i++) {
            if (live.pages()[i] == page && live.lows()[i] == low) {
                return live;
            }
        }
        int n = live.size();
        int[] lows = new int[n + 1];
        int[] indices = new int[n + 1];
        long[] pages = new long[n + 1];
        long[] times = new long[n + 1];
        System.arraycopy(live.lows(), 0, lows, 0, n);
        System.arraycopy(live.indices(), 0, indices, 0, n);
        System.arraycopy(live.pages(), 0, pages, 0, n);
        System.arraycopy(live.eventTimes(), 0, times, 0, n);
        lows[n] = low;
        indices[n] = index;
        pages[n] = page;
        times[n] = eventTime;
        RecentPages grown = new RecentPages(lows, indices, pages, times);
        while (grown.size() > maxPages) {
            grown = without(grown, oldest(grown));
        }
        return grown;
    }

    /** The pages remembered under the hash ({@code low}: its bytes 8-11) that are still within the window. */
    public static List<Holder> holders(RecentPages memory, int low, long newest, long retentionMillis) {
        List<Holder> holders = new ArrayList<>();
        if (memory == null) {
            return holders;
        }
        for (int i = 0; i < memory.size(); i++) {
            if (memory.lows()[i] == low && inWindow(memory.eventTimes()[i], newest, retentionMillis)) {
                holders.add(new Holder(memory.pages()[i], memory.indices()[i]));
            }
        }
        return holders;
    }

    /** The memory without the entries that have left the window; {@code memory} itself when none has. */
    public static RecentPages expire(RecentPages memory, long newest, long retentionMillis) {
        RecentPages live = memory;
        for (int i = live.size() - 1; i >= 0; i--) {
            if (!inWindow(live.eventTimes()[i], newest, retentionMillis)) {
                live = without(live, i);
            }
        }
        return live;
    }

    /** Whether a page fetched at {@code eventTime} is within the window that ends at {@code newest}. */
    public static boolean inWindow(long eventTime, long newest, long retentionMillis) {
        return eventTime >= newest - retentionMillis;
    }

    private static int oldest(RecentPages memory) {
        int oldest = 0;
        for (int i = 1; i < memory.size(); i++) {
            if (memory.eventTimes()[i] < memory.eventTimes()[oldest]) {
                oldest = i;
            }
        }
        return oldest;
    }

    private static RecentPages without(RecentPages memory, int at) {
        int n = memory.size() - 1;
        int[] lows = new int[n];
        int[] indices = new int[n];
        long[] pages = new long[n];
        long[] times = new long[n];
        copyWithout(memory.lows(), lows, at);
        copyWithout(memory.indices(), indices, at);
        copyWithout(memory.pages(), pages, at);
        copyWithout(memory.eventTimes(), times, at);
        return new RecentPages(lows, indices, pages, times);
    }

    private static void copyWithout(int[] from, int[] to, int at) {
        System.arraycopy(from, 0, to, 0, at);
        System.arraycopy(from, at + 1, to, at, from.length - at - 1);
    }

    private static void copyWithout(long[] from, long[] to, int at) {
        System.arraycopy(from, 0, to, 0, at);
        System.arraycopy(from, at + 1, to, at, from.length - at - 1);
    }
}
