package org.reusedetector.shingle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class PhraseAnalysisTest {

    private final MinHash minHash = new MinHash(MinHash.SELECTORS);

    private static String text(String seed, int n) {
        return IntStream.range(0, n).mapToObj(i -> seed + "w" + i).collect(Collectors.joining(" "));
    }

    private void add(PhraseAnalysis analysis, String url, String host, String site, String text) {
        long[] words =
                Arrays.stream(text.split(" ")).mapToLong(Fingerprints::word).toArray();
        long[] phrases = Phrases.circular(words, 5);
        int[] positions = minHash.selectPositions(phrases);
        long[] chosen = Arrays.stream(positions).mapToLong(p -> phrases[p]).toArray();
        String[] texts = Arrays.stream(positions).mapToObj(p -> "phrase " + p).toArray(String[]::new);
        analysis.add(url, host, site, chosen, texts);
    }

    @Test
    void popularShinglesAreInAtLeastFiveCollapsedDocumentsAndCoversPreferForeignSites() {
        PhraseAnalysis analysis = new PhraseAnalysis(minHash, 5);
        String shared = text("shared", 300);
        // four foreign pages and one local page carry the shared text with text of their own: five documents
        for (int i = 0; i < 4; i++) {
            add(
                    analysis,
                    "https://f" + i + ".org/p",
                    "f" + i + ".org",
                    "f" + i + ".org",
                    shared + " " + text("foreign" + i, 300));
        }
        add(analysis, "https://b.local.net/p", "b.local.net", "local.net", shared + " " + text("local", 300));
        // an exact copy of the local page is collapsed: it adds no document to the counts
        add(analysis, "https://c.local.net/p", "c.local.net", "local.net", shared + " " + text("local", 300));
        List<PhraseAnalysis.DocumentReport> reports = new ArrayList<>();
        PhraseAnalysis.Result result = analysis.analyse(1, reports::add);

        assertThat(result.classes()).isEqualTo(5);
        assertThat(reports.get(5).duplicateOf()).isEqualTo("https://b.local.net/p");
        assertThat(result.popular())
                .isNotEmpty()
                .allSatisfy(p -> assertThat(p.documents()).isEqualTo(5));
        PhraseAnalysis.DocumentReport local = reports.get(4);
        assertThat(local.popular()).isPositive();
        // its popular shingles are all held by foreign pages: the cover is foreign only, the copy is not a candidate
        assertThat(local.cover())
                .allMatch(PhraseAnalysis.CoverDocument::foreign)
                .noneMatch(c -> c.url().contains("c.local.net"));
        assertThat(local.foreignContribution()).isEqualTo(local.popular());
        assertThat(local.cover().get(0).shingles()).isEqualTo(local.popular()); // one foreign page covers them all
        assertThat(result.sites()).extracting(PhraseAnalysis.SiteReport::host).contains("b.local.net");
    }

    @Test
    void aPopularCountBelowTheMinimumIsNotPopular() {
        PhraseAnalysis analysis = new PhraseAnalysis(minHash, 5);
        String shared = text("shared", 300);
        for (int i = 0; i < 4; i++) {
            add(
                    analysis,
                    "https://f" + i + ".org/p",
                    "f" + i + ".org",
                    "f" + i + ".org",
                    shared + " " + text("own" + i, 300));
        }
        List<PhraseAnalysis.DocumentReport> reports = new ArrayList<>();
        PhraseAnalysis.Result result = analysis.analyse(10, reports::add);
        assertThat(result.popular()).isEmpty();
        assertThat(reports).allMatch(r -> r.popular() == 0 && r.cover().isEmpty());
        assertThat(result.sites()).isEmpty(); // no host has 10 pages
        assertThat(result.popularPerDocument()[0]).isEqualTo(4);
    }

    @Test
    void siteStatisticsAreTheMeanAndPopulationDeviationOfPopularShingles() {
        PhraseAnalysis analysis = new PhraseAnalysis(minHash, 2);
        String shared = text("shared", 200);
        // two pages of h.org carry the shared text, two do not; two other sites carry it too
        for (int i = 0; i < 4; i++) {
            add(analysis, "https://h.org/p" + i, "h.org", "h.org", (i < 2 ? shared + " " : "") + text("h" + i, 200));
        }
        add(analysis, "https://x.org/p", "x.org", "x.org", shared + " " + text("x", 200));
        List<PhraseAnalysis.DocumentReport> reports = new ArrayList<>();
        PhraseAnalysis.Result result = analysis.analyse(4, reports::add);
        PhraseAnalysis.SiteReport site = result.sites().get(0);
        double[] counts = reports.subList(0, 4).stream()
                .mapToDouble(PhraseAnalysis.DocumentReport::popular)
                .toArray();
        double mean = Arrays.stream(counts).average().orElseThrow();
        double sd = Math.sqrt(
                Arrays.stream(counts).map(c -> (c - mean) * (c - mean)).sum() / 4);
        assertThat(site.host()).isEqualTo("h.org");
        assertThat(site.meanPopular()).isCloseTo(mean, org.assertj.core.data.Offset.offset(0.01));
        assertThat(site.sdPopular()).isCloseTo(sd, org.assertj.core.data.Offset.offset(0.01));
        assertThat(counts[2]).isZero();
    }
}
