package org.reusedetector.imatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class JoinRuleTest {

    private static final JoinRule RULE = JoinRule.defaults();

    /** The phrase sample of a page of plain text, as near-dups takes it. */
    static PhraseSample sample(JoinRule rule, String text) {
        PhraseSampler sampler = new PhraseSampler(rule);
        ImatchFixture.page(sampler, text);
        return sampler.sample();
    }

    private static PhraseSample sample(String text) {
        return sample(RULE, text);
    }

    private static String words(String prefix, int n) {
        List<String> words = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            words.add(prefix + i);
        }
        return String.join(" ", words);
    }

    @Test
    void pagesThatResembleEachOtherAreJoined() {
        String text = words("w", 100);
        // ten words changed of a hundred: resemblance about 0.6
        String edited = text.replace("w1 ", "x1 ").replace("w5 ", "x5 ").replace("w9 ", "x9 ") + " " + words("y", 7);
        assertThat(sample(text).overlap(sample(edited)).resemblance()).isBetween(0.5, 0.9);
        assertThat(RULE.confirms(sample(text), sample(edited))).isTrue();
    }

    @Test
    void aSmallPageWrappedInAddedTextIsJoinedByContainment() {
        String source = "Redirecting to core arch x86 fn mm maskstore pd html";
        String ads = "cheap fast free best deal offer click here now buy online discount casino loan pharmacy";
        String copy = ads + " " + source + " " + ads.replace("cheap", "travel");
        PhraseSample.Overlap o = sample(source).overlap(sample(copy));
        assertThat(o.resemblance()).isLessThan(0.5);
        assertThat(o.containment()).isEqualTo(1.0);
        assertThat(RULE.confirms(sample(source), sample(copy))).isTrue();
        assertThat(RULE.confirms(sample(copy), sample(source))).isTrue();
    }

    @Test
    void smallGeneratedPagesOneNameApartAreNotJoined() {
        // the name is too rare for the lexicon's idf band: both pages hold the same lexicon terms, so the same
        // signature
        String a = "Redirecting to core arch x86 fn mm maskstore pd html";
        String b = "Redirecting to core arch x86 fn mm storeu pd html";
        PhraseSample.Overlap o = sample(a).overlap(sample(b));
        assertThat(o.resemblance()).isLessThan(0.5);
        assertThat(o.containment()).isLessThan(RULE.minContainment());
        assertThat(RULE.confirms(sample(a), sample(b))).isFalse();
    }

    @Test
    void containmentFromAFewPhrasesOfTheSmallerPageDoesNotCount() {
        // a small sample: the large page speaks for its smallest phrases only, and few of the small page's are there
        JoinRule rule = new JoinRule(5, 16, 0.5, 0.8, 16);
        String small = words("s", 40);
        String large = small + " " + words("extra", 4000);
        PhraseSample.Overlap o = sample(rule, small).overlap(sample(rule, large));
        assertThat(o.smallerCompared()).isLessThan(16);
        assertThat(o.smallerWhole()).isFalse();
        assertThat(rule.confirms(o)).isFalse();
        // the same pages compared whole (a sample larger than both) are joined by containment
        JoinRule whole = new JoinRule(5, 8192, 0.5, 0.8, 16);
        assertThat(whole.confirms(sample(whole, small), sample(whole, large))).isTrue();
    }

    @Test
    void thresholdsMustBeFractions() {
        assertThatThrownBy(() -> new JoinRule(5, 128, 0, 0.8, 16)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new JoinRule(5, 128, 0.5, 1.5, 16)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new JoinRule(0, 128, 0.5, 0.8, 16)).isInstanceOf(IllegalArgumentException.class);
    }
}
