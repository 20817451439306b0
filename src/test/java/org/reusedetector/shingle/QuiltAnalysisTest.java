package org.reusedetector.shingle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class QuiltAnalysisTest {

    private static final MinHash MIN_HASH = new MinHash(MinHash.SELECTORS);

    /** A paragraph of {@code n} words unique to {@code name}. */
    private static String paragraph(String name, int n) {
        return IntStream.range(0, n).mapToObj(i -> name + "w" + i).collect(Collectors.joining(" "));
    }

    private static void add(QuiltAnalysis analysis, String url, String text) {
        long[] words =
                Arrays.stream(text.split(" ")).mapToLong(Fingerprints::word).toArray();
        long[] phrases = Phrases.circular(words, 5);
        analysis.add(
                url,
                org.reusedetector.url.Sites.ofUrl(url),
                Phrases.gramSet(words, 5),
                MIN_HASH.shingles(phrases, MIN_HASH.selectPositions(phrases)));
    }

    private static List<QuiltAnalysis.Verdict> analyse(QuiltAnalysis analysis) {
        List<QuiltAnalysis.Verdict> verdicts = new ArrayList<>();
        analysis.analyse(verdicts::add);
        return verdicts;
    }

    @Test
    void aPageStitchedFromFourForeignPagesIsAQuiltNamingThemLargestFirst() {
        QuiltAnalysis analysis = new QuiltAnalysis(QuiltParams.DEFAULTS, true);
        String[] hosts = {"a.example.org", "b.example.net", "c.example.com", "d.example.de"};
        StringBuilder quilt = new StringBuilder();
        for (int i = 0; i < hosts.length; i++) {
            String taken = paragraph("p" + i, 20 + 10 * i);
            add(
                    analysis,
                    "https://" + hosts[i] + "/page",
                    paragraph("own" + i, 40) + " " + taken + " " + paragraph("more" + i, 40));
            quilt.append(taken).append(' ');
        }
        add(analysis, "https://www.spun.biz/article", quilt.toString().trim());
        List<QuiltAnalysis.Verdict> verdicts = analyse(analysis);
        QuiltAnalysis.Verdict verdict = verdicts.stream()
                .filter(v -> v.url().contains("spun"))
                .findFirst()
                .orElseThrow();
        assertThat(verdict.quilted()).isTrue();
        assertThat(verdict.sources())
                .extracting(QuiltAnalysis.Source::url)
                .containsExactly(
                        "https://d.example.de/page",
                        "https://c.example.com/page",
                        "https://b.example.net/page",
                        "https://a.example.org/page");
        assertThat(verdict.sources()).extracting(QuiltAnalysis.Source::grams).containsExactly(46, 36, 26, 16);
        // the donors' own paragraphs are in no other page: not quilts
        assertThat(verdicts).filteredOn(QuiltAnalysis.Verdict::quilted).hasSize(1);
    }

    @Test
    void sourcesOnTheSameRegistrableDomainDoNotCount() {
        QuiltAnalysis analysis = new QuiltAnalysis(QuiltParams.DEFAULTS, true);
        StringBuilder quilt = new StringBuilder();
        for (int i = 0; i < 4; i++) {
            String taken = paragraph("p" + i, 30);
            add(analysis, "https://host" + i + ".spun.biz/page", taken + " " + paragraph("own" + i, 40));
            quilt.append(taken).append(' ');
        }
        add(analysis, "https://www.spun.biz/article", quilt.toString().trim());
        assertThat(analyse(analysis)).noneMatch(QuiltAnalysis.Verdict::quilted);
    }

    @Test
    void gramsInMoreThanMPagesAreNotPatches() {
        QuiltParams params = new QuiltParams(5, 3, 1, 0.5);
        QuiltAnalysis analysis = new QuiltAnalysis(params, false);
        String common = paragraph("boiler", 30);
        for (int i = 0; i < 4; i++) {
            add(analysis, "https://site" + i + ".org/p", common + " " + paragraph("own" + i, 30));
        }
        // the common paragraph is in 4 > m = 3 pages: no page reaches θ
        assertThat(analyse(analysis)).isEmpty();
    }

    /** The paper's rule unrefined, with c = 3. */
    private static final QuiltParams UNREFINED = new QuiltParams(5, 50, 3, 0.5);

    private static boolean quilted(List<QuiltAnalysis.Verdict> verdicts, String url) {
        return verdicts.stream().anyMatch(v -> v.url().equals(url) && v.quilted());
    }

    /** Four originals of four taken paragraphs and two of their own each; quilt q takes paragraph q of every original. */
    private static void originalsAndTheirQuilts(QuiltAnalysis analysis) {
        String[] hosts = {"a.example.org", "b.example.net", "c.example.com", "d.example.de"};
        for (int o = 0; o < 4; o++) {
            StringBuilder original = new StringBuilder();
            for (int p = 0; p < 4; p++) {
                original.append(paragraph("o" + o + "p" + p, 30)).append(' ');
            }
            original.append(paragraph("own" + o, 60));
            add(analysis, "https://" + hosts[o] + "/page", original.toString());
        }
        for (int q = 0; q < 4; q++) {
            StringBuilder quilt = new StringBuilder();
            for (int o = 0; o < 4; o++) {
                quilt.append(paragraph("o" + o + "p" + q, 30)).append(' ');
            }
            add(
                    analysis,
                    "https://q" + q + ".spun.biz/article",
                    quilt.toString().trim());
        }
    }

    @Test
    void anOriginalWhoseParagraphsQuiltsTookIsNotAQuiltOfThem() {
        QuiltAnalysis symmetric = new QuiltAnalysis(UNREFINED, false);
        originalsAndTheirQuilts(symmetric);
        // the paper's rule cannot tell who took from whom: each original is "made of" the four quilts
        assertThat(analyse(symmetric))
                .filteredOn(QuiltAnalysis.Verdict::quilted)
                .hasSize(8);

        QuiltAnalysis directed = new QuiltAnalysis(QuiltParams.DEFAULTS, false);
        originalsAndTheirQuilts(directed);
        // the quilts are more fully covered (by the originals) than the originals (by them) and name them: borrowers
        assertThat(analyse(directed))
                .filteredOn(QuiltAnalysis.Verdict::quilted)
                .extracting(QuiltAnalysis.Verdict::url)
                .containsExactlyInAnyOrder(
                        "https://q0.spun.biz/article",
                        "https://q1.spun.biz/article",
                        "https://q2.spun.biz/article",
                        "https://q3.spun.biz/article");
    }

    @Test
    void textAPageSharesWithItsOwnSiteIsNoPatchWhoeverElseHoldsIt() {
        // a site's pages share three paragraphs (say, of untranslated text); three foreign pages each copied one of
        // them
        QuiltParams ownSiteOnly = new QuiltParams(5, 50, 3, 0.5, 1, true, false, 1.0);
        for (boolean refined : new boolean[] {false, true}) {
            QuiltAnalysis analysis = new QuiltAnalysis(refined ? ownSiteOnly : UNREFINED, false);
            String shared = paragraph("s0", 30) + " " + paragraph("s1", 30) + " " + paragraph("s2", 30);
            add(analysis, "https://en.handbook.org/page", shared);
            add(analysis, "https://fr.handbook.org/page", shared + " " + paragraph("fr", 20));
            for (int i = 0; i < 3; i++) {
                add(analysis, "https://copy" + i + ".net/page", paragraph("s" + i, 30) + " " + paragraph("c" + i, 90));
            }
            assertThat(quilted(analyse(analysis), "https://en.handbook.org/page"))
                    .isEqualTo(!refined);
        }
    }

    @Test
    void sourcesOfFewerGramsThanTheFloorDoNotCount() {
        QuiltParams floor = new QuiltParams(5, 50, 3, 0.5, 8, false, false, 1.0);
        for (QuiltParams params : List.of(UNREFINED, floor)) {
            QuiltAnalysis analysis = new QuiltAnalysis(params, false);
            // a page copied whole onto one server, and a 9-word phrase of it onto two others (5 grams each)
            String page = paragraph("orig", 60) + " " + paragraph("a", 9) + " " + paragraph("b", 9);
            add(analysis, "https://original.org/page", page);
            add(analysis, "https://copy.net/page", paragraph("orig", 60));
            add(analysis, "https://x.com/page", paragraph("a", 9) + " " + paragraph("x", 40));
            add(analysis, "https://y.com/page", paragraph("b", 9) + " " + paragraph("y", 40));
            assertThat(quilted(analyse(analysis), "https://original.org/page")).isEqualTo(params == UNREFINED);
        }
    }

    @Test
    void aForeignCopyOfASiblingIsNoSourceButADonorAnotherQuiltOfTheServerTookFromIs() {
        QuiltParams siblings = QuiltParams.DEFAULTS;
        QuiltParams without = new QuiltParams(5, 50, 3, 0.5, 8, false, true, 1.0, false);
        for (QuiltParams params : List.of(without, siblings)) {
            // four translations of one manual page; the French keeps three paragraphs untranslated, each other
            // translation keeps one of them, and each of those three was copied whole onto a foreign server
            QuiltAnalysis analysis = new QuiltAnalysis(params, false);
            add(
                    analysis,
                    "https://fr.handbook.org/page",
                    paragraph("u0", 30) + " " + paragraph("u1", 30) + " " + paragraph("u2", 30) + " "
                            + paragraph("fr", 20));
            for (int i = 0; i < 3; i++) {
                String translation = paragraph("u" + i, 30) + " " + paragraph("t" + i, 60);
                add(analysis, "https://t" + i + ".handbook.org/page", translation);
                add(analysis, "https://copy" + i + ".net/page", translation);
            }
            assertThat(quilted(analyse(analysis), "https://fr.handbook.org/page"))
                    .isEqualTo(params == without);
        }
        // quilts on one server that take different paragraphs of the same originals keep them as donors
        QuiltAnalysis quilts = new QuiltAnalysis(siblings, false);
        originalsAndTheirQuilts(quilts);
        assertThat(analyse(quilts)).filteredOn(QuiltAnalysis.Verdict::quilted).hasSize(4);
    }

    @Test
    void aServerMadeOfCopiesOfThePagesOwnServerIsNoSourceButItsDonorsStay() {
        QuiltParams without = new QuiltParams(5, 50, 3, 0.5, 8, false, true, 1.0, true, false);
        for (QuiltParams params : List.of(without, QuiltParams.DEFAULTS)) {
            // three translations keep one untranslated paragraph u_i of the French page each; a foreign server holds
            // copies stitched from two translations each (no copy of one sibling, so the sibling-copy rule cannot tell)
            QuiltAnalysis analysis = new QuiltAnalysis(params, false);
            add(
                    analysis,
                    "https://fr.handbook.org/page",
                    paragraph("u0", 30) + " " + paragraph("u1", 30) + " " + paragraph("u2", 30) + " "
                            + paragraph("fr", 20));
            for (int i = 0; i < 3; i++) {
                add(
                        analysis,
                        "https://t" + i + ".handbook.org/page",
                        paragraph("u" + i, 30) + " " + paragraph("a" + i, 30) + " " + paragraph("b" + i, 30));
                add(
                        analysis,
                        "https://copies.net/page" + i,
                        paragraph("u" + i, 30) + " " + paragraph("a" + i, 30) + " " + paragraph("b" + (i + 1) % 3, 30));
            }
            // the rest of handbook.org, two more of whose pages copies.net took (a server of 5 copies or more is a
            // site)
            for (int i = 0; i < 10; i++) {
                String other = paragraph("h" + i, 30) + " " + paragraph("hh" + i, 30);
                add(analysis, "https://t" + i + ".handbook.org/other", other);
                if (i < 2) {
                    add(analysis, "https://copies.net/other" + i, other);
                }
            }
            // a quilt elsewhere that took paragraphs of a translation and of two other servers
            add(analysis, "https://x.org/page", paragraph("x", 30) + " " + paragraph("xo", 40));
            add(analysis, "https://y.com/page", paragraph("y", 30) + " " + paragraph("yo", 40));
            add(
                    analysis,
                    "https://www.spun.biz/article",
                    paragraph("b0", 30) + " " + paragraph("x", 30) + " " + paragraph("y", 30));
            List<QuiltAnalysis.Verdict> verdicts = analyse(analysis);
            assertThat(quilted(verdicts, "https://fr.handbook.org/page")).isEqualTo(params == without);
            // copies.net is a copy site of handbook.org (5 of 5 pages), handbook.org none of copies.net (6 of 14 pages
            // are
            // held there, but copying is one way only) nor of spun.biz: the quilt keeps its donors
            assertThat(quilted(verdicts, "https://www.spun.biz/article")).isTrue();
        }
    }

    @Test
    void aCopySiteCountsOnceSoThatDonorTextItCopiedIsStillPatchText() {
        QuiltParams without = new QuiltParams(5, 50, 3, 0.5, 8, false, true, 1.0, true, false);
        for (QuiltParams params : List.of(without, QuiltParams.DEFAULTS)) {
            QuiltAnalysis analysis = new QuiltAnalysis(params, false);
            // x.org: 30 pages keep the same paragraph (say, untranslated), copies.net copied those 30 pages, and
            // x.org has 40 more pages of its own: the paragraph is in 60 > m pages, but on two servers
            for (int i = 0; i < 30; i++) {
                String page = paragraph("kept", 30) + " " + paragraph("x" + i, 40);
                add(analysis, "https://x.org/page" + i, page);
                add(analysis, "https://copies.net/page" + i, page);
            }
            for (int i = 0; i < 40; i++) {
                add(analysis, "https://x.org/other" + i, paragraph("other" + i, 40));
            }
            add(analysis, "https://y.com/page", paragraph("y", 30) + " " + paragraph("ownY", 40));
            add(analysis, "https://z.de/page", paragraph("z", 30) + " " + paragraph("ownZ", 40));
            add(
                    analysis,
                    "https://www.spun.biz/article",
                    paragraph("kept", 30) + " " + paragraph("y", 30) + " " + paragraph("z", 30));
            List<QuiltAnalysis.Verdict> verdicts = analyse(analysis);
            // copies.net counts once: the paragraph is in 30 x.org pages, copies.net and the quilt, a patch of 3
            // sources
            assertThat(quilted(verdicts, "https://www.spun.biz/article")).isEqualTo(params == QuiltParams.DEFAULTS);
            assertThat(verdicts)
                    .filteredOn(QuiltAnalysis.Verdict::quilted)
                    .extracting(QuiltAnalysis.Verdict::url)
                    .allMatch(url -> url.contains("spun"));
        }
    }

    @Test
    void aPrintEditionIsNamedByTheChaptersAQuiltTookFromButACopyOfItIsNoQuiltOfThem() {
        QuiltAnalysis analysis = new QuiltAnalysis(QuiltParams.DEFAULTS, false);
        // a book of three chapters and its print edition (all chapters on one page); a quilt takes a paragraph of
        // each chapter, and a mirror copies the print edition
        StringBuilder print = new StringBuilder();
        StringBuilder quilt = new StringBuilder();
        for (int i = 0; i < 3; i++) {
            String chapter = paragraph("c" + i, 40) + " " + paragraph("d" + i, 40);
            add(analysis, "https://book.example.org/ch" + i + ".html", chapter);
            print.append(chapter).append(' ');
            quilt.append(paragraph("c" + i, 40)).append(' ');
        }
        add(analysis, "https://book.example.org/print.html", print.toString().trim());
        add(analysis, "https://www.spun.biz/article", quilt.toString().trim());
        add(analysis, "https://mirror.example.net/print.html", print.toString().trim());
        List<QuiltAnalysis.Verdict> verdicts = analyse(analysis);
        QuiltAnalysis.Verdict verdict = verdicts.stream()
                .filter(v -> v.url().contains("spun"))
                .findFirst()
                .orElseThrow();
        // the print edition covers the whole quilt in one step: its chapters are named and counted instead
        assertThat(verdict.quilted()).isTrue();
        assertThat(verdict.sources())
                .filteredOn(QuiltAnalysis.Source::counted)
                .extracting(QuiltAnalysis.Source::url)
                .containsExactlyInAnyOrder(
                        "https://book.example.org/ch0.html",
                        "https://book.example.org/ch1.html",
                        "https://book.example.org/ch2.html");
        assertThat(verdict.sources())
                .extracting(QuiltAnalysis.Source::within)
                .containsOnly("https://book.example.org/print.html");
        // the mirror's print edition is a copy of the print edition, which covers it whole: not split, no quilt
        assertThat(quilted(verdicts, "https://mirror.example.net/print.html")).isFalse();
    }

    /** Two releases of one documentation, 12 pages each, the same text but for a paragraph of every page. */
    private static void twoReleases(QuiltAnalysis analysis) {
        for (int i = 0; i < 12; i++) {
            String common = paragraph("api" + i, 40) + " " + paragraph("ex" + i, 40);
            add(analysis, "https://docs.one.org/p" + i, common + " " + paragraph("one" + i, 10));
            add(analysis, "https://docs.two.org/p" + i, common + " " + paragraph("two" + i, 10));
        }
    }

    @Test
    void aReleasePageWhoseSourcesAllLieOnTheOtherReleaseIsACopyNotAQuilt() {
        QuiltAnalysis analysis = new QuiltAnalysis(QuiltParams.DEFAULTS, false);
        twoReleases(analysis);
        // a page of release two whose text release one holds on three pages (it was split there)
        add(
                analysis,
                "https://docs.two.org/merged",
                paragraph("m0", 30) + " " + paragraph("m1", 30) + " " + paragraph("m2", 30));
        for (int i = 0; i < 3; i++) {
            add(analysis, "https://docs.one.org/part" + i, paragraph("m" + i, 30) + " " + paragraph("part" + i, 20));
        }
        // a quilt that took a paragraph of three pages of release one
        add(
                analysis,
                "https://www.spun.biz/article",
                paragraph("api1", 40) + " " + paragraph("ex2", 40) + " " + paragraph("part2", 20));
        List<QuiltAnalysis.Verdict> verdicts = analyse(analysis);
        QuiltAnalysis.Verdict merged = verdicts.stream()
                .filter(v -> v.url().equals("https://docs.two.org/merged"))
                .findFirst()
                .orElseThrow();
        assertThat(merged.countedSources()).isEqualTo(3);
        assertThat(merged.mirrorOf()).isEqualTo("one.org");
        assertThat(merged.quilted()).isFalse();
        // spun.biz holds a few paragraphs of release one, not most of its text: no mirror, its quilt stays
        assertThat(quilted(verdicts, "https://www.spun.biz/article")).isTrue();
    }

    @Test
    void copiesOfThePageOnSeveralServersDoNotCountAsItsSources() {
        QuiltAnalysis analysis = new QuiltAnalysis(QuiltParams.DEFAULTS, false);
        List<String> paragraphs =
                IntStream.range(0, 20).mapToObj(i -> paragraph("o" + i, 30)).toList();
        add(analysis, "https://original.org/page", String.join(" ", paragraphs));
        // three copies, each without two paragraphs and with an ad of its own: together they cover the original, the
        // first most of it and the others a paragraph each
        int[][] deleted = {{0, 1}, {1, 2}, {0, 2}};
        for (int c = 0; c < 3; c++) {
            List<String> copy = new ArrayList<>(paragraphs);
            copy.remove(deleted[c][1]);
            copy.remove(deleted[c][0]);
            add(
                    analysis,
                    "https://c" + c + ".copies" + c + ".net/page",
                    String.join(" ", copy) + " " + paragraph("ad" + c, 30));
        }
        QuiltAnalysis.Verdict verdict = analyse(analysis).stream()
                .filter(v -> v.url().equals("https://original.org/page"))
                .findFirst()
                .orElseThrow();
        assertThat(verdict.sources()).filteredOn(QuiltAnalysis.Source::counted).hasSize(3);
        assertThat(verdict.copies()).hasSize(3);
        // the three copies are one text, the original's: they count once
        assertThat(verdict.countedSources()).isEqualTo(1);
        assertThat(verdict.quilted()).isFalse();
    }
}
