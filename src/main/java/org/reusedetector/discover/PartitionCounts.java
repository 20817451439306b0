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
import org.reusedetector.url.InvalidUrlException;
import org.reusedetector.url.NormalizedUrl;
import org.reusedetector.url.Sites;

/**
 * The first half of discovery's counting: counts every eligible chunk and file of the pages of a set of whole
 * sites, and hands the per-hash counts on in {@link CountBlock}s, split into {@code ranges} ranges of hashes for
 * {@link RangeCounts} to merge. The rules of counting are here and in {@link Prepare}: each URL once as its latest
 * fetch, pages with an unusable URL or a crawler-recursion URL left out, a chunk counted once per page; per hash
 * the pages, distinct hosts and sites, the host-set fingerprint ({@link HostSets}), the pages on its top host and
 * the smallest URL.
 *
 * <p>Every fetch of a URL, every page of a host and every host of a site must reach the same instance
 * ({@link #partitionKey}): hosts and sites are then counted exactly here, and the parts of a hash from
 * different instances are over disjoint sites, so they merge by adding.
 *
 * <p>How: each page's eligible distinct hashes are kept as three longs (24 bytes, the page's slot in the
 * third) as it arrives, the page itself is not, and straight in one of {@code 2^}{@value #COARSE_BITS}
 * coarse buckets (the top bits of the hash; {@link Arrivals}), so that they are never copied as a whole
 * again. At the end the pages counted are ranked in site, host and URL order, and each coarse bucket in
 * turn is radix-sorted by finer bucket and page rank ({@link BucketSorter}, in the processor's cache) and
 * each finer bucket counted in a small {@link HashCountTable}, rather than with a random access per hash into
 * one table of millions of slots (a cache and TLB miss each). Entries leave in bucket order, which
 * {@link RangeCounts} relies on.
 *
 * <p>Memory: 24 bytes per eligible hash occurrence of the partition (a superseded fetch's until the next
 * compaction), freed bucket by bucket as they are counted, plus 48 bytes per occurrence of the largest coarse
 * bucket (a 256th of all, while it is sorted) and about 100 bytes per page; a partition holds at most
 * 2<sup>31</sup> fetches.
 */
final class PartitionCounts {

    /**
     * Entries per {@link CountBlock}: about 8 KB, a quarter of one of Flink's network buffers. A record that spans
     * buffers is copied into a fresh array of its size (a large one is a humongous object to G1).
     */
    static final int BLOCK_ENTRIES = 1 << 8;

    /**
     * Bits of the buckets that blocks are ordered by ({@link RangeCounts} merges at this granularity). Counting
     * uses finer buckets in a large partition (up to {@value #MAX_COUNT_BUCKET_BITS} bits), so that a bucket's
     * table stays near {@value #BUCKET_OCCURRENCES} occurrences (at most 32 KB, the processor's first-level
     * cache): still in this order.
     */
    static final int BUCKET_BITS = 12;

    private static final int MAX_COUNT_BUCKET_BITS = 18;
    private static final int BUCKET_OCCURRENCES = 1 << 9;

    /**
     * Bits of the buckets that occurrences are put in as they arrive ({@link Arrivals}); {@link #finish} sorts
     * each in turn into finer buckets.
     */
    static final int COARSE_BITS = 8;
    /** Page slots are the high bits of an occurrence's third long. */
    private static final int MAX_SLOTS = Integer.MAX_VALUE;

    private static final int SINGLE_PAGE = 2;
    private static final byte COUNTED = PageHashes.COUNTED;
    private static final byte INVALID_URL = PageHashes.INVALID_URL;
    private static final byte RECURSION = PageHashes.RECURSION;
    private static final byte SUPERSEDED = 3;

    private static final long COMPACT_AFTER = 1 << 20;

    private final long compactAfter;
    private final int bucketOccurrences;
    private final Map<String, Integer> slotOfUrl = new HashMap<>();
    private final Map<String, Integer> hostIds = new HashMap<>();
    private final List<String> hostNames = new ArrayList<>();
    // per page slot: one per fetch that was its URL's latest when it arrived
    private final List<String> urls = new ArrayList<>();
    private long[] eventTimes = new long[1024];
    private byte[] status = new byte[1024];
    private int[] occurrenceCount = new int[1024];
    private final IntList pageHost = new IntList();
    private final IntList chunkCounts = new IntList();
    // the eligible distinct hashes of the pages as they arrive, by coarse bucket: bytes 0-7, 8-15, 16-19 | kind << 32 |
    // slot << 33
    private Arrivals[] arrivals = newArrivals();
    private long occurrences;
    private long superseded;
    private int compactions;
    private DiscoverySummary pageStats = DiscoverySummary.empty();
    private final List<String> recursionUrls = new ArrayList<>();

    PartitionCounts() {
        this(COMPACT_AFTER, BUCKET_OCCURRENCES);
    }

    /**
     * With other sizes (for tests): compact once more than {@code compactAfter} occurrences of superseded fetches
     * are kept (and they are half of all), count in tables of about {@code bucketOccurrences} occurrences.
     */
    PartitionCounts(long compactAfter, int bucketOccurrences) {
        this.compactAfter = compactAfter;
        this.bucketOccurrences = bucketOccurrences;
    }

    /**
     * What decides a page's counting partition: its site, or for a URL without a host the URL itself. Pages
     * with equal URL keys have equal hosts, so all fetches of a URL meet.
     */
    static String partitionKey(String url) {
        String host = SiteKey.host(url);
        return host == null ? url : Sites.of(host);
    }

    /** The counting partition of a page among {@code partitions}, from {@link PageHashes#partition}. */
    static int partition(int partitionKeyHash, int partitions) {
        return Math.floorMod(partitionKeyHash, partitions);
    }

    /** The range of a hash among {@code ranges}: from the high bits of its first bytes, uniform for SHA-1. */
    static int range(long key0, int ranges) {
        return (int) (((key0 >>> 32) * ranges) >>> 32);
    }

    /** The bucket of a hash: its top bits, so that buckets in order are hashes in order of their first bytes. */
    static int bucket(long key0) {
        return (int) (key0 >>> (64 - BUCKET_BITS));
    }

    /** Adds a fetch as {@link Prepare} made it; a later fetch of the same URL replaces it (of equal times, the first one stays). */
    void add(PageHashes page) {
        String key = page.identity();
        Integer previous = slotOfUrl.get(key);
        if (previous != null) {
            if (page.eventTime() <= eventTimes[previous]) {
                return;
            }
            if (status[previous] == COUNTED) {
                superseded += occurrences(previous);
            }
            status[previous] = SUPERSEDED;
        }
        int slot = urls.size();
        if (slot == MAX_SLOTS) {
            throw new IllegalStateException(slot + " fetches in one discovery partition: raise the parallelism");
        }
        slotOfUrl.put(key, slot);
        urls.add(page.url());
        if (slot == status.length) {
            eventTimes = Arrays.copyOf(eventTimes, slot * 2);
            status = Arrays.copyOf(status, slot * 2);
            occurrenceCount = Arrays.copyOf(occurrenceCount, slot * 2);
        }
        eventTimes[slot] = page.eventTime();
        status[slot] = page.fate();
        int hostId = status[slot] == COUNTED ? hostId(page.host()) : -1;
        pageHost.add(hostId);
        int chunks = 0;
        if (status[slot] == COUNTED) {
            byte[] hashes = page.hashes();
            long chunkTag = ((long) HashCountTable.KIND_CHUNK << 32) | ((long) slot << 33);
            int at = 0;
            if (page.file()) {
                append(hashes, 0, ((long) HashCountTable.KIND_FILE << 32) | ((long) slot << 33));
                at = Sha1.LENGTH;
            }
            for (; at < hashes.length; at += Sha1.LENGTH) {
                append(hashes, at, chunkTag);
            }
            chunks = page.chunks();
            occurrenceCount[slot] = hashes.length / Sha1.LENGTH;
            occurrences += occurrenceCount[slot];
        }
        chunkCounts.add(chunks);
        if (superseded > compactAfter && superseded > occurrences / 2) {
            compact();
        }
    }

    /**
     * Works out a page's {@link PageHashes} where the page is read: its URL parsed once (identity, host, site,
     * recursion) and its eligible chunks, each once. Holds scratch space: one per thread.
     */
    static final class Prepare {
        private final Eligibility eligibility;
        private final RecursionFilter recursion;
        private final IgnoredParameters ignored;
        private final PageChunks distinct = new PageChunks();
        private byte[] scratch = new byte[256 * Sha1.LENGTH];

        Prepare(Eligibility eligibility, RecursionFilter recursion, IgnoredParameters ignored) {
            this.eligibility = eligibility;
            this.recursion = recursion;
            this.ignored = ignored;
        }

        PageHashes of(HashedPage page) {
            String url = page.url();
            NormalizedUrl parsed;
            try {
                parsed = NormalizedUrl.parse(url, ignored);
            } catch (InvalidUrlException e) {
                return new PageHashes(
                        url.hashCode(), url, null, null, page.eventTime(), PageHashes.INVALID_URL, false, new byte[0]);
            }
            String key = parsed.url(); // NormalizedUrl.keyOf, without parsing twice
            key = key.equals(url) ? null : key;
            String host = SiteKey.host(parsed);
            int partition = Sites.of(host).hashCode();
            if (recursion.isRecursion(url, parsed)) {
                return new PageHashes(
                        partition, url, key, null, page.eventTime(), PageHashes.RECURSION, false, new byte[0]);
            }
            int chunks = page.chunkCount();
            if (scratch.length < (chunks + 1) * Sha1.LENGTH) {
                scratch = new byte[(chunks + 1) * Sha1.LENGTH];
            }
            int length = 0;
            boolean file = eligibility.file(page);
            if (file) {
                System.arraycopy(page.fileHash(), 0, scratch, 0, Sha1.LENGTH);
                length = Sha1.LENGTH;
            }
            byte[] hashes = page.chunkHashes();
            distinct.reset(chunks);
            for (int i = 0; i < chunks; i++) {
                if (eligibility.chunk(page, i) && distinct.add(hashes, i * Sha1.LENGTH)) {
                    System.arraycopy(hashes, i * Sha1.LENGTH, scratch, length, Sha1.LENGTH);
                    length += Sha1.LENGTH;
                }
            }
            return new PageHashes(
                    partition,
                    url,
                    key,
                    host,
                    page.eventTime(),
                    PageHashes.COUNTED,
                    file,
                    Arrays.copyOf(scratch, length));
        }
    }

    private long occurrences(int slot) {
        return occurrenceCount[slot];
    }

    /** Appends a hash occurrence to its coarse bucket; {@code tag} is its kind and page slot as key2's high bits. */
    private void append(byte[] bytes, int at, long tag) {
        long k0 = HashCountTable.key0(bytes, at);
        arrivals[(int) (k0 >>> (64 - COARSE_BITS))].add(
                k0, HashCountTable.key1(bytes, at), (HashCountTable.key2(bytes, at) & 0xFFFF_FFFFL) | tag);
    }

    private static Arrivals[] newArrivals() {
        Arrivals[] all = new Arrivals[1 << COARSE_BITS];
        for (int c = 0; c < all.length; c++) {
            all[c] = new Arrivals();
        }
        return all;
    }

    private int hostId(String host) {
        Integer id = hostIds.get(host);
        if (id == null) {
            id = hostNames.size();
            hostIds.put(host, id);
            hostNames.add(host);
        }
        return id;
    }

    /** Drops the hashes of superseded fetches (a rolling index with many revisits would otherwise pile them up). */
    private void compact() {
        Arrivals[] kept = newArrivals();
        for (Arrivals bucket : arrivals) {
            for (int piece = 0; piece < bucket.pieces; piece++) {
                long[] values = bucket.piece[piece];
                for (int at = 0, end = bucket.used(piece); at < end; at += 3) {
                    if (status[(int) (values[at + 2] >>> 33)] == COUNTED) {
                        kept[(int) (values[at] >>> (64 - COARSE_BITS))].add(values[at], values[at + 1], values[at + 2]);
                    }
                }
            }
        }
        arrivals = kept;
        occurrences -= superseded;
        superseded = 0;
        compactions++;
    }

    /** How many times superseded fetches were dropped (for tests). */
    int compactions() {
        return compactions;
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
        Ranked ranked = rank();
        BlockWriter[] writers = new BlockWriter[ranges];
        for (int r = 0; r < ranges; r++) {
            writers[r] = new BlockWriter(source, r, ranked.urlOfRank, ranked.chunksOfRank, out);
        }
        count(ranked, (table, slot) -> writers[range(table.key0(slot), ranges)].add(table, slot));
        for (BlockWriter writer : writers) {
            writer.finish();
        }
    }

    /**
     * Counts the pages added when they are all the pages (a single partition): its counts are then every hash's
     * totals, handed on as {@link RangeCounts#finish} would after merging, without the blocks in between.
     */
    void finish(Consumer<Tally> spread, Consumer<HistogramRow> histogram) {
        Ranked ranked = rank();
        RangeCounts.Totals totals = new RangeCounts.Totals(spread);
        count(
                ranked,
                (table, slot) -> totals.add(
                        table,
                        slot,
                        Math.max(table.topHostPages(slot), table.currentHostPages(slot)),
                        ranked.urlOfRank,
                        ranked.chunksOfRank));
        totals.finish(histogram);
    }

    /** The pages counted, numbered by rank: in site, host and URL order. */
    private record Ranked(
            int counted,
            int[] rankOfSlot,
            int[] hostOfRank,
            String[] urlOfRank,
            int[] chunksOfRank,
            long[] fingerprints,
            int[] siteOfHost) {}

    /** Where {@link #count} hands each hash counted: the table's slot, valid until the next call. */
    private interface Counted {
        void accept(HashCountTable table, int slot);
    }

    private Ranked rank() {
        int slots = urls.size();
        int[] live = new int[slots];
        int counted = 0;
        long invalid = 0;
        long countedChunks = 0;
        for (int slot = 0; slot < slots; slot++) {
            switch (status[slot]) {
                case COUNTED -> {
                    live[counted++] = slot;
                    countedChunks += chunkCounts.get(slot);
                }
                case INVALID_URL -> invalid++;
                case RECURSION -> recursionUrls.add(urls.get(slot));
                default -> {} // superseded by a later fetch
            }
        }
        pageStats = DiscoverySummary.ofPages(counted, countedChunks, recursionUrls.size(), invalid);

        // pages are numbered by rank from here on: in site, host and URL order
        int[] siteOfHost = siteIds();
        int[] order = bySiteHostAndUrl(live, counted, siteOfHost);
        int[] rankOfSlot = new int[slots];
        Arrays.fill(rankOfSlot, -1);
        int[] hostOfRank = new int[counted];
        String[] urlOfRank = new String[counted];
        int[] chunksOfRank = new int[counted];
        for (int r = 0; r < counted; r++) {
            int slot = live[order[r]];
            rankOfSlot[slot] = r;
            hostOfRank[r] = pageHost.get(slot);
            urlOfRank[r] = urls.get(slot);
            chunksOfRank[r] = chunkCounts.get(slot);
        }
        long[] fingerprints = new long[hostNames.size()];
        for (int h = 0; h < fingerprints.length; h++) {
            fingerprints[h] = HostSets.fingerprint(hostNames.get(h));
        }
        return new Ranked(counted, rankOfSlot, hostOfRank, urlOfRank, chunksOfRank, fingerprints, siteOfHost);
    }

    /** Counts every coarse bucket in turn, and hands each hash counted to {@code out}, in bucket order. */
    private void count(Ranked ranked, Counted out) {
        int counted = ranked.counted();
        int[] rankOfSlot = ranked.rankOfSlot();
        int[] hostOfRank = ranked.hostOfRank();
        String[] urlOfRank = ranked.urlOfRank();
        long[] fingerprints = ranked.fingerprints();
        int[] siteOfHost = ranked.siteOfHost();

        HashCountTable table = new HashCountTable(1 << 10, false);
        int rankBits = 32 - Integer.numberOfLeadingZeros(counted);
        long rankMask = (1L << rankBits) - 1;
        BucketSorter sorter = new BucketSorter();
        for (int c = 0; c < arrivals.length; c++) {
            Arrivals bucket = arrivals[c];
            arrivals[c] = null; // its memory goes as the buckets are counted
            if (bucket.size == 0) {
                continue;
            }
            // finer buckets in a large partition, so that a table stays near bucketOccurrences hashes (in the cache)
            int subBits = BUCKET_BITS - COARSE_BITS;
            while (subBits < MAX_COUNT_BUCKET_BITS - COARSE_BITS && bucket.size >> subBits > bucketOccurrences) {
                subBits++;
            }
            // the occurrences of pages counted, sorted by finer bucket and, within one, by page rank
            int n = sorter.load(bucket, rankOfSlot, COARSE_BITS, subBits, rankBits);
            long[] keys = sorter.keys;
            int[] index = sorter.index;
            long[] laid = sorter.laid;
            int from = 0;
            while (from < n) {
                long sub = keys[from] >>> rankBits;
                int to = from + 1;
                while (to < n && keys[to] >>> rankBits == sub) {
                    to++;
                }
                table.reset(to - from);
                for (int i = from; i < to; i++) {
                    int page = (int) (keys[i] & rankMask);
                    int at = index[i] * 3;
                    long tag = laid[at + 2];
                    int host = hostOfRank[page];
                    count(
                            table,
                            (int) (tag >>> 32) & 1,
                            laid[at],
                            laid[at + 1],
                            (int) tag,
                            host,
                            siteOfHost[host],
                            fingerprints[host],
                            page,
                            urlOfRank);
                }
                for (int k = 0; k < table.size(); k++) {
                    int slot = table.usedSlot(k);
                    out.accept(table, slot);
                }
                from = to;
            }
        }
        arrivals = null;
    }

    /**
     * Counts one page of a hash. Pages come in site, host and URL order: a host not seen last is a new host of the
     * hash, and a host's first page is its smallest URL, so URLs are compared only when the host changes.
     */
    private static void count(
            HashCountTable table,
            int kind,
            long k0,
            long k1,
            int k2,
            int host,
            int site,
            long fingerprint,
            int page,
            String[] urlOfPage) {
        int slot = table.find(k0, k1, k2, kind);
        if (slot < 0) {
            slot = ~slot;
            table.setCounts(slot, 1, 1, 1, 0, fingerprint);
            table.setCurrent(slot, host, 1, site, page);
        } else if (table.currentHost(slot) == host) {
            table.setCounts(
                    slot,
                    table.pages(slot) + 1,
                    table.hosts(slot),
                    table.sites(slot),
                    table.topHostPages(slot),
                    table.hostSet(slot));
            table.setCurrent(slot, host, table.currentHostPages(slot) + 1, site, table.example(slot));
        } else {
            int sites = table.sites(slot) + (table.currentSite(slot) == site ? 0 : 1);
            table.setCounts(
                    slot,
                    table.pages(slot) + 1,
                    table.hosts(slot) + 1,
                    sites,
                    Math.max(table.topHostPages(slot), table.currentHostPages(slot)),
                    table.hostSet(slot) + fingerprint);
            int example = table.example(slot);
            table.setCurrent(slot, host, 1, site, urlOfPage[page].compareTo(urlOfPage[example]) < 0 ? page : example);
        }
    }

    /**
     * The site of each host, numbered in the order of the hosts' ids (their first pages'). Worked out here, once
     * per host, rather than as hosts arrive: the site lookup then stays out of the per-page path that the JIT
     * compiles (the preparing thread has already looked every site up, so these are cache hits).
     */
    private int[] siteIds() {
        Map<String, Integer> ids = new HashMap<>();
        int[] siteOfHost = new int[hostNames.size()];
        for (int h = 0; h < siteOfHost.length; h++) {
            Integer id = ids.putIfAbsent(Sites.of(hostNames.get(h)), ids.size());
            siteOfHost[h] = id == null ? ids.size() - 1 : id;
        }
        return siteOfHost;
    }

    /**
     * Positions in {@code live} with the hosts of a site together, the pages of a host together and in URL order
     * (a counting sort by host, then a sort of each host's few pages).
     */
    private int[] bySiteHostAndUrl(int[] live, int pages, int[] siteOfHost) {
        Integer[] hosts = new Integer[hostNames.size()];
        for (int h = 0; h < hosts.length; h++) {
            hosts[h] = h;
        }
        Arrays.sort(hosts, (a, b) -> Integer.compare(siteOfHost[a], siteOfHost[b]));
        int[] rankOfHost = new int[hosts.length];
        for (int r = 0; r < hosts.length; r++) {
            rankOfHost[hosts[r]] = r;
        }
        int[] start = new int[hosts.length + 1];
        for (int p = 0; p < pages; p++) {
            start[rankOfHost[pageHost.get(live[p])] + 1]++;
        }
        for (int r = 0; r < hosts.length; r++) {
            start[r + 1] += start[r];
        }
        // each host's pages, with their URLs beside them: the sort then reads no list and unboxes nothing
        int[] order = new int[pages];
        String[] urlAt = new String[pages];
        int[] next = Arrays.copyOf(start, hosts.length);
        for (int p = 0; p < pages; p++) {
            int at = next[rankOfHost[pageHost.get(live[p])]]++;
            order[at] = p;
            urlAt[at] = urls.get(live[p]);
        }
        int[] orderBuffer = new int[pages];
        String[] urlBuffer = new String[pages];
        for (int r = 0; r < hosts.length; r++) {
            sortByUrl(urlAt, order, urlBuffer, orderBuffer, start[r], start[r + 1]);
        }
        return order;
    }

    /**
     * Sorts {@code urls[from, to)} and {@code order} beside them, stably (equal URLs keep their order): a merge
     * sort over insertion-sorted runs.
     */
    static void sortByUrl(String[] urls, int[] order, String[] urlBuffer, int[] orderBuffer, int from, int to) {
        if (to - from <= 16) {
            for (int i = from + 1; i < to; i++) {
                String url = urls[i];
                int page = order[i];
                int j = i - 1;
                while (j >= from && urls[j].compareTo(url) > 0) {
                    urls[j + 1] = urls[j];
                    order[j + 1] = order[j];
                    j--;
                }
                urls[j + 1] = url;
                order[j + 1] = page;
            }
            return;
        }
        int middle = (from + to) >>> 1;
        sortByUrl(urls, order, urlBuffer, orderBuffer, from, middle);
        sortByUrl(urls, order, urlBuffer, orderBuffer, middle, to);
        if (urls[middle - 1].compareTo(urls[middle]) <= 0) {
            return; // already in order
        }
        System.arraycopy(urls, from, urlBuffer, from, to - from);
        System.arraycopy(order, from, orderBuffer, from, to - from);
        int a = from;
        int b = middle;
        for (int k = from; k < to; k++) {
            if (b >= to || (a < middle && urlBuffer[a].compareTo(urlBuffer[b]) <= 0)) {
                urls[k] = urlBuffer[a];
                order[k] = orderBuffer[a++];
            } else {
                urls[k] = urlBuffer[b];
                order[k] = orderBuffer[b++];
            }
        }
    }

    /** Reads the entries of blocks in order: see {@link BlockWriter} for their layout. */
    static final class Cursor {
        private final java.util.Iterator<CountBlock> blocks;
        private Bytes in;
        private int left;
        long k0;
        long k1;
        int k2;
        int kind;
        int pages;
        int hosts;
        int sites;
        int top;
        long hostSet;
        /** The example page: its index among the entry's source's counted pages (see {@link BlockWriter}). */
        int url;

        /** The entry blocks of one source and range, in the order sent. */
        Cursor(List<CountBlock> blocks) {
            this.blocks = blocks.iterator();
        }

        /** Moves to the next entry; false at the end. */
        boolean next() {
            while (left == 0) {
                if (!blocks.hasNext()) {
                    return false;
                }
                CountBlock block = blocks.next();
                in = new Bytes(block.data());
                left = block.entries();
            }
            left--;
            int flags = in.data[in.pos++];
            k0 = in.getLong();
            k1 = in.getLong();
            k2 = in.getInt();
            kind = flags & 1;
            if ((flags & SINGLE_PAGE) == 0) {
                pages = in.varint();
                hosts = in.varint();
                sites = in.varint();
                top = in.varint();
            } else {
                pages = 1;
                hosts = 1;
                sites = 1;
                top = 1;
            }
            hostSet = in.getLong();
            url = in.varint();
            return true;
        }
    }

    /**
     * Packs the entries of one range into blocks: a flag byte (bit 0 the kind, bit 1 "one page"), the hash
     * (20 bytes), unless on one page the pages, hosts, sites and top-host pages (varints), the host-set
     * fingerprint (8 bytes) and the example page (varint: its index among this source's counted pages). Most
     * hashes are on one page and take 33 bytes. After the entries, blocks with no entries carry the URLs of
     * the example pages, ascending (their indices as delta varints in {@code data}, then each page's countable
     * chunks as varints, for the group rule): a bit per page marks
     * them as entries are written, small enough to stay in the processor's cache.
     */
    private static final class BlockWriter {
        private final int source;
        private final int range;
        private final String[] urlOfPage;
        private final int[] chunksOfPage;
        private final Consumer<CountBlock> out;
        private final long[] referenced;
        private Bytes bytes = new Bytes(new byte[BLOCK_ENTRIES * 40]);
        private int entries;

        BlockWriter(int source, int range, String[] urlOfPage, int[] chunksOfPage, Consumer<CountBlock> out) {
            this.source = source;
            this.range = range;
            this.urlOfPage = urlOfPage;
            this.chunksOfPage = chunksOfPage;
            this.out = out;
            referenced = new long[(urlOfPage.length + 63) >>> 6];
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
            int page = table.example(slot);
            referenced[page >>> 6] |= 1L << page;
            bytes.putVarint(page);
            if (++entries == BLOCK_ENTRIES) {
                flushEntries();
            }
        }

        private void flushEntries() {
            if (entries > 0) {
                out.accept(new CountBlock(source, range, entries, Arrays.copyOf(bytes.data, bytes.pos), new String[0]));
            }
            bytes.pos = 0;
            entries = 0;
        }

        /** Sends the last entries, then the example URLs. */
        void finish() {
            flushEntries();
            List<String> urls = new ArrayList<>();
            IntList chunks = new IntList();
            int last = 0;
            for (int word = 0; word < referenced.length; word++) {
                for (long bits = referenced[word]; bits != 0; bits &= bits - 1) {
                    int page = (word << 6) + Long.numberOfTrailingZeros(bits);
                    bytes.ensure(8);
                    bytes.putVarint(page - last);
                    last = page;
                    urls.add(urlOfPage[page]);
                    chunks.add(chunksOfPage[page]);
                    if (urls.size() == BLOCK_ENTRIES) {
                        flushUrls(urls, chunks);
                        last = 0;
                    }
                }
            }
            flushUrls(urls, chunks);
        }

        /** Sends a block of example URLs: their pages' delta varints, then each page's countable chunks (varints). */
        private void flushUrls(List<String> urls, IntList chunks) {
            if (!urls.isEmpty()) {
                for (int i = 0; i < chunks.size; i++) {
                    bytes.ensure(8);
                    bytes.putVarint(chunks.get(i));
                }
                out.accept(new CountBlock(
                        source, range, 0, Arrays.copyOf(bytes.data, bytes.pos), urls.toArray(String[]::new)));
            }
            urls.clear();
            chunks.size = 0;
            bytes.pos = 0;
        }
    }

    /** Distinct chunks of one page: a small open-addressing set of chunk offsets, reused from page to page. */
    private static final class PageChunks {
        private int[] slots = new int[256];
        private int mask;

        void reset(int chunks) {
            int capacity = Math.max(16, Integer.highestOneBit(Math.max(1, chunks) * 2 - 1) << 1);
            if (slots.length < capacity) {
                slots = new int[capacity];
            }
            mask = capacity - 1;
            Arrays.fill(slots, 0, capacity, -1);
        }

        /** Whether the hash at {@code at} is new in this page. */
        boolean add(byte[] packed, int at) {
            int i = HashCountTable.key2(packed, at) & mask;
            while (slots[i] >= 0) {
                if (Arrays.equals(packed, slots[i], slots[i] + Sha1.LENGTH, packed, at, at + Sha1.LENGTH)) {
                    return false;
                }
                i = (i + 1) & mask;
            }
            slots[i] = at;
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

    /** A growable int array. */
    static final class IntList {
        private int[] values = new int[1024];
        int size;

        void add(int v) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = v;
        }

        int get(int i) {
            if (i >= size) {
                throw new IndexOutOfBoundsException(i + " of " + size);
            }
            return values[i];
        }
    }

    /**
     * The occurrences of one coarse bucket as they arrive, three longs each, in pieces that double up to
     * {@value #LARGEST_PIECE} longs: no copy as they grow, and no piece is so large that G1 takes it for a
     * humongous object (each of those may start a collection).
     */
    static final class Arrivals {
        private static final int FIRST_PIECE = 3 << 8;
        private static final int LARGEST_PIECE = 3 << 14;
        private long[][] piece = new long[4][];
        private int pieces;
        private long[] current;
        private int used;
        long size;

        void add(long k0, long k1, long tag) {
            long[] last = current;
            int at = used;
            if (last == null || at == last.length) {
                last = grow();
                at = 0;
            }
            last[at] = k0;
            last[at + 1] = k1;
            last[at + 2] = tag;
            used = at + 3;
            size++;
        }

        private long[] grow() {
            int length = current == null ? FIRST_PIECE : Math.min(LARGEST_PIECE, current.length * 2);
            if (pieces == piece.length) {
                piece = Arrays.copyOf(piece, pieces * 2);
            }
            current = new long[length];
            piece[pieces++] = current;
            used = 0;
            return current;
        }

        /** Longs in use in a piece. */
        int used(int p) {
            return p == pieces - 1 ? used : piece[p].length;
        }
    }

    /**
     * Lays out one coarse bucket's occurrences of counted pages ({@link #laid}, three longs each) and sorts them
     * ({@link #index} into {@link #laid}) by finer bucket and, within one, by page rank: a radix sort of at most
     * {@value #RADIX_BITS} bits a pass over a bucket that stays in the processor's cache.
     */
    static final class BucketSorter {
        private static final int RADIX_BITS = 11;
        long[] keys = new long[0];
        int[] index = new int[0];
        long[] laid = new long[0];
        private long[] keysBuffer = new long[0];
        private int[] indexBuffer = new int[0];
        private final int[] counts = new int[(1 << RADIX_BITS) + 1];

        /** Returns the occurrences laid out: those of pages with a rank ({@code rankOfSlot[slot] >= 0}). */
        int load(Arrivals bucket, int[] rankOfSlot, int coarseBits, int subBits, int rankBits) {
            if (bucket.size > (Integer.MAX_VALUE - 8) / 3) {
                throw new IllegalStateException(bucket.size
                        + " hash occurrences in one bucket of a discovery partition: raise the parallelism");
            }
            int size = (int) bucket.size;
            if (keys.length < size) {
                int capacity = Math.max(size, keys.length + (keys.length >> 1));
                keys = new long[capacity];
                index = new int[capacity];
                keysBuffer = new long[capacity];
                indexBuffer = new int[capacity];
                laid = new long[capacity * 3];
            }
            int subShift = 64 - subBits;
            int n = 0;
            for (int p = 0; p < bucket.pieces; p++) {
                long[] values = bucket.piece[p];
                for (int at = 0, end = bucket.used(p); at < end; at += 3) {
                    long tag = values[at + 2];
                    int rank = rankOfSlot[(int) (tag >>> 33)];
                    if (rank < 0) {
                        continue;
                    }
                    long k0 = values[at];
                    int to = n * 3;
                    laid[to] = k0;
                    laid[to + 1] = values[at + 1];
                    laid[to + 2] = tag;
                    keys[n] = ((k0 << coarseBits) >>> subShift) << rankBits | rank;
                    index[n] = n;
                    n++;
                }
            }
            sort(n, subBits + rankBits);
            return n;
        }

        /** A least-significant-digit radix sort of {@link #keys} (their low {@code bits} bits) with {@link #index}: stable. */
        private void sort(int n, int bits) {
            int passes = Math.max(1, (bits + RADIX_BITS - 1) / RADIX_BITS);
            int digitBits = (bits + passes - 1) / passes;
            int mask = (1 << digitBits) - 1;
            for (int pass = 0; pass < passes; pass++) {
                int shift = pass * digitBits;
                long[] from = keys;
                int[] fromIndex = index;
                long[] to = keysBuffer;
                int[] toIndex = indexBuffer;
                Arrays.fill(counts, 0, mask + 2, 0);
                for (int i = 0; i < n; i++) {
                    counts[((int) (from[i] >>> shift) & mask) + 1]++;
                }
                for (int d = 0; d < mask + 1; d++) {
                    counts[d + 1] += counts[d];
                }
                for (int i = 0; i < n; i++) {
                    long key = from[i];
                    int at = counts[(int) (key >>> shift) & mask]++;
                    to[at] = key;
                    toIndex[at] = fromIndex[i];
                }
                keys = to;
                index = toIndex;
                keysBuffer = from;
                indexBuffer = fromIndex;
            }
        }
    }
}
