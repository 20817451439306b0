package org.reusedetector.discover;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.benchmark.SyntheticIndex;
import org.reusedetector.index.HashIndex;
import org.reusedetector.index.HashIndexReader;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.Label;
import org.reusedetector.page.Sha1;
import org.reusedetector.url.IgnoredParameters;
import org.reusedetector.url.NormalizedUrl;
import org.reusedetector.url.Sites;

/**
 * Discovery's counting ({@link PartitionCounts} then {@link RangeCounts}) against its rules written out here the
 * plain way: each URL's latest fetch, then per hash the pages it is on, grouped by host.
 */
class PartitionCountsTest {

    private static final RecursionFilter RECURSION = url -> url.contains("/loop/loop/");
    // chunks shorter than 200 characters are stop chunks: about a third of the synthetic index's
    private static final DiscoveryParams PARAMS =
            DiscoveryParams.defaults("test").withMinChunkLength(200);

    /** What the bulk counting yields: page statistics, the histogram, the hashes on several hosts. */
    record Counted(DiscoverySummary stats, Map<String, Long> histogram, Set<Tally> spread, long blocks) {}

    static Counted bulk(List<HashedPage> pages, int partitions, int ranges, int mergers) {
        return bulk(pages, partitions, ranges, mergers, PartitionCounts::new);
    }

    static Counted bulk(
            List<HashedPage> pages,
            int partitions,
            int ranges,
            int mergers,
            java.util.function.Supplier<PartitionCounts> counter) {
        List<PartitionCounts> counters = new ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            counters.add(counter.get());
        }
        PartitionCounts.Prepare prepare = prepare();
        for (HashedPage page : pages) {
            counters.get(Math.floorMod(PartitionCounts.partitionKey(page.url()).hashCode(), partitions))
                    .add(prepare.of(page));
        }
        List<RangeCounts> merges = new ArrayList<>();
        for (int m = 0; m < mergers; m++) {
            merges.add(new RangeCounts());
        }
        DiscoverySummary stats = DiscoverySummary.empty();
        long[] blocks = {0};
        for (int p = 0; p < partitions; p++) {
            counters.get(p).finish(p, ranges, block -> {
                blocks[0]++;
                merges.get(block.range() % mergers).add(block);
            });
            stats = stats.merge(counters.get(p).pageStats());
        }
        Map<String, Long> histogram = new HashMap<>();
        Set<Tally> spread = new HashSet<>();
        for (RangeCounts merge : merges) {
            merge.finish(
                    t -> assertThat(spread.add(t)).as("each hash once").isTrue(),
                    row -> histogram.merge(row.kind() + ":" + row.occurrences(), row.items(), Long::sum));
        }
        return new Counted(stats, histogram, spread, blocks[0]);
    }

    /** What one partition of every page yields when it hands on its counts as the totals ({@link PartitionCounts#finish(java.util.function.Consumer, java.util.function.Consumer)}). */
    static Counted whole(List<HashedPage> pages, java.util.function.Supplier<PartitionCounts> counter) {
        PartitionCounts counts = counter.get();
        PartitionCounts.Prepare prepare = prepare();
        pages.forEach(page -> counts.add(prepare.of(page)));
        Map<String, Long> histogram = new HashMap<>();
        Set<Tally> spread = new HashSet<>();
        counts.finish(
                t -> assertThat(spread.add(t)).as("each hash once").isTrue(),
                row -> assertThat(histogram.put(row.kind() + ":" + row.occurrences(), row.items()))
                        .as("each point once")
                        .isNull());
        return new Counted(counts.pageStats(), histogram, spread, 0);
    }

    static PartitionCounts.Prepare prepare() {
        return new PartitionCounts.Prepare(PARAMS.eligibility(), RECURSION, IgnoredParameters.DEFAULT);
    }

    /** One hash as the reference counts it: its pages' URLs by host. */
    private record Occurrences(String kind, String hash, Map<String, List<String>> urlsOfHost) {}

    /** The rules, the plain way. */
    static Counted reference(List<HashedPage> pages) {
        Map<String, HashedPage> latest = new LinkedHashMap<>();
        for (HashedPage page : pages) {
            latest.merge(
                    NormalizedUrl.keyOf(page.url(), IgnoredParameters.DEFAULT),
                    page,
                    (a, b) -> a.eventTime() >= b.eventTime() ? a : b);
        }
        Eligibility eligibility = PARAMS.eligibility();
        Map<String, Occurrences> hashes = new LinkedHashMap<>();
        long counted = 0;
        long countedChunks = 0;
        Map<String, Long> chunksOfUrl = new HashMap<>();
        long recursion = 0;
        long invalid = 0;
        for (HashedPage page : latest.values()) {
            String host = SiteKey.host(page.url());
            if (host == null) {
                invalid++;
                continue;
            }
            if (RECURSION.isRecursion(page.url())) {
                recursion++;
                continue;
            }
            counted++;
            Set<String> seen = new LinkedHashSet<>();
            if (eligibility.file(page)) {
                seen.add(Label.KIND_FILE + ':' + Sha1.hex(page.fileHash()));
            }
            for (int i = 0; i < page.chunkCount(); i++) {
                if (eligibility.chunk(page, i)) {
                    seen.add(Label.KIND_CHUNK + ':' + Sha1.hex(page.chunkHashes(), i));
                }
            }
            long pageChunks =
                    seen.stream().filter(k -> k.startsWith(Label.KIND_CHUNK)).count();
            countedChunks += pageChunks;
            chunksOfUrl.put(page.url(), pageChunks);
            for (String key : seen) {
                String[] kindAndHash = key.split(":");
                hashes.computeIfAbsent(key, k -> new Occurrences(kindAndHash[0], kindAndHash[1], new HashMap<>()))
                        .urlsOfHost()
                        .computeIfAbsent(host, h -> new ArrayList<>())
                        .add(page.url());
            }
        }
        Map<String, Long> histogram = new HashMap<>();
        Set<Tally> spread = new HashSet<>();
        for (Occurrences o : hashes.values()) {
            Map<String, List<String>> byHost = o.urlsOfHost();
            long count = byHost.values().stream().mapToLong(List::size).sum();
            histogram.merge(o.kind() + ":" + count, 1L, Long::sum);
            if (byHost.size() > 1) {
                String example = byHost.values().stream()
                        .flatMap(List::stream)
                        .min(String::compareTo)
                        .orElseThrow();
                spread.add(new Tally(
                        o.kind(),
                        o.hash(),
                        count,
                        byHost.size(),
                        byHost.keySet().stream().map(Sites::of).distinct().count(),
                        byHost.keySet().stream()
                                .mapToLong(HostSets::fingerprint)
                                .sum(),
                        byHost.values().stream().mapToLong(List::size).max().orElseThrow(),
                        example,
                        null,
                        chunksOfUrl.get(example)));
            }
        }
        return new Counted(DiscoverySummary.ofPages(counted, countedChunks, recursion, invalid), histogram, spread, 0);
    }

    /** Every page of the hash index in {@code dir}, in file order. */
    static List<HashedPage> indexPages(Path dir) throws Exception {
        List<HashedPage> pages = new ArrayList<>();
        for (Path file : HashIndex.list(dir)) {
            try (HashIndexReader reader = HashIndexReader.open(file)) {
                reader.forEachRemaining(pages::add);
            }
        }
        return pages;
    }

    /** A synthetic index with the cases the rules treat apart: revisits, bad and recursion URLs, www., repeats in a page. */
    static List<HashedPage> corpus(Path dir) throws Exception {
        SyntheticIndex.write(dir, 30_000, 20, 3, 7);
        List<HashedPage> pages = indexPages(dir);
        List<HashedPage> extra = new ArrayList<>();
        for (int i = 0; i < pages.size(); i += 7) {
            HashedPage p = pages.get(i);
            // a revisit with other content: the later fetch counts, whichever arrives first
            HashedPage revisit = new HashedPage(
                    p.url(),
                    p.eventTime() + (i % 2 == 0 ? 1000 : -1000),
                    p.fileHash(),
                    Arrays.copyOfRange(
                            pages.get(i + 1).chunkHashes(),
                            0,
                            20 * Math.min(3, pages.get(i + 1).chunkCount())),
                    Arrays.copyOf(
                            pages.get(i + 1).chunkLengths(),
                            Math.min(3, pages.get(i + 1).chunkCount())),
                    p.bodyBytes());
            extra.add(revisit);
        }
        for (int i = 3; i < pages.size(); i += 11) {
            HashedPage p = pages.get(i);
            String url = p.url();
            extra.add(new HashedPage(
                    url.replace("https://", "https://www.").replace(".html", "-www.html"),
                    p.eventTime(),
                    p.fileHash(),
                    p.chunkHashes(),
                    p.chunkLengths(),
                    p.bodyBytes()));
            extra.add(new HashedPage(
                    url.replace(".html", "/loop/loop/x.html"),
                    p.eventTime(),
                    p.fileHash(),
                    p.chunkHashes(),
                    p.chunkLengths(),
                    p.bodyBytes()));
            extra.add(new HashedPage(
                    "not a url " + i, p.eventTime(), p.fileHash(), p.chunkHashes(), p.chunkLengths(), p.bodyBytes()));
            byte[] twice = new byte[p.chunkHashes().length * 2];
            System.arraycopy(p.chunkHashes(), 0, twice, 0, p.chunkHashes().length);
            System.arraycopy(p.chunkHashes(), 0, twice, p.chunkHashes().length, p.chunkHashes().length);
            int[] lengths = Arrays.copyOf(p.chunkLengths(), p.chunkCount() * 2);
            System.arraycopy(p.chunkLengths(), 0, lengths, p.chunkCount(), p.chunkCount());
            extra.add(new HashedPage(
                    url.replace(".html", "-twice.html"), p.eventTime(), p.fileHash(), twice, lengths, p.bodyBytes()));
        }
        for (int i = 5; i < pages.size(); i += 13) {
            // one site's content on two of its hosts (a site of several hosts) and on a second site
            HashedPage p = pages.get(i);
            for (String host : new String[] {
                "docs.org" + (i % 4) + ".org", "blog.org" + (i % 4) + ".org", "mirror" + (i % 3) + ".net"
            }) {
                extra.add(new HashedPage(
                        "https://" + host + "/copy" + i + ".html",
                        p.eventTime(),
                        p.fileHash(),
                        p.chunkHashes(),
                        p.chunkLengths(),
                        p.bodyBytes()));
            }
        }
        // interleave, so that revisits arrive both before and after the fetch they compete with
        List<HashedPage> all = new ArrayList<>();
        for (int i = 0; i < Math.max(pages.size(), extra.size()); i++) {
            if (i < extra.size() && i % 2 == 0) {
                all.add(extra.get(i));
            }
            if (i < pages.size()) {
                all.add(pages.get(i));
            }
            if (i < extra.size() && i % 2 == 1) {
                all.add(extra.get(i));
            }
        }
        return all;
    }

    @Test
    void countsWhatTheRulesCountInOnePartitionAndInSeveral(@TempDir Path dir) throws Exception {
        List<HashedPage> pages = corpus(dir);
        Counted expected = reference(pages);
        assertThat(expected.spread()).hasSizeGreaterThan(100); // the corpus has hashes on several hosts and sites
        assertThat(expected.spread()).anyMatch(t -> t.sites() > 1 && t.count() > t.hosts());
        assertThat(expected.spread()).anyMatch(t -> t.hosts() > t.sites());
        assertThat(expected.stats().recursionPages()).isPositive();
        assertThat(expected.stats().invalidUrlPages()).isPositive();

        for (int[] shape : new int[][] {{1, 1, 1}, {3, 2, 2}, {4, 5, 3}}) {
            Counted bulk = bulk(pages, shape[0], shape[1], shape[2]);
            assertThat(bulk.stats())
                    .as("page statistics, shape %s", Arrays.toString(shape))
                    .isEqualTo(expected.stats());
            assertThat(bulk.histogram())
                    .as("histogram, shape %s", Arrays.toString(shape))
                    .isEqualTo(expected.histogram());
            assertThat(bulk.spread())
                    .as("hashes on several hosts, shape %s", Arrays.toString(shape))
                    .isEqualTo(expected.spread());
        }
        Counted whole = whole(pages, PartitionCounts::new);
        assertThat(whole.stats()).as("page statistics, one partition's totals").isEqualTo(expected.stats());
        assertThat(whole.histogram()).as("histogram, one partition's totals").isEqualTo(expected.histogram());
        assertThat(whole.spread())
                .as("hashes on several hosts, one partition's totals")
                .isEqualTo(expected.spread());
    }

    @Test
    void splitsLargeOutputsIntoBlocksAndKeepsEveryHash(@TempDir Path dir) throws Exception {
        SyntheticIndex.write(dir, 200_000, 40, 1, 3);
        List<HashedPage> pages = indexPages(dir);
        Counted bulk = bulk(pages, 1, 1, 1);
        Counted expected = reference(pages);
        assertThat(bulk.blocks()).isGreaterThan(1);
        assertThat(bulk.histogram()).isEqualTo(expected.histogram());
        assertThat(bulk.spread()).isEqualTo(expected.spread());
        Counted whole = whole(pages, PartitionCounts::new);
        assertThat(whole.histogram()).isEqualTo(expected.histogram());
        assertThat(whole.spread()).isEqualTo(expected.spread());
    }

    @Test
    void compactsSupersededFetchesAndCountsInFineBucketsAlike(@TempDir Path dir) throws Exception {
        SyntheticIndex.write(dir, 50_000, 40, 1, 5);
        List<HashedPage> pages = indexPages(dir);
        // every page fetched four times, the third fetch older than the second: most occurrences kept are superseded
        // ones
        List<HashedPage> fetches = new ArrayList<>();
        for (int round = 0; round < 4; round++) {
            int shift = new int[] {0, 2, 1, 3}[round];
            for (int i = 0; i < pages.size(); i++) {
                HashedPage p = pages.get(i);
                HashedPage other = pages.get((i + round * 17) % pages.size());
                fetches.add(new HashedPage(
                        p.url(),
                        p.eventTime() + shift,
                        p.fileHash(),
                        other.chunkHashes(),
                        other.chunkLengths(),
                        p.bodyBytes()));
            }
        }
        Counted expected = reference(fetches);
        // compaction after a few thousand superseded occurrences; tables of a few occurrences, so finer buckets of
        // every size
        for (int bucketOccurrences : new int[] {512, 4, 1}) {
            List<PartitionCounts> made = new ArrayList<>();
            Counted bulk = bulk(fetches, 2, 3, 2, () -> {
                made.add(new PartitionCounts(5_000, bucketOccurrences));
                return made.get(made.size() - 1);
            });
            assertThat(made).allMatch(counts -> counts.compactions() > 0);
            assertThat(bulk.stats())
                    .as("page statistics, tables of %d", bucketOccurrences)
                    .isEqualTo(expected.stats());
            assertThat(bulk.histogram())
                    .as("histogram, tables of %d", bucketOccurrences)
                    .isEqualTo(expected.histogram());
            assertThat(bulk.spread())
                    .as("hashes on several hosts, tables of %d", bucketOccurrences)
                    .isEqualTo(expected.spread());
            PartitionCounts[] one = new PartitionCounts[1];
            Counted whole = whole(fetches, () -> one[0] = new PartitionCounts(5_000, bucketOccurrences));
            assertThat(one[0].compactions()).isPositive();
            assertThat(whole.stats())
                    .as("page statistics, one partition's totals, tables of %d", bucketOccurrences)
                    .isEqualTo(expected.stats());
            assertThat(whole.histogram())
                    .as("histogram, one partition's totals, tables of %d", bucketOccurrences)
                    .isEqualTo(expected.histogram());
            assertThat(whole.spread())
                    .as("hashes on several hosts, one partition's totals, tables of %d", bucketOccurrences)
                    .isEqualTo(expected.spread());
        }
        assertThat(expected.spread()).hasSizeGreaterThan(100);
    }

    @Test
    void sortsUrlsStablyWithTheirPagesBeside() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(4);
        for (int size : new int[] {0, 1, 2, 15, 16, 17, 33, 100, 1000}) {
            String[] urls = new String[size + 6];
            int[] order = new int[size + 6];
            for (int i = 0; i < urls.length; i++) {
                urls[i] = "https://h.example/p" + random.nextInt(Math.max(1, size / 3))
                        + (random.nextBoolean() ? ".html" : "");
                order[i] = i;
            }
            // sorted by URL, then by position: what a stable sort of the positions gives
            List<Integer> expected = new ArrayList<>();
            for (int i = 3; i < size + 3; i++) {
                expected.add(i);
            }
            String[] original = urls.clone();
            expected.sort(java.util.Comparator.comparing((Integer i) -> original[i]));
            PartitionCounts.sortByUrl(urls, order, new String[urls.length], new int[urls.length], 3, size + 3);
            for (int k = 0; k < size; k++) {
                assertThat(order[k + 3]).as("size %d, position %d", size, k).isEqualTo(expected.get(k));
                assertThat(urls[k + 3]).isEqualTo(original[expected.get(k)]);
            }
            assertThat(order[0]).isZero(); // outside the range: untouched
            assertThat(order[size + 5]).isEqualTo(size + 5);
        }
    }

    @Test
    void rangesFollowTheFirstBytesOfTheHash() {
        assertThat(PartitionCounts.range(0L, 3)).isZero();
        assertThat(PartitionCounts.range(-1L, 3)).isEqualTo(2);
        assertThat(PartitionCounts.range(Long.MIN_VALUE, 2)).isEqualTo(1);
        assertThat(PartitionCounts.bucket(Long.MIN_VALUE)).isEqualTo(1 << (PartitionCounts.BUCKET_BITS - 1));
        // buckets in order are ranges in order: a range's entries in bucket order stay in order
        long a = 0x1234_0000_0000_0000L;
        long b = 0x1235_0000_0000_0000L;
        assertThat(PartitionCounts.bucket(a)).isLessThanOrEqualTo(PartitionCounts.bucket(b));
        assertThat(PartitionCounts.range(a, 7)).isLessThanOrEqualTo(PartitionCounts.range(b, 7));
    }
}
