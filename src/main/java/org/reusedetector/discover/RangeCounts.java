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

    /** The example URLs of all sources, each source's pages from its {@link Source#base}: filled in {@link #finish}. */
    private String[] urls;
    /** The countable chunks of each of those example pages. */
    private int[] chunks;
    /** Per source and range, its entry blocks and its blocks of example URLs, in order. */
    private final Map<Long, Source> sources = new HashMap<>();

    /**
     * The entries of one source and range, copied block after block into pieces that double up to
     * {@value #MAX_PIECE_BYTES} bytes: blocks are small (Flink copies a record that spans network buffers), and
     * millions of small arrays kept to the end would be copied again and again by the garbage collector.
     */
    private static final class Source {
        private static final int MIN_PIECE_BYTES = 1 << 18;
        private static final int MAX_PIECE_BYTES = 1 << 23;
        /** Pieces as blocks of their entries (a piece's array may be longer than its entries). */
        final List<CountBlock> blocks = new ArrayList<>();

        final List<CountBlock> urlBlocks = new ArrayList<>();
        private byte[] piece;
        private int used;
        private int entries;
        int base;

        void append(CountBlock block) {
            byte[] data = block.data();
            if (piece == null || used + data.length > piece.length) {
                close();
                int size = piece == null ? MIN_PIECE_BYTES : Math.min(MAX_PIECE_BYTES, piece.length * 2);
                piece = new byte[Math.max(size, data.length)];
                used = 0;
            }
            System.arraycopy(data, 0, piece, used, data.length);
            used += data.length;
            entries += block.entries();
        }

        /** Ends the current piece (call before reading {@link #blocks}). */
        void close() {
            if (entries > 0) {
                blocks.add(new CountBlock(0, 0, entries, piece, null));
            }
            entries = 0;
        }
    }

    void add(CountBlock block) {
        Source source = sources.computeIfAbsent(((long) block.source() << 32) | block.range(), k -> new Source());
        if (block.entries() > 0) {
            source.append(block);
        } else if (block.urls().length > 0) {
            source.urlBlocks.add(block);
        }
    }

    /** Places every source's example URLs in {@link #urls}: a source's pages from its base on, as many as its highest page. */
    private void placeUrls() {
        long total = 0;
        for (Source source : sources.values()) {
            source.base = (int) total;
            if (!source.urlBlocks.isEmpty()) {
                CountBlock last = source.urlBlocks.get(source.urlBlocks.size() - 1);
                int[] pages = pages(new PartitionCounts.Bytes(last.data()), last.urls().length);
                total += pages[pages.length - 1] + 1L;
            }
            if (total > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("more than 2^31 pages' URLs in one discovery merge partition");
            }
        }
        urls = new String[(int) total];
        chunks = new int[(int) total];
        for (Source source : sources.values()) {
            for (CountBlock block : source.urlBlocks) {
                PartitionCounts.Bytes in = new PartitionCounts.Bytes(block.data());
                int[] pages = pages(in, block.urls().length);
                for (int i = 0; i < pages.length; i++) {
                    urls[source.base + pages[i]] = block.urls()[i];
                }
                for (int i = 0; i < pages.length; i++) {
                    chunks[source.base + pages[i]] = in.varint();
                }
            }
            source.urlBlocks.clear();
        }
    }

    /**
     * The pages of a block of {@code count} example URLs: delta varints, ascending (their chunk counts follow, one
     * varint each).
     */
    private static int[] pages(PartitionCounts.Bytes in, int count) {
        int[] pages = new int[count];
        int page = 0;
        for (int i = 0; i < pages.length; i++) {
            page += in.varint();
            pages[i] = page;
        }
        return pages;
    }

    /** Hands the histogram rows of the hashes merged here to {@code histogram}, the hashes on several hosts to {@code spread}. */
    void finish(Consumer<Tally> spread, Consumer<HistogramRow> histogram) {
        Totals totals = new Totals(spread);
        placeUrls();
        List<PartitionCounts.Cursor> cursors = new ArrayList<>();
        PartitionCounts.IntList bases = new PartitionCounts.IntList();
        for (Source source : sources.values()) {
            source.close();
            PartitionCounts.Cursor cursor = new PartitionCounts.Cursor(source.blocks);
            if (cursor.next()) {
                cursors.add(cursor);
                bases.add(source.base);
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
                        throw new IllegalStateException(
                                "count block entries out of bucket order: " + b + " after " + bucket);
                    }
                    merge(table, e, bases.get(c) + e.url);
                    if (!e.next()) {
                        cursors.set(c, null);
                        e = null;
                    }
                }
            }
            last = Math.max(1 << 10, table.size());
            for (int slot = 0; slot < table.capacity(); slot++) {
                if (table.used(slot)) {
                    totals.add(table, slot, table.topHostPages(slot), urls, chunks);
                }
            }
        }
        totals.finish(histogram);
    }

    /**
     * A hash's totals as they leave discovery's counting: its point of the frequency-occurrence histogram and,
     * when it is on several hosts, its {@link Tally}. Shared by the merge of partitions' counts and, with a single
     * partition, by {@link PartitionCounts} itself, whose counts are then the totals.
     */
    static final class Totals {
        private final Consumer<Tally> spread;
        private final long[][] dense = new long[2][DENSE_COUNTS];
        private final List<TreeMap<Long, Long>> sparse = List.of(new TreeMap<>(), new TreeMap<>());

        Totals(Consumer<Tally> spread) {
            this.spread = spread;
        }

        /**
         * The totals of the hash in {@code slot}: {@code top} its pages on the top host, its example page an index into
         * {@code urls} and {@code chunks} (that page's countable chunks).
         */
        void add(HashCountTable table, int slot, int top, String[] urls, int[] chunks) {
            int kind = table.kind(slot);
            int pages = table.pages(slot);
            if (pages < DENSE_COUNTS) {
                dense[kind][pages]++;
            } else {
                sparse.get(kind).merge((long) pages, 1L, Long::sum);
            }
            if (table.hosts(slot) > 1) {
                spread.accept(new Tally(
                        kindName(kind),
                        Sha1.hex(table.hash(slot)),
                        pages,
                        table.hosts(slot),
                        table.sites(slot),
                        table.hostSet(slot),
                        top,
                        urls[table.example(slot)],
                        null,
                        chunks[table.example(slot)]));
            }
        }

        /** Hands on the histogram rows, by kind and count. */
        void finish(Consumer<HistogramRow> histogram) {
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
    }

    /** Adds one partition's counts of a hash: their sites are disjoint (see {@link PartitionCounts}). */
    private void merge(HashCountTable table, PartitionCounts.Cursor e, int example) {
        int slot = table.find(e.k0, e.k1, e.k2, e.kind);
        if (slot < 0) {
            slot = ~slot;
            table.setCounts(slot, e.pages, e.hosts, e.sites, e.top, e.hostSet);
            table.setCurrent(slot, 0, 0, 0, example);
        } else {
            table.setCounts(
                    slot,
                    table.pages(slot) + e.pages,
                    table.hosts(slot) + e.hosts,
                    table.sites(slot) + e.sites,
                    Math.max(table.topHostPages(slot), e.top),
                    table.hostSet(slot) + e.hostSet);
            if (urls[example].compareTo(urls[table.example(slot)]) < 0) {
                table.setExample(slot, example);
            }
        }
    }

    private static String kindName(int kind) {
        return kind == HashCountTable.KIND_FILE ? Label.KIND_FILE : Label.KIND_CHUNK;
    }
}
