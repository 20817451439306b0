package org.reusedetector.score;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.reusedetector.labels.LabelIndex;
import org.reusedetector.labels.MapLabelStore;
import org.reusedetector.model.Evidence;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.Label;
import org.reusedetector.model.PageScore;
import org.reusedetector.model.SourceChunks;
import org.reusedetector.page.HashKey;
import org.reusedetector.page.Sha1;
import org.reusedetector.page.StopChunks;

class PageScorerTest {

    private LabelIndex labels;

    @BeforeEach
    void setUp() {
        labels = new LabelIndex(new MapLabelStore());
    }

    private static String hex(String text) {
        return Sha1.hex(Sha1.of(text));
    }

    private void label(String text, String kind) {
        labels.apply(
                new Label(hex(text), kind, Label.OP_ADD, "test-source", "http://expert.org/" + text, null, null, null));
    }

    /** A page whose chunks are the given texts, each with the given length (independent of the text). */
    private static HashedPage page(String body, String[] chunks, int[] lengths) {
        byte[] packed = new byte[chunks.length * Sha1.LENGTH];
        for (int i = 0; i < chunks.length; i++) {
            System.arraycopy(Sha1.of(chunks[i]), 0, packed, i * Sha1.LENGTH, Sha1.LENGTH);
        }
        return new HashedPage("http://a.org/p.html", 42L, Sha1.of(body), packed, lengths, body.length());
    }

    private static HashedPage page(String... chunks) {
        int[] lengths = new int[chunks.length];
        Arrays.fill(lengths, 200);
        return page(String.join("|", chunks), chunks, lengths);
    }

    @Test
    void containmentIsTheShareOfLabelledChunks() {
        label("c1", Label.KIND_CHUNK);
        label("c3", Label.KIND_CHUNK);
        PageScore score = new PageScorer(StopChunks.none(), 5).score(page("c1", "c2", "c3", "c4"), labels);
        assertThat(score.chunks()).isEqualTo(4);
        assertThat(score.matchedChunks()).isEqualTo(2);
        assertThat(score.badness()).isEqualTo(0.5);
        assertThat(score.fileMatch()).isFalse();
        assertThat(score.url()).isEqualTo("http://a.org/p.html");
        assertThat(score.eventTime()).isEqualTo(42L);
        assertThat(score.evidence()).extracting(Evidence::hash).containsExactly(hex("c1"), hex("c3"));
        assertThat(score.evidence()[0])
                .isEqualTo(new Evidence(hex("c1"), Label.KIND_CHUNK, "test-source", "http://expert.org/c1"));
    }

    @Test
    void unlabelledPageScoresZero() {
        PageScore score = new PageScorer(StopChunks.none(), 5).score(page("x", "y"), labels);
        assertThat(score.badness()).isZero();
        assertThat(score.matchedChunks()).isZero();
        assertThat(score.chunks()).isEqualTo(2);
        assertThat(score.evidence()).isEmpty();
    }

    @Test
    void shortChunksAreRemovedBeforeScoring() {
        label("short", Label.KIND_CHUNK);
        label("long", Label.KIND_CHUNK);
        HashedPage page = page("body", new String[] {"short", "long", "other"}, new int[] {99, 100, 150});
        PageScore score = new PageScorer(new StopChunks(100, Set.of()), 5).score(page, labels);
        assertThat(score.chunks()).isEqualTo(2);
        assertThat(score.matchedChunks()).isEqualTo(1);
        assertThat(score.badness()).isEqualTo(0.5);
        assertThat(score.evidence()).extracting(Evidence::hash).containsExactly(hex("long"));
    }

    @Test
    void listedStopChunksAreRemovedBeforeScoring() {
        label("boilerplate", Label.KIND_CHUNK);
        label("content", Label.KIND_CHUNK);
        StopChunks stop = new StopChunks(0, Set.of(HashKey.of(Sha1.of("boilerplate"))));
        PageScore score = new PageScorer(stop, 5).score(page("boilerplate", "content", "mine"), labels);
        assertThat(score.chunks()).isEqualTo(2);
        assertThat(score.matchedChunks()).isEqualTo(1);
        assertThat(score.badness()).isEqualTo(0.5);
    }

    @Test
    void chunksLabelledStopAreRemovedBeforeScoring() {
        label("template", Label.KIND_STOP);
        label("both", Label.KIND_CHUNK);
        label("both", Label.KIND_STOP); // stop wins over chunk
        label("content", Label.KIND_CHUNK);
        PageScore score =
                new PageScorer(StopChunks.none(), 5).score(page("template", "both", "content", "mine"), labels);
        assertThat(score.chunks()).isEqualTo(2);
        assertThat(score.matchedChunks()).isEqualTo(1);
        assertThat(score.badness()).isEqualTo(0.5);
        assertThat(score.evidence()).extracting(Evidence::hash).containsExactly(hex("content"));
    }

    @Test
    void fileLabelOnAChunkHashDoesNotCountAsChunkMatch() {
        label("c1", Label.KIND_FILE);
        PageScore score = new PageScorer(StopChunks.none(), 5).score(page("c1", "c2"), labels);
        assertThat(score.matchedChunks()).isZero();
        assertThat(score.badness()).isZero();
    }

    @Test
    void fileMatchHasBadnessOne() {
        HashedPage page = page("c1", "c2", "c3");
        labels.apply(new Label(
                Sha1.hex(page.fileHash()),
                Label.KIND_FILE,
                Label.OP_ADD,
                "files",
                "http://expert.org/",
                null,
                null,
                null));
        label("c2", Label.KIND_CHUNK);
        PageScore score = new PageScorer(StopChunks.none(), 5).score(page, labels);
        assertThat(score.fileMatch()).isTrue();
        assertThat(score.badness()).isEqualTo(1.0);
        assertThat(score.chunks()).isEqualTo(3);
        assertThat(score.matchedChunks()).isEqualTo(1);
        assertThat(score.evidence()[0])
                .isEqualTo(new Evidence(Sha1.hex(page.fileHash()), Label.KIND_FILE, "files", "http://expert.org/"));
        assertThat(score.evidence()).hasSize(2);
    }

    @Test
    void chunkLabelOnTheFileHashIsNoFileMatch() {
        HashedPage page = page("c1", "c2");
        labels.apply(
                new Label(Sha1.hex(page.fileHash()), Label.KIND_CHUNK, Label.OP_ADD, null, null, null, null, null));
        PageScore score = new PageScorer(StopChunks.none(), 5).score(page, labels);
        assertThat(score.fileMatch()).isFalse();
        assertThat(score.badness()).isZero();
    }

    @Test
    void fileMatchOfAPageWithoutScoringChunks() {
        HashedPage page = page("", new String[] {"tiny"}, new int[] {3});
        labels.apply(new Label(Sha1.hex(page.fileHash()), Label.KIND_FILE, Label.OP_ADD, null, null, null, null, null));
        PageScore score = new PageScorer(new StopChunks(100, Set.of()), 5).score(page, labels);
        assertThat(score.chunks()).isZero();
        assertThat(score.fileMatch()).isTrue();
        assertThat(score.badness()).isEqualTo(1.0);
        assertThat(score.evidence()).singleElement().satisfies(e -> {
            assertThat(e.kind()).isEqualTo(Label.KIND_FILE);
            assertThat(e.source()).isNull();
            assertThat(e.exampleUrl()).isNull();
        });
    }

    @Test
    void evidenceIsCapped() {
        String[] chunks = new String[10];
        for (int i = 0; i < chunks.length; i++) {
            chunks[i] = "chunk" + i;
            label(chunks[i], Label.KIND_CHUNK);
        }
        HashedPage page = page(chunks);
        PageScore capped = new PageScorer(StopChunks.none(), 3).score(page, labels);
        assertThat(capped.matchedChunks()).isEqualTo(10);
        assertThat(capped.badness()).isEqualTo(1.0);
        assertThat(capped.evidence())
                .extracting(Evidence::hash)
                .containsExactly(hex("chunk0"), hex("chunk1"), hex("chunk2"));

        labels.apply(new Label(Sha1.hex(page.fileHash()), Label.KIND_FILE, Label.OP_ADD, null, null, null, null, null));
        PageScore withFile = new PageScorer(StopChunks.none(), 3).score(page, labels);
        assertThat(withFile.evidence()).hasSize(3);
        assertThat(withFile.evidence()[0].kind()).isEqualTo(Label.KIND_FILE);

        PageScore none = new PageScorer(StopChunks.none(), 0).score(page, labels);
        assertThat(none.evidence()).isEmpty();
        assertThat(none.fileMatch()).isTrue();
        assertThat(none.matchedChunks()).isEqualTo(10);
    }

    @Test
    void pageWithZeroChunks() {
        HashedPage empty = new HashedPage("http://a.org/", 1L, Sha1.of(""), new byte[0], new int[0], 0);
        PageScore score = new PageScorer(new StopChunks(100, Set.of()), 5).score(empty, labels);
        assertThat(score.chunks()).isZero();
        assertThat(score.matchedChunks()).isZero();
        assertThat(score.badness()).isZero();
        assertThat(score.fileMatch()).isFalse();
        assertThat(score.evidence()).isEmpty();
    }

    @Test
    void pageWhoseChunksAreAllStopChunks() {
        label("a", Label.KIND_CHUNK);
        label("b", Label.KIND_STOP);
        HashedPage page = page("body", new String[] {"a", "b"}, new int[] {10, 500});
        PageScore score = new PageScorer(new StopChunks(100, Set.of()), 5).score(page, labels);
        assertThat(score.chunks()).isZero();
        assertThat(score.badness()).isZero();
        assertThat(score.evidence()).isEmpty();
    }

    @Test
    void repeatedChunksCountEachTime() {
        label("dup", Label.KIND_CHUNK);
        PageScore score = new PageScorer(StopChunks.none(), 5).score(page("dup", "dup", "x", "dup"), labels);
        assertThat(score.chunks()).isEqualTo(4);
        assertThat(score.matchedChunks()).isEqualTo(3);
        assertThat(score.badness()).isEqualTo(0.75);
    }

    @Test
    void removedLabelNoLongerMatches() {
        label("c1", Label.KIND_CHUNK);
        PageScorer scorer = new PageScorer(StopChunks.none(), 5);
        assertThat(scorer.score(page("c1", "c2"), labels).badness()).isEqualTo(0.5);
        labels.apply(new Label(hex("c1"), Label.KIND_CHUNK, Label.OP_REMOVE, null, null, null, null, null));
        assertThat(scorer.score(page("c1", "c2"), labels).badness()).isZero();
    }

    @Test
    void anExpertLabelDoesNotMatchOnItsOwnSite() {
        // labels from https://www.expert.org/...; the same content on another host of expert.org is its publisher's own
        for (String text : List.of("c1", "c2")) {
            labels.apply(new Label(
                    hex(text),
                    Label.KIND_CHUNK,
                    Label.OP_ADD,
                    "informed",
                    "https://www.expert.org/" + text,
                    null,
                    null,
                    null));
        }
        byte[] packed = new byte[2 * Sha1.LENGTH];
        System.arraycopy(Sha1.of("c1"), 0, packed, 0, Sha1.LENGTH);
        System.arraycopy(Sha1.of("c2"), 0, packed, Sha1.LENGTH, Sha1.LENGTH);
        PageScorer scorer = new PageScorer(StopChunks.none(), 5);
        PageScore own = scorer.score(
                new HashedPage("https://docs.expert.org/p.html", 1L, Sha1.of("own"), packed, new int[] {200, 200}, 10),
                labels);
        assertThat(own.matchedChunks()).isZero();
        assertThat(own.chunks()).isEqualTo(2); // still content of the page, just not a copy
        PageScore copy = scorer.score(
                new HashedPage(
                        "https://copy.example.net/p.html", 1L, Sha1.of("copy"), packed, new int[] {200, 200}, 10),
                labels);
        assertThat(copy.matchedChunks()).isEqualTo(2);
        // discovered labels have no origin and match everywhere
        labels.apply(new Label(
                hex("c3"),
                Label.KIND_CHUNK,
                Label.OP_ADD,
                "discover:r1",
                "https://www.expert.org/c3",
                null,
                null,
                null));
        byte[] one = Sha1.of("c3");
        assertThat(scorer.score(
                                new HashedPage(
                                        "https://docs.expert.org/q.html", 1L, Sha1.of("q"), one, new int[] {200}, 10),
                                labels)
                        .matchedChunks())
                .isEqualTo(1);
    }

    @Test
    void aNearCopyCountsAsATargetWithItsResemblance() {
        PageScore exact = new PageScore(
                "https://copy.net/a.html", 1L, 10, 2, 0.2, false, new org.reusedetector.model.Evidence[0]);
        PageScore raised = PageScorer.withNearCopy(exact, 0.55, "https://expert.org/a.html");
        assertThat(raised.matchedChunks()).isEqualTo(6); // ⌈0.55 · 10⌉
        assertThat(raised.badness()).isEqualTo(0.55);
        assertThat(raised.evidence()).singleElement().satisfies(e -> {
            assertThat(e.kind()).isEqualTo(Label.KIND_SHINGLE);
            assertThat(e.exampleUrl()).isEqualTo("https://expert.org/a.html");
        });
        PageScore mostlyLabelled = new PageScore(
                "https://copy.net/b.html", 1L, 10, 9, 0.9, false, new org.reusedetector.model.Evidence[0]);
        assertThat(PageScorer.withNearCopy(mostlyLabelled, 0.55, "https://expert.org/a.html")
                        .badness())
                .as("never lowered")
                .isEqualTo(0.9);
        assertThat(PageScorer.withNearCopy(exact, 0, null))
                .as("no near copy: the exact-hash score")
                .isSameAs(exact);
    }

    @Test
    void matchedChunksAreTalliedPerSourceSiteOrFamily() {
        label("c1", Label.KIND_CHUNK); // example http://expert.org/c1: source expert.org
        label("c2", Label.KIND_CHUNK);
        label("unused", Label.KIND_CHUNK);
        labels.apply(new Label(
                hex("c3"), Label.KIND_CHUNK, Label.OP_ADD, "discover:run", "http://x.org/", 2L, 2L, null, "f00ab"));
        PageScore score = new PageScorer(StopChunks.none(), 5, 8).score(page("c1", "c2", "c3", "c4", "c1"), labels);
        assertThat(score.sources()).extracting(SourceChunks::source).containsExactly("expert.org", "family:f00ab");
        SourceChunks expert = score.sources()[0];
        assertThat(expert.sourceChunks()).isEqualTo(3);
        assertThat(expert.chunks()).hasSize(2); // c1 twice on the page counts once
        assertThat(expert.exampleUrl()).startsWith("http://expert.org/");
        assertThat(score.sources()[1].sourceChunks()).isEqualTo(1);
        assertThat(score.sources()[1].exampleUrl()).isNull(); // discovery's examples are not in the dictionary

        assertThat(new PageScorer(StopChunks.none(), 5)
                        .score(page("c1"), labels)
                        .sources())
                .isEmpty(); // no sources asked for
    }

    @Test
    void aFamilysChunksCountTowardItsCoverageOnlyOffTheSiteDiscoveryJudgedItsSource() {
        Label copied = new Label(
                        hex("c1"), Label.KIND_CHUNK, Label.OP_ADD, "discover:run", "http://x.org/", 3L, 3L, null, "f7")
                .withFamilySource("http://a.org/");
        labels.apply(copied);
        labels.apply(new Label(
                        hex("c2"), Label.KIND_CHUNK, Label.OP_ADD, "discover:run", "http://y.org/", 3L, 3L, null, "f7")
                .withFamilySource("http://a.org/"));
        PageScorer scorer = new PageScorer(StopChunks.none(), 5, 8);
        // on the source's own site (page() is on a.org): matched, as content cannot tell, but no copy of the family
        PageScore onSource = scorer.score(page("c1", "c2", "c3"), labels);
        assertThat(onSource.matchedChunks()).isEqualTo(2);
        assertThat(onSource.sources()).isEmpty();
        // on any other site: the family's coverage, naming its source
        HashedPage elsewhere = page("c1", "c2", "c3");
        elsewhere = new HashedPage(
                "https://copier.net/p.html",
                elsewhere.eventTime(),
                elsewhere.fileHash(),
                elsewhere.chunkHashes(),
                elsewhere.chunkLengths(),
                elsewhere.bodyBytes());
        PageScore onCopier = scorer.score(elsewhere, labels);
        assertThat(onCopier.sources()).singleElement().satisfies(t -> {
            assertThat(t.source()).isEqualTo("family:f7");
            assertThat(t.chunks()).hasSize(2);
            assertThat(t.sourceChunks()).isEqualTo(2);
            assertThat(t.exampleUrl()).isEqualTo("http://a.org/");
        });
    }

    @Test
    void aPublishersOwnChunksAreNoCopyOfIt() {
        label("c1", Label.KIND_CHUNK);
        HashedPage own =
                new HashedPage("http://www.expert.org/p.html", 42L, Sha1.of("x"), Sha1.of("c1"), new int[] {200}, 1);
        assertThat(new PageScorer(StopChunks.none(), 5, 8).score(own, labels).sources())
                .isEmpty();
    }
}
