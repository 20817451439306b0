package org.reusedetector.imatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LexiconTest {

    @Test
    void termsAreFoldedAndShortOrDigitHeavyWordsAreDropped() {
        assertThat(TermRules.term("Kernel")).isEqualTo("kernel");
        assertThat(TermRules.term("the")).isNull();
        assertThat(TermRules.term("ipv6")).isEqualTo("ipv6");
        assertThat(TermRules.term("x86_64".replace("_", ""))).isNull();
        assertThat(TermRules.term("a3f9c2e1")).isNull();
    }

    @Test
    void normalisedIdfIsZeroForTermsInEveryPageAndOneForTermsInOnePage() {
        assertThat(DocumentFrequencies.normalisedIdf(100, 100)).isZero();
        assertThat(DocumentFrequencies.normalisedIdf(100, 1)).isEqualTo(1.0);
        assertThat(DocumentFrequencies.normalisedIdf(100, 10))
                .isCloseTo(0.5, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void lexiconKeepsTermsInTheIdfBand() {
        // 100 pages: "common" in all, "middle" in 10 (nidf 0.5), "rare" in one (nidf 1), "often" in 50 (nidf 0.15)
        DocumentFrequencies df = new DocumentFrequencies();
        for (int i = 0; i < 100; i++) {
            StringBuilder text = new StringBuilder("common Common");
            if (i < 10) {
                text.append(" middle MIDDLE");
            }
            if (i < 50) {
                text.append(" often");
            }
            if (i == 0) {
                text.append(" rare");
            }
            ImatchFixture.page(df, text.toString());
        }
        assertThat(df.documents()).isEqualTo(100);
        assertThat(df.frequency("middle")).isEqualTo(10);

        Lexicon lexicon = Lexicon.build(df, LexiconParams.defaults(), "corpus/pages.jsonl.gz", "2026-11-24T01:00:00Z");

        assertThat(lexicon.terms()).containsExactly("middle");
        assertThat(lexicon.documents()).isEqualTo(100);
        assertThat(lexicon.id()).startsWith("pages.jsonl.gz@2026-11-24:");
        Lexicon wide = Lexicon.build(df, new LexiconParams(0.1, 1.0, 2, 0.33, 1, 5), "c", "2026-11-24");
        assertThat(wide.terms()).containsExactly("middle", "often", "rare");
    }

    @Test
    void randomizedLexiconsDropTheFractionAndDependOnlyOnTheSeed() {
        List<String> terms = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            terms.add("term" + (char) ('a' + i % 26) + i);
        }
        terms.sort(null);
        LexiconParams params = new LexiconParams(0.2, 0.8, 10, 0.33, 7, 5);
        Lexicon lexicon = new Lexicon("id", "c", "d", 1, params, terms);

        long[] masks = lexicon.memberships();
        for (int j = 1; j <= 10; j++) {
            int kept = 0;
            for (long m : masks) {
                kept += (int) ((m >>> j) & 1);
            }
            assertThat(kept).as("lexicon %d", j).isEqualTo(1000 - 330);
        }
        for (long m : masks) {
            assertThat(m & 1).isEqualTo(1);
        }
        assertThat(new Lexicon("id", "c", "d", 1, params, terms).memberships()).isEqualTo(masks);
        assertThat(new Lexicon("id", "c", "d", 1, new LexiconParams(0.2, 0.8, 10, 0.33, 8, 5), terms).memberships())
                .isNotEqualTo(masks);
        // randomized lexicons differ from one another, and the first K do not depend on K
        assertThat(java.util.Arrays.stream(masks)
                        .filter(m -> ((m >>> 1) & 1) != ((m >>> 2) & 1))
                        .count())
                .isPositive();
        long[] fewer = lexicon.withRandomized(3).memberships();
        for (int i = 0; i < masks.length; i++) {
            assertThat(fewer[i]).isEqualTo(masks[i] & 0b1111);
        }
    }

    @Test
    void lexiconFileKeepsCorpusDateAndTerms(@TempDir Path dir) throws Exception {
        Lexicon lexicon = new Lexicon(
                "v1", "crawl", "2026-11-24T01:00:00Z", 12, LexiconParams.defaults(), List.of("alpha", "beta"));
        lexicon.write(dir.resolve("lexicon.json.gz"));
        Lexicon read = Lexicon.read(dir.resolve("lexicon.json.gz"));
        assertThat(read).isEqualTo(lexicon);
        assertThat(read.lexiconName(3)).isEqualTo("v1#3");
    }

    @Test
    void paramsAreChecked() {
        assertThatThrownBy(() -> new LexiconParams(0.9, 0.2, 10, 0.33, 1, 5))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LexiconParams(0.2, 0.8, 63, 0.33, 1, 5))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LexiconParams(0.2, 0.8, 10, 1.0, 1, 5))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
