package org.reusedetector.discover;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.reusedetector.model.Label;
import org.reusedetector.page.Sha1;

/**
 * The second half of discovery from a hash index: merges the {@link CountBlock}s of {@link PartitionCounts}
 * for some ranges of hashes into each hash's totals (parts from different partitions are over disjoint sites,
 * so pages, hosts, sites and fingerprints add, the top host is the larger, the example the smaller URL), then
 * yields the frequency-occurrence histogram of its hashes and, as {@link Tally}s for the threshold and template
 * rules, the hashes on more than one host (the others can be neither labels nor stop chunks).
 *
 * <p>Memory: one {@link HashCountTable} slot per distinct hash of its ranges (64 bytes at a load of up to
 * 0.7, twice that while it grows) and the example URLs sent to it.
 */
final class RangeCounts {

    /** Histogram counts below this are kept in an array, the rare larger ones in a map. */
    private static final int DENSE_COUNTS = 4096;

    private final HashCountTable table = new HashCountTable(1 << 16, true);
    private final List<String> urls = new ArrayList<>();
    /** Per source and range, the ids in {@link #urls} of the URLs it sent, in order. */
    private final Map<Long, IntList> urlIds = new HashMap<>();

    void add(CountBlock block) {
        IntList ids = urlIds.computeIfAbsent(((long) block.source() << 32) | block.range(), k -> new IntList());
        for (String url : block.urls()) {
            ids.add(urls.size());
            urls.add(url);
        }
        PartitionCounts.read(block, (k0, k1, k2, kind, pages, hosts, sites, top, hostSet, url) -> {
            int example = ids.get(url);
            int slot = table.find(k0, k1, k2, kind);
            if (slot < 0) {
                slot = ~slot;
                table.setCounts(slot, pages, hosts, sites, top, hostSet);
                table.setCurrent(slot, 0, 0, 0, example);
            } else {
                table.setCounts(slot, table.pages(slot) + pages, table.hosts(slot) + hosts, table.sites(slot) + sites,
                        Math.max(table.topHostPages(slot), top), table.hostSet(slot) + hostSet);
                if (urls.get(example).compareTo(urls.get(table.example(slot))) < 0) {
                    table.setExample(slot, example);
                }
            }
        });
    }

    /** Hands the histogram rows of the hashes merged here to {@code histogram}, the hashes on several hosts to {@code spread}. */
    void finish(Consumer<Tally> spread, Consumer<HistogramRow> histogram) {
        long[][] dense = new long[2][DENSE_COUNTS];
        List<TreeMap<Long, Long>> sparse = List.of(new TreeMap<>(), new TreeMap<>());
        for (int slot = 0; slot < table.capacity(); slot++) {
            if (!table.used(slot)) {
                continue;
            }
            int kind = table.kind(slot);
            int pages = table.pages(slot);
            if (pages < DENSE_COUNTS) {
                dense[kind][pages]++;
            } else {
                sparse.get(kind).merge((long) pages, 1L, Long::sum);
            }
            if (table.hosts(slot) > 1) {
                spread.accept(new Tally(kindName(kind), Sha1.hex(table.hash(slot)), null, null, pages, table.hosts(slot), table.sites(slot),
                        table.hostSet(slot), table.topHostPages(slot), urls.get(table.example(slot)), null));
            }
        }
        for (int kind = 0; kind < 2; kind++) {
            for (int count = 1; count < DENSE_COUNTS; count++) {
                if (dense[kind][count] > 0) {
                    histogram.accept(new HistogramRow(kindName(kind), count, dense[kind][count]));
                }
            }
            for (Map.Entry<Long, Long> e : sparse.get(kind).entrySet()) {
                histogram.accept(new HistogramRow(kindName(kind), e.getKey(), e.getValue()));
            }
        }
    }

    private static String kindName(int kind) {
        return kind == HashCountTable.KIND_FILE ? Label.KIND_FILE : Label.KIND_CHUNK;
    }

    /** A growable int array. */
    private static final class IntList {
        private int[] values = new int[1024];
        private int size;

        void add(int v) {
            if (size == values.length) {
                values = java.util.Arrays.copyOf(values, size * 2);
            }
            values[size++] = v;
        }

        int get(int i) {
            if (i >= size) {
                throw new IllegalStateException("a count block refers to example URL " + i + " of " + size + " sent");
            }
            return values[i];
        }
    }
}
