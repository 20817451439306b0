package org.reusedetector.labels.keyed;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.TestPages;
import org.reusedetector.format.Json;
import org.reusedetector.labels.LabelIndex;
import org.reusedetector.labels.MapLabelStore;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.Label;
import org.reusedetector.model.LabelAnswer;
import org.reusedetector.model.LabelQuery;
import org.reusedetector.page.Sha1;
import org.reusedetector.score.PageScorer;

/**
 * The keyed mode's partition join in plain Java (no Flink): labels applied to their partitions, a page's hashes split
 * per partition, answered and joined, give the score that the whole set in one {@link LabelIndex} gives, for random
 * label histories of every kind (adds, removes, stop, file, discovered with families) and random pages.
 */
class PartitionJoinTest {

    private static final int PARTITIONS = 5;
    private static final int[] KEYS = {10, 11, 12, 13, 14};

    /** A partition's store on the heap, as {@code MapLabelStore} is for the broadcast index. */
    static final class HeapStore implements PartitionLabels.Store {
        final Map<Long, long[]> labels = new HashMap<>();
        final List<String> origins = new ArrayList<>();
        final Map<String, Integer> originIds = new HashMap<>();
        final Map<String, Long> sources = new HashMap<>();

        @Override
        public long[] get(long key) {
            return labels.get(key);
        }

        @Override
        public void put(long key, long[] pairs) {
            labels.put(key, pairs);
        }

        @Override
        public void remove(long key) {
            labels.remove(key);
        }

        @Override
        public int originId(String origin) {
            return originIds.getOrDefault(origin, -1);
        }

        @Override
        public int addOrigin(String origin) {
            origins.add(origin);
            originIds.put(origin, origins.size() - 1);
            return origins.size() - 1;
        }

        @Override
        public String origin(int id) {
            return origins.get(id);
        }

        @Override
        public long sourceChunks(String source) {
            return sources.getOrDefault(source, 0L);
        }

        @Override
        public void putSourceChunks(String source, long count) {
            if (count <= 0) {
                sources.remove(source);
            } else {
                sources.put(source, count);
            }
        }
    }

    private final DetectionSettings settings = TestPages.settings(null, 0);
    private final HeapStore[] stores = new HeapStore[PARTITIONS];
    private final PartitionLabels[] partitions = new PartitionLabels[PARTITIONS];
    private final MapLabelStore whole = new MapLabelStore();
    private final LabelIndex index = new LabelIndex(whole);

    PartitionJoinTest() {
        for (int p = 0; p < PARTITIONS; p++) {
            stores[p] = new HeapStore();
            partitions[p] = new PartitionLabels(stores[p]);
        }
    }

    private void apply(Label label) {
        index.apply(label);
        int p = PageQueries.partitionOf(Sha1.fromHex(label.hash()), 0, PARTITIONS);
        partitions[p].apply(label, new HashSet<>());
    }

    private long total(String source) {
        long sum = 0;
        for (HeapStore store : stores) {
            sum += store.sourceChunks(source);
        }
        return sum;
    }

    private String keyed(PageScorer scorer, AnsweredLabels answered, HashedPage page) {
        List<LabelQuery> queries = PageQueries.of(7L, page, KEYS);
        List<LabelAnswer> answers = new ArrayList<>();
        for (LabelQuery query : queries) {
            int p = List.of(10, 11, 12, 13, 14).indexOf(query.partitionKey());
            answers.add(partitions[p].answer(query));
        }
        return Json.write(scorer.score(page, answered.forPage(page, answers, this::total)));
    }

    @Test
    void theJoinedAnswersScoreAPageAsTheWholeSetDoes() {
        Random random = new Random(24);
        List<String> paragraphs = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            paragraphs.add(TestPages.paragraph("p" + i));
        }
        String[] kinds = {Label.KIND_CHUNK, Label.KIND_CHUNK, Label.KIND_CHUNK, Label.KIND_STOP, Label.KIND_FILE};
        List<HashedPage> pages = new ArrayList<>();
        for (int n = 0; n < 60; n++) {
            String[] chosen = new String[3 + random.nextInt(12)];
            for (int k = 0; k < chosen.length; k++) {
                chosen[k] = paragraphs.get(random.nextInt(paragraphs.size()));
            }
            String site = random.nextBoolean() ? "expert" + random.nextInt(3) : "copy" + random.nextInt(5);
            pages.add(TestPages.hashed(settings, "https://" + site + ".example/p" + n + ".html", n, chosen));
        }
        for (int n = 0; n < 2000; n++) {
            String kind = kinds[random.nextInt(kinds.length)];
            String hash = kind.equals(Label.KIND_FILE)
                    ? Sha1.hex(pages.get(random.nextInt(pages.size())).fileHash())
                    : TestPages.chunkHash(paragraphs.get(random.nextInt(paragraphs.size())));
            String op = random.nextInt(4) == 0 ? Label.OP_REMOVE : Label.OP_ADD;
            boolean discovered = random.nextInt(3) == 0;
            apply(new Label(
                    hash,
                    kind,
                    op,
                    discovered ? "discover:run-" + random.nextInt(2) : "informed",
                    discovered ? null : "https://expert" + random.nextInt(3) + ".example/x" + random.nextInt(4),
                    null,
                    null,
                    null,
                    discovered ? "fam-" + random.nextInt(3) : null));
        }
        PageScorer broadcastScorer = settings.pageScorer();
        PageScorer keyedScorer = settings.pageScorer();
        AnsweredLabels answered = new AnsweredLabels();
        Set<String> distinct = new HashSet<>();
        for (HashedPage page : pages) {
            String expected = Json.write(broadcastScorer.score(page, index));
            assertThat(keyed(keyedScorer, answered, page)).as(page.url()).isEqualTo(expected);
            distinct.add(expected.replaceAll("\"url\":\"[^\"]*\",\"event_time\":[0-9]+", ""));
        }
        // the histories left pages of many kinds of score: not a comparison of empty scores
        assertThat(distinct).hasSizeGreaterThan(30);
        assertThat(pages.stream().map(p -> Json.write(broadcastScorer.score(p, index))))
                .anyMatch(s -> s.contains("\"file_match\":true"))
                .anyMatch(s -> s.contains("family:fam-"))
                .anyMatch(s -> s.contains("\"source\":\"expert"));
    }

    @Test
    void aPartitionCountsTheSourcesOfItsChunkLabelsAsTheWholeSetDoes() {
        String hash = TestPages.chunkHash(TestPages.paragraph("x"));
        String other = TestPages.chunkHash(TestPages.paragraph("y"));
        apply(new Label(hash, Label.KIND_CHUNK, "add", "informed", "https://a.example/1", null, null, null));
        apply(new Label(other, Label.KIND_CHUNK, "add", "informed", "https://a.example/2", null, null, null));
        apply(new Label(hash, Label.KIND_CHUNK, "add", "informed", "https://a.example/3", null, null, null));
        assertThat(total("a.example")).isEqualTo(2).isEqualTo(whole.sourceChunks("a.example"));
        apply(new Label(hash, Label.KIND_STOP, "add", "informed", "https://a.example/1", null, null, null));
        apply(new Label(hash, Label.KIND_CHUNK, "remove", "informed", null, null, null, null));
        assertThat(total("a.example")).isEqualTo(1).isEqualTo(whole.sourceChunks("a.example"));
        apply(new Label(other, Label.KIND_CHUNK, "remove", "informed", null, null, null, null));
        assertThat(total("a.example")).isZero();
        // the stop bit stays: the hash is still a label, of kind stop only
        int p = PageQueries.partitionOf(Sha1.fromHex(hash), 0, PARTITIONS);
        int entry = partitions[p].lookup(Sha1.fromHex(hash), 0);
        assertThat(LabelIndex.kindOfEntry(entry)).isEqualTo(LabelIndex.KIND_STOP);
    }

    @Test
    void aPageAsksEachPartitionThatOwnsOneOfItsHashesOnceWithAllItsHashes() {
        HashedPage page = TestPages.hashed(
                settings,
                "https://a.example/p",
                0,
                TestPages.paragraph("a"),
                TestPages.paragraph("b"),
                TestPages.paragraph("c"),
                TestPages.paragraph("d"),
                TestPages.paragraph("e"),
                TestPages.paragraph("f"));
        List<LabelQuery> queries = PageQueries.of(3L, page, KEYS);
        Set<Integer> keys = new HashSet<>();
        int hashes = 0;
        for (LabelQuery query : queries) {
            assertThat(keys.add(query.partitionKey())).isTrue();
            for (int i = 0; i < query.indices().length; i++) {
                byte[] asked = java.util.Arrays.copyOfRange(query.hashes(), i * 20, i * 20 + 20);
                assertThat(asked).isEqualTo(PageQueries.hashAt(page, query.indices()[i]));
                assertThat(KEYS[PageQueries.partitionOf(asked, 0, PARTITIONS)]).isEqualTo(query.partitionKey());
            }
            hashes += query.indices().length;
        }
        assertThat(hashes).isEqualTo(page.chunkCount() + 1);
        assertThat(queries.size()).isLessThanOrEqualTo(PARTITIONS);
    }
}
