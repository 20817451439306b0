package org.reusedetector.url;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.reusedetector.config.ReuseDetectorConfig;

class RecursionRuleTest {

    private final RecursionRule rule = ReuseDetectorConfig.defaults().recursionRule();

    private boolean recursion(RecursionRule r, String url) throws InvalidUrlException {
        return r.isRecursion(NormalizedUrl.parse(url));
    }

    @ParameterizedTest
    @CsvSource({
        // one component four times or more
        "https://h.example/a/a/a/a/x.html, true",
        "https://h.example/a/a/a/a/a/a/a/x.html, true",
        "https://h.example/a/b/a/c/a/d/a/, true",
        "https://h.example/wiki/wiki/wiki/wiki, true", // the last name counts
        "https://h.example/a/a/a/x.html, false",
        // two distinct components, each twice or more
        "https://h.example/a/b/a/b/x, true",
        "https://h.example/a/b/a/b/, true",
        "https://h.example/a/b/c/a/c/x.html, true",
        "https://h.example/x/a/y/b/z/a/b/page.php, true",
        // one component repeated two or three times: fine
        "https://h.example/docs/docs/x.html, false",
        "https://h.example/library/library/, false",
        "https://h.example/docs/docs/docs/x.html, false",
        "https://h.example/en/news/en/2024/story.html, false",
        // nothing repeated
        "https://h.example/, false",
        "https://h.example/index.html, false",
        "https://h.example/a/b/c/d/e/f/g/h.html, false",
        "https://en.wikipedia.org/wiki/Recursion_(computer_science), false",
        "https://www.debian.org/doc/manuals/debian-handbook/sect.apt-get.en.html, false",
        "https://docs.python.org/3.11/library/os.path.html, false",
        "https://www.postgresql.org/docs/15/sql-select.html, false",
        // real-looking loops: a relative link resolved against its own directory, again and again
        "http://www.example.com/members/profile/members/profile/members/profile/view.asp, true",
        "http://site.example/images/images/images/images/logo.gif, true",
        "http://shop.example/catalog/shoes/catalog/shoes/index.html, true",
        "http://blog.example/2009/10/tag/web/2009/10/tag/web/, true",
        // query strings and dot segments are normalised away first
        "https://h.example/a/a/a/x.html?p=a/a, false",
        "https://h.example/a/a/./a/../a/a/x.html, true",
        // the same segment text in different case is a different component
        "https://h.example/Docs/docs/DOCS/docs/x.html, false",
    })
    void defaults(String url, boolean expected) throws Exception {
        assertThat(recursion(rule, url)).as(url).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "https://github.com/apache/flink/blob/master/flink-core/src/main/java/org/apache/flink/api/common/ExecutionConfig.java",
                "https://nightlies.apache.org/flink/flink-docs-master/api/java/org/apache/flink/api/common/ExecutionConfig.html",
            })
    void knownFalsePositivesOfThePairRuleAndHowToAvoidThem(String url) throws Exception {
        assertThat(recursion(rule, url)).as("documented false positive").isTrue();
        assertThat(recursion(new RecursionRule(4, 4, 2), url)).isFalse();
    }

    /** The recursion URLs of shared/corpus/make-crawl.py: https://host/ + seg * r + name, r = 2, 3, 4. */
    @ParameterizedTest
    @CsvSource({
        "docs/, 2, false",
        "docs/, 3, false",
        "docs/, 4, true",
        "a/b/, 2, true",
        "a/b/, 3, true",
        "a/b/, 4, true",
        "manual/html/, 3, true",
        "usr/share/doc/, 2, true",
    })
    void makeCrawlRecursionUrls(String seg, int r, boolean caught) throws Exception {
        String url = "https://ro-ro.debian-handbook.org/" + seg.repeat(r) + "sect.apt-frontends.html";
        assertThat(recursion(rule, url)).as(url).isEqualTo(caught);
    }

    @Test
    void thresholdsAreConfigurable() throws Exception {
        RecursionRule strict = new RecursionRule(3, 1, 3);
        assertThat(recursion(strict, "https://h.example/docs/docs/docs/x.html")).isTrue();
        assertThat(recursion(strict, "https://h.example/docs/docs/x.html")).isFalse();
        RecursionRule twice = new RecursionRule(2, 1, 2);
        assertThat(recursion(twice, "https://h.example/docs/docs/x.html")).isTrue();
        RecursionRule threePairs = new RecursionRule(4, 3, 2);
        assertThat(recursion(threePairs, "https://h.example/a/b/a/b/x")).isFalse();
        assertThat(recursion(threePairs, "https://h.example/a/b/c/a/b/c/x")).isTrue();
        assertThat(rule.isRecursion(List.of())).isFalse();
    }

    @Test
    void explainsNamingTheRepeatedComponents() throws Exception {
        assertThat(rule.explain(NormalizedUrl.parse("https://h.example/docs/docs/docs/docs/x.html")))
                .hasValue("path component 'docs' occurs 4 times");
        assertThat(rule.explain(NormalizedUrl.parse("https://h.example/a/b/a/b/x")))
                .hasValue("path components 'a', 'b' occur 2 times each");
        assertThat(rule.explain(NormalizedUrl.parse("https://h.example/docs/docs/x.html")))
                .isEmpty();
    }

    @Test
    void rejectsMeaninglessThresholds() {
        assertThatThrownBy(() -> new RecursionRule(1, 2, 2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RecursionRule(4, 0, 2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RecursionRule(4, 2, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
