package org.reusedetector.imatch;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.reusedetector.page.PageHasher;

class PhraseSamplerTest {

    private static final JoinRule RULE = JoinRule.defaults();

    @Test
    void phrasesAreTheStraightRunsOfFiveWords() {
        PhraseSample s = JoinRuleTest.sample(RULE, "one two three four five six seven");
        assertThat(s.phrases()).isEqualTo(3); // n - k + 1, none wrapping round the end
        assertThat(s.values()).hasSize(3);
        assertThat(s.complete()).isTrue();
    }

    @Test
    void textAddedBeforeAndAfterBreaksNoPhraseOfThePage() {
        String page = "one two three four five six seven";
        PhraseSample.Overlap o =
                JoinRuleTest.sample(RULE, page).overlap(JoinRuleTest.sample(RULE, "ads ads ads " + page + " more ads"));
        assertThat(o.containment()).isEqualTo(1.0);
    }

    @Test
    void aPageOfFewerWordsThanAPhraseIsOnePhrase() {
        PhraseSample s = JoinRuleTest.sample(RULE, "only three words");
        assertThat(s.phrases()).isEqualTo(1);
        assertThat(s.values()).hasSize(1);
        assertThat(JoinRuleTest.sample(RULE, "").values()).isEmpty();
    }

    @Test
    void theChunkerAndTheWordStreamGiveTheSameSample() {
        String html = "<html><body><p>Cheap copies of the guide, with ads around it</p>"
                + "<p>The guide itself: its words in phrases of five</p></body></html>";
        PageHasher hasher = PageHasher.tokenizing(java.util.Set.of("p", "div"));
        PhraseSampler byChunks = new PhraseSampler(RULE);
        hasher.hashWithChunks("https://a.example/", 0, html, byChunks);
        byChunks.endOfPage();
        PhraseSampler byWords = new PhraseSampler(RULE);
        hasher.hashWithWords("https://a.example/", 0, html, byWords);
        assertThat(byChunks.sample().values())
                .isNotEmpty()
                .containsExactly(byWords.sample().values());
    }
}
