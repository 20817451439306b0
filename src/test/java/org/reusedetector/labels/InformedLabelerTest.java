package org.reusedetector.labels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.reusedetector.model.Label;
import org.reusedetector.model.PageRecord;
import org.reusedetector.page.ContentForm;
import org.reusedetector.page.HashKey;
import org.reusedetector.page.HtmlChunker;
import org.reusedetector.page.PageHasher;
import org.reusedetector.page.Sha1;
import org.reusedetector.page.StopChunks;
import org.reusedetector.url.InvalidUrlException;

class InformedLabelerTest {

    private static final String NAV = "Home | Products | Services | About us | Contact";
    private static final String FOOTER = "Copyright 2024 Expert Bank Inc. All rights reserved.";

    private static InformedLabeler labeler(double share, int minPages) {
        PageHasher hasher = new PageHasher(new HtmlChunker(Set.of("p", "div"), ContentForm.TEXT));
        return new InformedLabeler(hasher, new StopChunks(20, Set.of()), share, minPages, "informed:test");
    }

    private static PageRecord page(String url, String... paragraphs) {
        StringBuilder body = new StringBuilder("<html><body>");
        for (String p : paragraphs) {
            body.append("<p>").append(p).append("</p>\n");
        }
        body.append("</body></html>");
        return new PageRecord(url, "2024-01-01T00:00:00Z", 1704067200000L, 200, "text/html", body.toString(), null);
    }

    private static String hex(String text) {
        return Sha1.hex(Sha1.of(text));
    }

    private static String content(int i) {
        return "Unique article text number " + i + " with enough characters";
    }

    private static Map<String, Label> byHash(List<Label> labels, String kind) {
        return labels.stream()
                .filter(l -> l.kind().equals(kind))
                .collect(Collectors.toMap(Label::hash, Function.identity()));
    }

    @Test
    void templateChunksBecomeStopLabelsAndContentChunksChunkLabels() throws InvalidUrlException {
        InformedLabeler labeler = labeler(0.5, 3);
        for (int i = 0; i < 10; i++) {
            labeler.add(page("https://bank.example/p" + i + ".html", NAV, content(i), "tiny", FOOTER));
        }
        List<Label> labels = labeler.labels();
        Map<String, Label> stop = byHash(labels, Label.KIND_STOP);
        Map<String, Label> chunk = byHash(labels, Label.KIND_CHUNK);
        Map<String, Label> file = byHash(labels, Label.KIND_FILE);
        assertThat(stop.keySet()).containsExactlyInAnyOrder(hex(NAV), hex(FOOTER));
        assertThat(chunk).hasSize(10);
        for (int i = 0; i < 10; i++) {
            assertThat(chunk).containsKey(hex(content(i)));
        }
        assertThat(chunk).doesNotContainKey(hex("tiny")); // shorter than the stop length
        assertThat(stop).doesNotContainKey(hex("tiny"));
        assertThat(file).hasSize(10);
        assertThat(labels).hasSize(22);
        assertThat(labeler.sites()).isEqualTo(1);
        assertThat(labeler.templateChunks())
                .containsExactlyInAnyOrder(HashKey.ofHex(hex(NAV)), HashKey.ofHex(hex(FOOTER)));

        Label nav = stop.get(hex(NAV));
        assertThat(nav.op()).isEqualTo(Label.OP_ADD);
        assertThat(nav.source()).isEqualTo("informed:test");
        assertThat(nav.exampleUrl()).isEqualTo("https://bank.example/p0.html");
        assertThat(nav.count()).isEqualTo(10L);
        assertThat(nav.hosts()).isEqualTo(1L);
        assertThat(nav.text()).isEqualTo(NAV);

        Label c3 = chunk.get(hex(content(3)));
        assertThat(c3.exampleUrl()).isEqualTo("https://bank.example/p3.html");
        assertThat(c3.count()).isEqualTo(1L);
        assertThat(c3.text()).isEqualTo(content(3));
    }

    @Test
    void templateThresholdIsMaxOfMinPagesAndShare() throws InvalidUrlException {
        // 40 pages, share 0.2: a chunk must be on at least 8 pages (more than min-pages 3)
        InformedLabeler labeler = labeler(0.2, 3);
        String onSeven = "Sidebar text that appears on seven pages only";
        String onEight = "Sidebar text that appears on exactly eight pages";
        for (int i = 0; i < 40; i++) {
            labeler.add(page(
                    "https://bank.example/a/" + i,
                    content(i),
                    i < 7 ? onSeven : content(100 + i),
                    i < 8 ? onEight : content(200 + i)));
        }
        Set<HashKey> template = labeler.templateChunks();
        assertThat(template).containsExactly(HashKey.ofHex(hex(onEight)));
        assertThat(byHash(labeler.labels(), Label.KIND_CHUNK)).containsKey(hex(onSeven));
    }

    @Test
    void minPagesAppliesToSmallSites() throws InvalidUrlException {
        // 4 pages, share 0.1 -> 0.4 pages, but min-pages 3 rules
        InformedLabeler labeler = labeler(0.1, 3);
        String onTwo = "A chunk repeated on two of the four pages";
        String onThree = "A chunk repeated on three of the four pages";
        for (int i = 0; i < 4; i++) {
            labeler.add(page(
                    "https://small.example/" + i,
                    content(i),
                    i < 2 ? onTwo : content(10 + i),
                    i < 3 ? onThree : content(20 + i)));
        }
        assertThat(labeler.templateChunks()).containsExactly(HashKey.ofHex(hex(onThree)));
    }

    @Test
    void templatesAreCountedPerSite() throws InvalidUrlException {
        InformedLabeler labeler = labeler(0.5, 3);
        String shared = "A chunk shared by two sites, on two pages of each";
        for (int i = 0; i < 2; i++) {
            labeler.add(page("https://one.example/" + i, shared, content(i)));
            labeler.add(page("https://two.example/" + i, shared, content(10 + i)));
        }
        labeler.add(page("https://two.example/last", content(99)));
        assertThat(labeler.sites()).isEqualTo(2);
        assertThat(labeler.templateChunks()).isEmpty();
        Label label = byHash(labeler.labels(), Label.KIND_CHUNK).get(hex(shared));
        assertThat(label.count()).isEqualTo(4L);
        assertThat(label.hosts()).isEqualTo(2L);
        assertThat(label.exampleUrl()).isEqualTo("https://one.example/0");
    }

    @Test
    void sitesAreOriginsNotPaths() throws InvalidUrlException {
        InformedLabeler labeler = labeler(0.5, 2);
        String nav = "Navigation that appears on every page of the site";
        labeler.add(page("https://site.example/a/1", nav, content(1)));
        labeler.add(page("HTTPS://Site.Example:443/b/2", nav, content(2)));
        labeler.add(page("http://site.example/c/3", nav, content(3))); // another scheme: another origin
        assertThat(labeler.sites()).isEqualTo(2);
        assertThat(labeler.templateChunks()).containsExactly(HashKey.ofHex(hex(nav)));
    }

    @Test
    void aTemplateChunkOfOneSiteIsStopEvenIfContentElsewhere() throws InvalidUrlException {
        InformedLabeler labeler = labeler(0.5, 3);
        String nav = "Navigation bar of the first site, also quoted by the second";
        for (int i = 0; i < 4; i++) {
            labeler.add(page("https://first.example/" + i, nav, content(i)));
        }
        labeler.add(page("https://second.example/x", nav, content(50)));
        List<Label> labels = labeler.labels();
        assertThat(byHash(labels, Label.KIND_STOP)).containsKey(hex(nav));
        assertThat(byHash(labels, Label.KIND_CHUNK)).doesNotContainKey(hex(nav));
        assertThat(byHash(labels, Label.KIND_STOP).get(hex(nav)).hosts()).isEqualTo(2L);
    }

    @Test
    void aChunkRepeatedOnOnePageCountsOnce() throws InvalidUrlException {
        InformedLabeler labeler = labeler(0.5, 2);
        String twice = "A paragraph that this one page repeats twice";
        labeler.add(page("https://x.example/1", twice, twice, content(1)));
        labeler.add(page("https://x.example/2", content(2)));
        labeler.add(page("https://x.example/3", content(3)));
        labeler.add(page("https://x.example/4", content(4)));
        assertThat(labeler.templateChunks()).isEmpty();
        assertThat(byHash(labeler.labels(), Label.KIND_CHUNK).get(hex(twice)).count())
                .isEqualTo(1L);
    }

    @Test
    void fileLabelsOnlyForPagesWithANonStopChunk() throws InvalidUrlException {
        InformedLabeler labeler = labeler(0.5, 3);
        PageRecord real = page("https://x.example/real", content(1));
        PageRecord tiny = page("https://x.example/tiny", "short", "also short");
        PageRecord empty = new PageRecord("https://x.example/empty", "2024-01-01T00:00:00Z", 0L, 200, null, "", null);
        labeler.add(real);
        labeler.add(tiny);
        labeler.add(empty);
        Map<String, Label> files = byHash(labeler.labels(), Label.KIND_FILE);
        assertThat(files).containsOnlyKeys(hex(real.body()));
        Label file = files.get(hex(real.body()));
        assertThat(file.exampleUrl()).isEqualTo("https://x.example/real");
        assertThat(file.count()).isEqualTo(1L);
        assertThat(file.hosts()).isEqualTo(1L);
        assertThat(file.text()).isNull();
        assertThat(file.source()).isEqualTo("informed:test");
    }

    @Test
    void identicalPagesGiveOneFileLabel() throws InvalidUrlException {
        InformedLabeler labeler = labeler(0.5, 3);
        labeler.add(page("https://x.example/a", content(1)));
        labeler.add(page("https://x.example/b", content(1)));
        List<Label> files = labeler.labels().stream()
                .filter(l -> l.kind().equals(Label.KIND_FILE))
                .toList();
        assertThat(files).singleElement().extracting(Label::exampleUrl).isEqualTo("https://x.example/a");
    }

    @Test
    void longChunkTextIsCutForReview() throws InvalidUrlException {
        InformedLabeler labeler = labeler(0.5, 3);
        String longText = "word ".repeat(100).trim();
        labeler.add(page("https://x.example/a", longText));
        Label label = byHash(labeler.labels(), Label.KIND_CHUNK).get(hex(longText));
        assertThat(label.text()).hasSize(200).isEqualTo(longText.substring(0, 200));
    }

    @Test
    void outputIsSortedAndDeterministic() throws InvalidUrlException {
        List<Label> first = null;
        for (int run = 0; run < 3; run++) {
            InformedLabeler labeler = labeler(0.3, 2);
            for (int i = 0; i < 30; i++) {
                labeler.add(
                        page("https://s" + (i % 3) + ".example/" + i, NAV, content(i), content(i % 7 + 1000), FOOTER));
            }
            List<Label> labels = labeler.labels();
            assertThat(labels)
                    .isSortedAccordingTo(Comparator.comparing(Label::kind).thenComparing(Label::hash));
            assertThat(labels)
                    .extracting(Label::kind)
                    .containsSubsequence(Label.KIND_CHUNK, Label.KIND_FILE, Label.KIND_STOP);
            assertThat(labels.stream().map(l -> l.kind() + l.hash()).distinct().count())
                    .isEqualTo(labels.size());
            if (first == null) {
                first = labels;
            } else {
                assertThat(labels).isEqualTo(first);
            }
            assertThat(labeler.labels()).isEqualTo(labels); // labels() does not consume
        }
    }

    @Test
    void stopListedChunksAreNotLabelled() throws InvalidUrlException {
        String boiler = "Powered by a content management system everyone uses";
        PageHasher hasher = new PageHasher(new HtmlChunker(Set.of("p", "div"), ContentForm.TEXT));
        InformedLabeler labeler =
                new InformedLabeler(hasher, new StopChunks(0, Set.of(HashKey.ofHex(hex(boiler)))), 0.5, 3, "s");
        labeler.add(page("https://x.example/a", boiler, content(1)));
        List<Label> labels = labeler.labels();
        assertThat(labels).extracting(Label::hash).doesNotContain(hex(boiler)).contains(hex(content(1)));
    }

    @Test
    void invalidUrlIsRejected() {
        InformedLabeler labeler = labeler(0.5, 3);
        assertThatThrownBy(() -> labeler.add(page("ftp://x.example/a", content(1))))
                .isInstanceOf(InvalidUrlException.class);
        assertThat(labeler.labels()).isEmpty();
    }
}
