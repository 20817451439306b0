package org.reusedetector.discover;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.reusedetector.model.HashedPage;
import org.reusedetector.page.Sha1;
import org.reusedetector.url.IgnoredParameters;
import org.reusedetector.url.NormalizedUrl;
import org.reusedetector.url.Sites;

/**
 * The first half of discovery from a hash index: counts every eligible chunk and file of the pages of a set
 * of whole sites, and hands the per-hash counts on in {@link CountBlock}s, split into {@code ranges} ranges
 * of hashes for {@link RangeCounts} to merge. The rules are those of the per-record workflow
 * ({@link DiscoveryFunctions.PageTallies} and {@link Tally}): each URL once as its latest fetch, pages with
 * an unusable URL or a crawler-recursion URL left out, a chunk counted once per page; per hash the pages,
 * distinct hosts and sites, the host-set fingerprint, the pages on its top host and the smallest URL.
 *
 * <p>Every fetch of a URL, every page of a host and every host of a site must reach the same instance
 * ({@link #partitionKey}): hosts and sites are then counted exactly here, and the parts of a hash from
 * different instances are over disjoint sites, so they merge by adding (as {@link Tally#addSites}).
 *
 * <p>Memory: the pages are held until {@link #finish} (about the size of their index records: the latest
 * fetch of a URL is known only at the end), then one {@link HashCountTable} slot per distinct hash (64 bytes
 * at a load of up to 0.7, twice that while it grows). 20 M chunk hashes in one instance take about 1.5 GB.
 */
final class PartitionCounts {

    /** Entries per {@link CountBlock}: about 1 MB, well inside Flink's network buffers' spanning limit. */
    static final int BLOCK_ENTRIES = 1 << 15;

    private static final int SINGLE_PAGE = 2;

    private final Eligibility eligibility;
    private final RecursionFilter recursion;
    private final IgnoredParameters ignored;
    private final List<HashedPage> pages = new ArrayList<>();
    private final Map<String, Integer> slotOfUrl = new HashMap<>();
    private DiscoverySummary pageStats = DiscoverySummary.empty();
    private final List<String> recursionUrls = new ArrayList<>();

    PartitionCounts(Eligibility eligibility, RecursionFilter recursion, IgnoredParameters ignored) {
        this.eligibility = eligibility;
        this.recursion = recursion;
        this.ignored = ignored;
    }

    /**
     * What decides a page's counting partition: its site, or for a URL without a host the URL itself. Pages
     * with equal URL keys have equal hosts, so all fetches of a URL meet.
     */
    static String partitionKey(String url) {
        String host = SiteKey.host(url);
        return host == null ? url : Sites.of(host);
    }

    /** The range of a hash among {@code ranges}: from the high bits of its first bytes, uniform for SHA-1. */
    static int range(long key0, int ranges) {
        return (int) (((key0 >>> 32) * ranges) >>> 32);
    }

    /** Adds a fetch; a later fetch of the same URL replaces it (of equal times, the first one stays). */
    void add(HashedPage page) {
        String key = NormalizedUrl.keyOf(page.url(), ignored);
        Integer slot = slotOfUrl.putIfAbsent(key, pages.size());
        if (slot == null) {
            pages.add(page);
        } else if (page.eventTime() > pages.get(slot).eventTime()) {
            pages.set(slot, page);
        }
    }

    /** The pages counted and left out, known after {@link #finish}. */
    DiscoverySummary pageStats() {
        return pageStats;
    }

    /** The URLs left out as crawler recursion errors, known after {@link #finish}. */
    List<String> recursionUrls() {
        return recursionUrls;
    }

    /** Counts the pages added and hands every hash's counts to {@code out}, {@code source} naming this instance. */
    void finish(int source, int ranges, Consumer<CountBlock> out) {
        Map<String, Integer> hostIds = new HashMap<>();
        Map<String, Integer> siteIds = new HashMap<>();
        List<String> hostNames = new ArrayList<>();
        List<Integer> hostSites = new ArrayList<>();
        int[] pageHost = new int[pages.size()];
        int counted = 0;
        long pagesCounted = 0;
        long recursionPages = 0;
        long invalid = 0;
        long chunks = 0;
        for (HashedPage page : pages) {
            String host = SiteKey.host(page.url());
            if (host == null) {
                invalid++;
            } else if (recursion.isRecursion(page.url())) {
                recursionPages++;
                recursionUrls.add(page.url());
            } else {
                Integer id = hostIds.get(host);
                if (id == null) {
                    id = hostNames.size();
                    hostIds.put(host, id);
                    hostNames.add(host);
                    hostSites.add(siteIds.computeIfAbsent(Sites.of(host), s -> siteIds.size()));
                }
                pages.set(counted, page);
                pageHost[counted++] = id;
                chunks += page.chunkCount();
            }
        }
        List<HashedPage> live = pages.subList(0, counted);
        int[] order = bySiteAndHost(pageHost, counted, hostSites);
        int[] urlRank = urlRanks(live);
        long[] fingerprints = new long[hostNames.size()];
        for (int h = 0; h < fingerprints.length; h++) {
            fingerprints[h] = HostSets.fingerprint(hostNames.get(h));
        }

        HashCountTable table = new HashCountTable((int) Math.min(1 << 26, chunks / 2 + counted), false);
        PageChunks distinct = new PageChunks();
        for (int p : order) {
            HashedPage page = live.get(p);
            int host = pageHost[p];
            int site = hostSites.get(host);
            if (eligibility.file(page)) {
                count(table, HashCountTable.KIND_FILE, page.fileHash(), 0, host, site, fingerprints[host], urlRank[p]);
            }
            byte[] hashes = page.chunkHashes();
            distinct.reset(page.chunkCount());
            for (int i = 0; i < page.chunkCount(); i++) {
                if (eligibility.chunk(page, i) && distinct.add(hashes, i * Sha1.LENGTH)) {
                    count(table, HashCountTable.KIND_CHUNK, hashes, i * Sha1.LENGTH, host, site, fingerprints[host], urlRank[p]);
                }
            }
            pagesCounted++;
        }
        pageStats = new DiscoverySummary(null, pagesCounted, distinct.total, recursionPages, invalid, 0, null, null, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0);
        slotOfUrl.clear();
        emit(table, live, urlRank, source, ranges, out);
        pages.clear();
    }

    private static void count(HashCountTable table, int kind, byte[] bytes, int at, int host, int site, long fingerprint, int rank) {
        int slot = table.find(HashCountTable.key0(bytes, at), HashCountTable.key1(bytes, at), HashCountTable.key2(bytes, at), kind);
        if (slot < 0) {
            slot = ~slot;
            table.setCounts(slot, 1, 1, 1, 0, fingerprint);
            table.setCurrent(slot, host, 1, site, rank);
        } else if (table.currentHost(slot) == host) {
            table.setCounts(slot, table.pages(slot) + 1, table.hosts(slot), table.sites(slot), table.topHostPages(slot), table.hostSet(slot));
            table.setCurrent(slot, host, table.currentHostPages(slot) + 1, site, Math.min(table.example(slot), rank));
        } else {
            // pages come ordered by site and host: a host not seen last is a new host of this hash
            int sites = table.sites(slot) + (table.currentSite(slot) == site ? 0 : 1);
            table.setCounts(slot, table.pages(slot) + 1, table.hosts(slot) + 1, sites, Math.max(table.topHostPages(slot), table.currentHostPages(slot)),
                    table.hostSet(slot) + fingerprint);
            table.setCurrent(slot, host, 1, site, Math.min(table.example(slot), rank));
        }
    }

    /** Page indices with the pages of a host together and the hosts of a site together (a counting sort). */
    private static int[] bySiteAndHost(int[] pageHost, int pages, List<Integer> hostSites) {
        Integer[] hosts = new Integer[hostSites.size()];
        for (int h = 0; h < hosts.length; h++) {
            hosts[h] = h;
        }
        Arrays.sort(hosts, (a, b) -> Integer.compare(hostSites.get(a), hostSites.get(b)));
        int[] start = new int[hosts.length + 1];
        int[] rankOfHost = new int[hosts.length];
        for (int r = 0; r < hosts.length; r++) {
            rankOfHost[hosts[r]] = r;
        }
        for (int p = 0; p < pages; p++) {
            start[rankOfHost[pageHost[p]] + 1]++;
        }
        for (int r = 0; r < hosts.length; r++) {
            start[r + 1] += start[r];
        }
        int[] order = new int[pages];
        for (int p = 0; p < pages; p++) {
            order[start[rankOfHost[pageHost[p]]]++] = p;
        }
        return order;
    }

    /** Each page's position among the pages in URL order: the smallest URL of a hash is the one of least rank. */
    private static int[] urlRanks(List<HashedPage> pages) {
        Integer[] byUrl = new Integer[pages.size()];
        for (int p = 0; p < byUrl.length; p++) {
            byUrl[p] = p;
        }
        Arrays.sort(byUrl, (a, b) -> pages.get(a).url().compareTo(pages.get(b).url()));
        int[] rank = new int[byUrl.length];
        for (int r = 0; r < byUrl.length; r++) {
            rank[byUrl[r]] = r;
        }
        return rank;
    }

    private static void emit(HashCountTable table, List<HashedPage> pages, int[] urlRank, int source, int ranges, Consumer<CountBlock> out) {
        String[] urlOfRank = new String[pages.size()];
        for (int p = 0; p < urlOfRank.length; p++) {
            urlOfRank[urlRank[p]] = pages.get(p).url();
        }
        BlockWriter[] writers = new BlockWriter[ranges];
        for (int r = 0; r < ranges; r++) {
            writers[r] = new BlockWriter(source, r, urlOfRank, out);
        }
        for (int slot = 0; slot < table.capacity(); slot++) {
            if (table.used(slot)) {
                writers[range(table.key0(slot), ranges)].add(table, slot);
            }
        }
        for (BlockWriter writer : writers) {
            writer.flush();
        }
    }

    /** Decodes the entries of a block: see {@link BlockWriter} for their layout. */
    static void read(CountBlock block, EntryVisitor visitor) {
        Bytes in = new Bytes(block.data());
        for (int e = 0; e < block.entries(); e++) {
            int flags = in.data[in.pos++];
            long k0 = in.getLong();
            long k1 = in.getLong();
            int k2 = in.getInt();
            int pages = 1;
            int hosts = 1;
            int sites = 1;
            int top = 1;
            if ((flags & SINGLE_PAGE) == 0) {
                pages = in.varint();
                hosts = in.varint();
                sites = in.varint();
                top = in.varint();
            }
            long hostSet = in.getLong();
            int url = in.varint();
            visitor.entry(k0, k1, k2, flags & 1, pages, hosts, sites, top, hostSet, url);
        }
    }

    /** One entry of a {@link CountBlock}; {@code url} indexes the URLs its source has sent for its range. */
    interface EntryVisitor {
        void entry(long k0, long k1, int k2, int kind, int pages, int hosts, int sites, int topHostPages, long hostSet, int url);
    }

    /**
     * Packs the entries of one range into blocks: a flag byte (bit 0 the kind, bit 1 "one page"), the hash
     * (20 bytes), unless on one page the pages, hosts, sites and top-host pages (varints), the host-set
     * fingerprint (8 bytes) and the example URL's index (varint). Most hashes are on one page and take 33 bytes.
     */
    private static final class BlockWriter {
        private final int source;
        private final int range;
        private final String[] urlOfRank;
        private final Consumer<CountBlock> out;
        private final int[] urlIndex;
        private int urls;
        private final List<String> newUrls = new ArrayList<>();
        private Bytes bytes = new Bytes(new byte[BLOCK_ENTRIES * 40]);
        private int entries;

        BlockWriter(int source, int range, String[] urlOfRank, Consumer<CountBlock> out) {
            this.source = source;
            this.range = range;
            this.urlOfRank = urlOfRank;
            this.out = out;
            urlIndex = new int[urlOfRank.length];
            Arrays.fill(urlIndex, -1);
        }

        void add(HashCountTable table, int slot) {
            int pages = table.pages(slot);
            int top = Math.max(table.topHostPages(slot), table.currentHostPages(slot));
            bytes.ensure(64);
            bytes.data[bytes.pos++] = (byte) (table.kind(slot) | (pages == 1 ? SINGLE_PAGE : 0));
            bytes.putLong(table.key0(slot));
            bytes.putLong(table.key1(slot));
            bytes.putInt(table.key2(slot));
            if (pages != 1) {
                bytes.putVarint(pages);
                bytes.putVarint(table.hosts(slot));
                bytes.putVarint(table.sites(slot));
                bytes.putVarint(top);
            }
            bytes.putLong(table.hostSet(slot));
            int rank = table.example(slot);
            if (urlIndex[rank] < 0) {
                urlIndex[rank] = urls++;
                newUrls.add(urlOfRank[rank]);
            }
            bytes.putVarint(urlIndex[rank]);
            if (++entries == BLOCK_ENTRIES) {
                flush();
            }
        }

        void flush() {
            if (entries > 0 || !newUrls.isEmpty()) {
                out.accept(new CountBlock(source, range, entries, Arrays.copyOf(bytes.data, bytes.pos), newUrls.toArray(String[]::new)));
            }
            newUrls.clear();
            bytes.pos = 0;
            entries = 0;
        }
    }

    /** Distinct chunks of one page: a small open-addressing set of chunk offsets, reused from page to page. */
    private static final class PageChunks {
        private int[] slots = new int[256];
        private int mask;
        private byte[] hashes;
        long total;

        void reset(int chunks) {
            int capacity = Math.max(16, Integer.highestOneBit(Math.max(1, chunks) * 2 - 1) << 1);
            if (slots.length < capacity) {
                slots = new int[capacity];
            }
            mask = capacity - 1;
            Arrays.fill(slots, 0, capacity, -1);
            hashes = null;
        }

        /** Whether the hash at {@code at} is new in this page. */
        boolean add(byte[] packed, int at) {
            hashes = packed;
            int i = HashCountTable.key2(packed, at) & mask;
            while (slots[i] >= 0) {
                if (Arrays.equals(packed, slots[i], slots[i] + Sha1.LENGTH, packed, at, at + Sha1.LENGTH)) {
                    return false;
                }
                i = (i + 1) & mask;
            }
            slots[i] = at;
            total++;
            return true;
        }
    }

    /** A growable byte buffer with big-endian and varint access. */
    static final class Bytes {
        byte[] data;
        int pos;

        Bytes(byte[] data) {
            this.data = data;
        }

        void ensure(int more) {
            if (pos + more > data.length) {
                data = Arrays.copyOf(data, Math.max(data.length * 2, pos + more));
            }
        }

        void putLong(long v) {
            for (int s = 56; s >= 0; s -= 8) {
                data[pos++] = (byte) (v >>> s);
            }
        }

        void putInt(int v) {
            for (int s = 24; s >= 0; s -= 8) {
                data[pos++] = (byte) (v >>> s);
            }
        }

        void putVarint(int v) {
            while ((v & ~0x7F) != 0) {
                data[pos++] = (byte) ((v & 0x7F) | 0x80);
                v >>>= 7;
            }
            data[pos++] = (byte) v;
        }

        long getLong() {
            long v = HashCountTable.key0(data, pos);
            pos += 8;
            return v;
        }

        int getInt() {
            int v = HashCountTable.key2(data, pos - 16); // key2 reads 16 bytes past its offset
            pos += 4;
            return v;
        }

        int varint() {
            int v = 0;
            for (int shift = 0; ; shift += 7) {
                byte b = data[pos++];
                v |= (b & 0x7F) << shift;
                if ((b & 0x80) == 0) {
                    return v;
                }
            }
        }
    }
}
