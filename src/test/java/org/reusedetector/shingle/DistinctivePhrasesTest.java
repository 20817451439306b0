package org.reusedetector.shingle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class DistinctivePhrasesTest {

    private static final NearCopyParams PARAMS = NearCopyParams.defaults();

    private static long[] range(long from, long to) {
        return LongStream.range(from, to).toArray();
    }

    private static long[] concat(long[] a, long[] b) {
        return LongStream.concat(LongStream.of(a), LongStream.of(b)).sorted().toArray();
    }

    @Test
    void aSitesTemplatePhrasesAreLeftOutOfEveryPageOfIt() {
        DistinctivePhrases phrases = new DistinctivePhrases(PARAMS, 0.1, 3);
        long[] template = range(1_000, 1_050); // on every page of the site
        for (int p = 0; p < 20; p++) {
            phrases.add(
                    "https://docs.example.org",
                    "https://docs.example.org/p" + p,
                    concat(template, range(10_000 + p * 100, 10_000 + p * 100 + 40)));
        }
        List<DistinctivePhrases.Page> labelled = phrases.labelled();
        assertThat(labelled).hasSize(20);
        assertThat(labelled.get(3).phrases()).containsExactly(range(10_300, 10_340));
    }

    @Test
    void aPhraseOnFewPagesIsStillThePagesOwnButOnTheTemplateShareItIsNot() {
        // 40 pages: the template rule is max(3 pages, 10 % = 4 pages)
        DistinctivePhrases phrases = new DistinctivePhrases(PARAMS, 0.1, 3);
        for (int p = 0; p < 40; p++) {
            long[] own = range(10_000 + p * 100, 10_000 + p * 100 + 20);
            long[] shared = p < 3 ? new long[] {7, 8} : p < 7 ? new long[] {9} : new long[0];
            phrases.add("https://a.org", "https://a.org/" + p, concat(own, shared));
        }
        List<DistinctivePhrases.Page> labelled = phrases.labelled();
        assertThat(labelled.get(0).phrases()).as("on 3 of 40 pages: kept").contains(7, 8);
        assertThat(labelled.get(3).phrases()).as("on 4 of 40 pages: template").doesNotContain(9);
    }

    @Test
    void eachHostIsJudgedOnItsOwnPagesAndAPageWithTooLittleLeftGivesNoLabel() {
        DistinctivePhrases phrases = new DistinctivePhrases(PARAMS, 0.1, 3);
        long[] shared = range(500, 530);
        phrases.add("https://one.org", "https://one.org/a", concat(shared, range(0, 30)));
        phrases.add("https://two.org", "https://two.org/a", concat(shared, range(100, 130)));
        phrases.add("https://two.org", "https://two.org/b", concat(shared, range(200, 230)));
        phrases.add("https://two.org", "https://two.org/c", concat(shared, range(300, 305)));
        List<DistinctivePhrases.Page> labelled = phrases.labelled();
        assertThat(labelled)
                .extracting(DistinctivePhrases.Page::url)
                .containsExactly("https://one.org/a", "https://two.org/a", "https://two.org/b");
        assertThat(labelled.get(0).phrases())
                .as("one.org has one page: nothing is its template")
                .hasSize(60);
        assertThat(labelled.get(1).phrases()).containsExactly(range(100, 130));
    }
}
