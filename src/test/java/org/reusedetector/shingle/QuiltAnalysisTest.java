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
        long[] words = Arrays.stream(text.split(" ")).mapToLong(Fingerprints::word).toArray();
        long[] phrases = Phrases.circular(words, 5);
        analysis.add(url, org.reusedetector.url.Sites.ofUrl(url), Phrases.gramSet(words, 5), MIN_HASH.shingles(phrases, MIN_HASH.selectPositions(phrases)));
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
            add(analysis, "https://" + hosts[i] + "/page", paragraph("own" + i, 40) + " " + taken + " " + paragraph("more" + i, 40));
            quilt.append(taken).append(' ');
        }
        add(analysis, "https://www.spun.biz/article", quilt.toString().trim());
        List<QuiltAnalysis.Verdict> verdicts = analyse(analysis);
        QuiltAnalysis.Verdict verdict = verdicts.stream().filter(v -> v.url().contains("spun")).findFirst().orElseThrow();
        assertThat(verdict.quilted()).isTrue();
        assertThat(verdict.sources()).extracting(QuiltAnalysis.Source::url)
                .containsExactly("https://d.example.de/page", "https://c.example.com/page", "https://b.example.net/page", "https://a.example.org/page");
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
}
