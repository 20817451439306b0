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
 * <p>The blocks are kept as they come (about 33 bytes a hash) and merged at the end one bucket of hashes at a
 * time ({@link PartitionCounts#bucket}): every source sends each range's entries in bucket order, so one
 * cursor per source and range walks them, and a bucket's hashes fit a small table in the processor's cache.
 *
 * <p>Memory: the blocks of its ranges (about 33 bytes per distinct hash and partition that has it) and their
 * example URLs.
 */
final class RangeCounts {

    /** Histogram counts below this are kept in an array, the rare larger ones in a map. */
    private static final int DENSE_COUNTS = 4096;

    private final List<String> urls = new ArrayList<>();
    /** Per source and range, its blocks and the ids in {@link #urls} of the example URLs it sent, in order. */
    private final Map<Long, Source> sources = new HashMap<>();

    private static final class Source {
        final List<CountBlock> blocks = new ArrayList<>();
        final PartitionCounts.IntList urlIds = new PartitionCounts.IntList();
    }

    void add(CountBlock block) {
        Source source = sources.computeIfAbsent(((long) block.source() << 32) | block.range(), k -> new Source());
        for (String url : block.urls()) {
            source.urlIds.add(urls.size());
            urls.add(url);
        }
        if (block.entries() > 0) {
            source.blocks.add(block);
        }
    }

    /** Hands the histogram rows of the hashes merged here to {@code histogram}, the hashes on several hosts to {@code spread}. */
    void finish(Consumer<Tally> spread, Consumer<HistogramRow> histogram) {
        long[][] dense = new long[2][DENSE_COUNTS];
        List<TreeMap<Long, Long>> sparse = List.of(new TreeMap<>(), new TreeMap<>());
        List<PartitionCounts.Cursor> cursors = new ArrayList<>();
        List<PartitionCounts.IntList> urlIds = new ArrayList<>();
        for (Source source : sources.values()) {
            PartitionCounts.Cursor cursor = new PartitionCounts.Cursor(source.blocks);
            if (cursor.next()) {
                cursors.add(cursor);
                urlIds.add(source.urlIds);
            }
        }
        HashCountTable table = new HashCountTable(1 << 10, true);
        int last = 1 << 10;
        for (int bucket = 0; bucket < 1 << PartitionCounts.BUCKET_BITS; bucket++) {
            table.reset(last);
            for (int c = 0; c < cursors.size(); c++) {
                PartitionCounts.Cursor e = cursors.get(c);
                while (e != null) {
                    int b = PartitionCounts.bucket(e.k0);
                    if (b > bucket) {
                        break;
                    }
                    if (b < bucket) {
                        throw new IllegalStateException("count block entries out of bucket order: " + b + " after " + bucket);
                    }
                    merge(table, e, urlIds.get(c).get(e.url));
                    if (!e.next()) {
                        cursors.set(c, null);
                        e = null;
                    }
                }
            }
            last = Math.max(1 << 10, table.size());
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

    /** Adds one partition's counts of a hash: their sites are disjoint (see {@link PartitionCounts}). */
    private void merge(HashCountTable table, PartitionCounts.Cursor e, int example) {
        int slot = table.find(e.k0, e.k1, e.k2, e.kind);
        if (slot < 0) {
            slot = ~slot;
            table.setCounts(slot, e.pages, e.hosts, e.sites, e.top, e.hostSet);
            table.setCurrent(slot, 0, 0, 0, example);
        } else {
            table.setCounts(slot, table.pages(slot) + e.pages, table.hosts(slot) + e.hosts, table.sites(slot) + e.sites,
                    Math.max(table.topHostPages(slot), e.top), table.hostSet(slot) + e.hostSet);
            if (urls.get(example).compareTo(urls.get(table.example(slot))) < 0) {
                table.setExample(slot, example);
            }
        }
    }

    private static String kindName(int kind) {
        return kind == HashCountTable.KIND_FILE ? Label.KIND_FILE : Label.KIND_CHUNK;
    }
}
