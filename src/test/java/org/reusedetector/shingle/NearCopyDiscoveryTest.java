package org.reusedetector.shingle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.reusedetector.model.Label;

class NearCopyDiscoveryTest {

    private static final NearCopyDiscovery.Params PARAMS =
            NearCopyDiscovery.Params.of(NearCopyParams.defaults(), 0.1, 3);

    private record Page(String url, long[] phrases) {}

    private final Random random = new Random(7);

    /** {@code n} random phrases. */
    private long[] content(int n) {
        return LongStream.generate(random::nextLong).limit(n).toArray();
    }

    /** The page's phrases with a share of them replaced, as a spinner that replaces words breaks the phrases. */
    private long[] spin(long[] phrases, double rate) {
        long[] spun = phrases.clone();
        for (int i = 0; i < spun.length; i++) {
            if (random.nextDouble() < rate) {
                spun[i] = random.nextLong();
            }
        }
        return spun;
    }

    private static long[] join(long[]... parts) {
        return Arrays.stream(parts)
                .flatMapToLong(Arrays::stream)
                .sorted()
                .distinct()
                .toArray();
    }

    /**
     * A source site, a spinner host with spun copies of six of its pages, and three sites of one generator, each with
     * pages of its own and the generator's help page (alike on all three), plus a small site of the same generator
     * with little beside it.
     */
    private List<Page> crawl() {
        List<Page> pages = new ArrayList<>();
        long[] sourceNav = content(8);
        long[] spinnerNav = content(8);
        List<long[]> source = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            long[] own = content(60);
            source.add(own);
            pages.add(new Page("https://docs.source.example/p" + i + ".html", join(sourceNav, own)));
        }
        for (int i = 0; i < 6; i++) {
            pages.add(new Page(
                    "https://spin.rewrite.example/p" + i + ".html", join(spinnerNav, spin(source.get(i), 0.3))));
        }
        long[] help = content(60);
        for (String site : List.of("gen1", "gen2", "gen3")) {
            long[] nav = content(8);
            for (int i = 0; i < 10; i++) {
                pages.add(new Page("https://www." + site + ".example/c" + i + ".html", join(nav, content(60))));
            }
            pages.add(new Page("https://www." + site + ".example/help.html", join(nav, spin(help, 0.02))));
        }
        pages.add(new Page("https://tiny.example/help.html", join(spin(help, 0.02))));
        pages.add(new Page("https://tiny.example/c.html", join(content(60))));
        return pages;
    }

    private static NearCopyDiscovery.Outcome discover(List<Page> pages) {
        NearCopyDiscovery discovery = new NearCopyDiscovery(PARAMS);
        for (Page page : pages) {
            discovery.add(page.url(), page.url(), 0, page.phrases(), "text of " + page.url());
        }
        return discovery.run();
    }

    @Test
    void theBoundsThatSpareMergesChangeNoLabelAndNoCount() {
        // crawls of many small hosts whose pages share a vocabulary, templates and copies, some phrases on more pages
        // than any run counts: every proposed pair is judged, with and without the bounds
        for (int round = 0; round < 30; round++) {
            long[] vocabulary = content(400);
            List<Page> pages = new ArrayList<>();
            List<long[]> written = new ArrayList<>();
            for (int h = 0; h < 12; h++) {
                long[] nav = content(random.nextInt(30));
                String host = "https://h" + h + ".site" + (h % 5) + ".example/";
                for (int p = 0; p < 3 + random.nextInt(10); p++) {
                    long[] text;
                    if (!written.isEmpty() && random.nextInt(3) == 0) {
                        text = spin(written.get(random.nextInt(written.size())), random.nextDouble() * 0.5);
                    } else {
                        text = LongStream.generate(() -> vocabulary[random.nextInt(vocabulary.length)])
                                .limit(20 + random.nextInt(80))
                                .toArray();
                    }
                    written.add(text);
                    pages.add(new Page(host + "p" + p + ".html", join(nav, text)));
                }
            }
            NearCopyDiscovery.Params params =
                    new NearCopyDiscovery.Params(NearCopyParams.defaults(), 0.3, 2, 0.5, 2 + random.nextInt(20));

            NearCopyDiscovery.Outcome bounded = discover(pages, new NearCopyDiscovery(params, true));
            NearCopyDiscovery.Outcome merged = discover(pages, new NearCopyDiscovery(params, false));

            assertThat(bounded.pairs()).isEqualTo(merged.pairs());
            assertThat(bounded.leftOut()).isEqualTo(merged.leftOut());
            assertThat(bounded.distinctivePages()).isEqualTo(merged.distinctivePages());
            assertThat(bounded.clusters()).hasSameSizeAs(merged.clusters());
            for (int c = 0; c < merged.clusters().size(); c++) {
                NearCopyDiscovery.Cluster a = bounded.clusters().get(c);
                NearCopyDiscovery.Cluster b = merged.clusters().get(c);
                assertThat(a.url()).isEqualTo(b.url());
                assertThat(a.pages()).isEqualTo(b.pages());
                assertThat(a.phrases()).isEqualTo(b.phrases());
                assertThat(a.hosts()).isEqualTo(b.hosts());
            }
        }
    }

    private static NearCopyDiscovery.Outcome discover(List<Page> pages, NearCopyDiscovery discovery) {
        for (Page page : pages) {
            discovery.add(page.url(), page.url(), 0, page.phrases(), "text of " + page.url());
        }
        return discovery.run();
    }

    @Test
    void phrasePairsAreOrderedByPhraseWithEqualPhrasesInPageOrder() {
        Random random = new Random(11);
        for (int size : new int[] {0, 1, 2, 17, 5_000}) {
            long[] keys = new long[size];
            for (int i = 0; i < size; i++) {
                // few distinct values, so that runs are long, and both signs
                keys[i] = random.nextBoolean() ? random.nextLong() : (random.nextInt(7) - 3) * 0x1_0001_0001L;
            }
            Integer[] expected = new Integer[size];
            for (int i = 0; i < size; i++) {
                expected[i] = i;
            }
            Arrays.sort(expected, (a, b) -> {
                int c = Long.compareUnsigned(keys[a], keys[b]);
                return c != 0 ? c : Integer.compare(a, b);
            });

            assertThat(NearCopyDiscovery.stableOrder(keys))
                    .containsExactly(
                            Arrays.stream(expected).mapToInt(Integer::intValue).toArray());
        }
    }

    @Test
    void theSourcePagesOfSpunCopiesBecomeLabelsThatMatchTheirCopies() {
        NearCopyDiscovery.Outcome outcome = discover(crawl());
        assertThat(outcome.clusters())
                .extracting(NearCopyDiscovery.Cluster::url)
                .containsExactly(
                        "https://docs.source.example/p0.html",
                        "https://docs.source.example/p1.html",
                        "https://docs.source.example/p2.html",
                        "https://docs.source.example/p3.html",
                        "https://docs.source.example/p4.html",
                        "https://docs.source.example/p5.html");
        NearCopyDiscovery.Cluster first = outcome.clusters().get(0);
        assertThat(first.pages())
                .containsExactly("https://docs.source.example/p0.html", "https://spin.rewrite.example/p0.html");
        assertThat(first.hosts()).isEqualTo(2);
        assertThat(first.sample()).isEqualTo("text of https://docs.source.example/p0.html");
        // the label is the page's distinctive phrases: its site's navigation, on every page, is left out
        assertThat(first.phrases()).hasSize(60);
    }

    @Test
    void aGeneratorsPageAlikeOnSitesThatCopyNothingOfEachOtherIsNoLabel() {
        NearCopyDiscovery.Outcome outcome = discover(crawl());
        assertThat(outcome.clusters())
                .flatExtracting(NearCopyDiscovery.Cluster::pages)
                .noneMatch(url -> url.contains("help.html") || url.contains("gen") || url.contains("tiny"));
        // the help pages pair across the four sites, but no one of them may be a label
        assertThat(outcome.leftOut()).isGreaterThanOrEqualTo(4);
    }

    @Test
    void aPageThatAddsToWhatItCopiesIsTheCopyAndWhatItHoldsTheSource() {
        List<Page> pages = new ArrayList<>();
        long[] article = content(60);
        pages.add(new Page("https://news.source.example/a.html", join(article)));
        for (int i = 0; i < 3; i++) {
            pages.add(new Page("https://news.source.example/own" + i + ".html", join(content(60))));
        }
        // the copier's page is larger (ads and other text around the article): it holds the article, not the reverse
        pages.add(new Page("https://zz.adfarm.example/a.html", join(article, content(40))));
        NearCopyDiscovery.Outcome outcome = discover(pages);
        assertThat(outcome.clusters())
                .singleElement()
                .satisfies(c -> assertThat(c.url()).isEqualTo("https://news.source.example/a.html"));
    }

    @Test
    void aShortPageThatPagesOfUnrelatedSitesQuoteIsNoLabel() {
        // a licence page, quoted whole inside one page of each of two sites that otherwise have their own content:
        // each quoting page holds it (it is on the source side of both pairs), but neither site copies its host
        List<Page> pages = new ArrayList<>();
        long[] licence = content(30);
        pages.add(new Page("https://www.licence.example/licence.html", join(licence)));
        for (int i = 0; i < 5; i++) {
            pages.add(new Page("https://www.licence.example/p" + i + ".html", join(content(60))));
        }
        for (String site : List.of("one", "two")) {
            pages.add(new Page("https://www." + site + ".example/about.html", join(content(100), licence)));
            for (int i = 0; i < 9; i++) {
                pages.add(new Page("https://www." + site + ".example/p" + i + ".html", join(content(60))));
            }
        }
        NearCopyDiscovery.Outcome outcome = discover(pages);
        assertThat(outcome.pairs()).isEqualTo(2);
        assertThat(outcome.clusters()).isEmpty();
    }

    @Test
    void aPageAndItsExactCopyOnTwoAlikeHostsAreNoLabel() {
        // two hosts, each with one page the other has too and pages of their own: content cannot tell the original
        List<Page> pages = new ArrayList<>();
        long[] shared = content(60);
        for (String host : List.of("https://one.example/", "https://two.example/")) {
            pages.add(new Page(host + "shared.html", join(shared)));
            for (int i = 0; i < 4; i++) {
                pages.add(new Page(host + "own" + i + ".html", join(content(60))));
            }
        }
        assertThat(discover(pages).clusters()).isEmpty();
    }

    @Test
    void theLabelsDoNotDependOnThePagesOrderAndARevisitCountsAsItsLatestFetch() {
        List<Page> pages = crawl();
        NearCopyDiscovery.Outcome inOrder = discover(pages);
        List<Page> shuffled = new ArrayList<>(pages);
        Collections.shuffle(shuffled, new Random(3));
        NearCopyDiscovery discovery = new NearCopyDiscovery(PARAMS);
        for (Page page : shuffled) {
            // an older fetch of every page with other text: the latest fetch wins, in whichever order they come
            discovery.add(page.url(), page.url(), 0, content(60), "old");
            discovery.add(page.url(), page.url(), 1, page.phrases(), "text of " + page.url());
        }
        NearCopyDiscovery.Outcome reordered = discovery.run();
        assertThat(reordered.clusters()).hasSameSizeAs(inOrder.clusters());
        for (int i = 0; i < inOrder.clusters().size(); i++) {
            NearCopyDiscovery.Cluster a = inOrder.clusters().get(i);
            NearCopyDiscovery.Cluster b = reordered.clusters().get(i);
            assertThat(b.url()).isEqualTo(a.url());
            assertThat(b.phrases()).isEqualTo(a.phrases());
            assertThat(b.pages()).isEqualTo(a.pages());
        }
    }

    @Test
    void aDiscoveredLabelIsTheInformedLabelOfItsPageWithASampleAfterThePhrases() {
        NearCopyDiscovery.Cluster cluster = discover(crawl()).clusters().get(0);
        Label label = ShingleLabels.discovered(cluster, "discover:run");
        Label informed = ShingleLabels.of(cluster.url(), cluster.phrases(), "informed:x");
        assertThat(label.hash()).isEqualTo(informed.hash());
        assertThat(label.kind()).isEqualTo(Label.KIND_SHINGLE);
        assertThat(label.exampleUrl()).isEqualTo(cluster.url());
        assertThat(label.count()).isEqualTo(2L);
        assertThat(label.hosts()).isEqualTo(2L);
        assertThat(label.text()).startsWith(informed.text() + " ").endsWith("text of " + cluster.url());
        assertThat(ShingleLabels.entry(label).phraseIds())
                .isEqualTo(ShingleLabels.entry(informed).phraseIds());
    }
}
