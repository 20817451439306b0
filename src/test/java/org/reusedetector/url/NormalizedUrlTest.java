package org.reusedetector.url;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class NormalizedUrlTest {

    private static NormalizedUrl parse(String url) throws InvalidUrlException {
        return NormalizedUrl.parse(url);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                // scheme and host lower-cased, path case kept
                "HTTP://Example.COM/Path/File.HTML | http://example.com/Path/File.HTML",
                "HtTpS://WWW.A.Org | https://www.a.org/",
                // default ports dropped, other ports kept
                "http://a.org:80/x | http://a.org/x",
                "https://a.org:443/x | https://a.org/x",
                "http://a.org:443/x | http://a.org:443/x",
                "https://a.org:80/x | https://a.org:80/x",
                "https://a.org:8443/x | https://a.org:8443/x",
                // fragment and user info dropped, query kept
                "http://a.org/x/p.html?q=1&r=2#frag | http://a.org/x/p.html?q=1&r=2",
                "http://a.org/x/#top | http://a.org/x/",
                "http://a.org?x=1 | http://a.org/?x=1",
                "http://user:pw@a.org/x | http://a.org/x",
                // dot segments
                "http://a.org/a/./b/../c/p.html | http://a.org/a/c/p.html",
                "http://a.org/a/b/.. | http://a.org/a/",
                "http://a.org/./x | http://a.org/x",
                // repeated slashes
                "http://a.org//x///y//p.html | http://a.org/x/y/p.html",
                "http://a.org/// | http://a.org/",
                // trailing dot of a fully qualified host name
                "http://a.org./x | http://a.org/x",
                "http://A.Org.:8080/x | http://a.org:8080/x",
                // surrounding white space
                "'  http://a.org/x  ' | http://a.org/x",
            })
    void normalises(String input, String expected) throws InvalidUrlException {
        assertThat(parse(input).url()).isEqualTo(expected);
    }

    @Test
    void originAndPath() throws InvalidUrlException {
        NormalizedUrl url = parse("HTTPS://Www.Example.org:8443/Dir/Page.html?x#y");
        assertThat(url.origin()).isEqualTo("https://www.example.org:8443");
        assertThat(url.path()).isEqualTo("/Dir/Page.html");
        assertThat(parse("http://a.org").path()).isEqualTo("/");
    }

    @Test
    void dotSegmentsAboveTheRootStopAtTheRoot() throws InvalidUrlException {
        // RFC 3986 §5.2.4 and browsers: ".." at the root stays at the root, the rest of the path is kept
        assertThat(parse("http://a.org/../x/p.html").url()).isEqualTo("http://a.org/x/p.html");
        assertThat(parse("http://a.org/../../x/").url()).isEqualTo("http://a.org/x/");
        assertThat(parse("http://a.org/..").url()).isEqualTo("http://a.org/");
        assertThat(parse("http://a.org/a/../../b").url()).isEqualTo("http://a.org/b");
    }

    @Test
    void segmentsThatMerelyStartWithDotsAreKept() throws InvalidUrlException {
        assertThat(parse("http://a.org/..hidden/p.html").url()).isEqualTo("http://a.org/..hidden/p.html");
        assertThat(parse("http://a.org/.well-known/x").url()).isEqualTo("http://a.org/.well-known/x");
        assertThat(parse("http://a.org/x/...").url()).isEqualTo("http://a.org/x/...");
    }

    @Test
    void spacesAndOtherUnsafeCharactersAreEscaped() throws InvalidUrlException {
        assertThat(parse("http://a.org/my page.html").url()).isEqualTo("http://a.org/my%20page.html");
        assertThat(parse("http://a.org/a b/c|d.html").url()).isEqualTo("http://a.org/a%20b/c%7Cd.html");
        assertThat(parse("http://a.org/a b/c.html").prefixes(12))
                .containsExactly("http://a.org/a%20b/", "http://a.org/");
        // already escaped stays as it is
        assertThat(parse("http://a.org/my%20page.html").url()).isEqualTo("http://a.org/my%20page.html");
    }

    @Test
    void hostsWithUnderscoresAreValid() throws InvalidUrlException {
        // common in the wild (blogspot, tumblr sub-domains); java.net.URI treats them as registry authorities
        assertThat(parse("http://my_blog.example.com/x/p.html").url()).isEqualTo("http://my_blog.example.com/x/p.html");
        assertThat(parse("https://A_B.Example.com:8443/").url()).isEqualTo("https://a_b.example.com:8443/");
        assertThat(parse("http://u:p@a_b.example.com:80/x").url()).isEqualTo("http://a_b.example.com/x");
        assertThatThrownBy(() -> parse("http://a_b.example.com:99999/")).isInstanceOf(InvalidUrlException.class);
        assertThatThrownBy(() -> parse("http://a_b.example.com:8x/")).isInstanceOf(InvalidUrlException.class);
        assertThatThrownBy(() -> parse("http://a_b example.com/")).isInstanceOf(InvalidUrlException.class);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "ftp://a.org/x",
                "mailto:someone@a.org",
                "file:///etc/passwd",
                "javascript:alert(1)",
                "a.org/x",
                "/x/p.html",
                "//a.org/x",
                "data:text/html,hi"
            })
    void onlyHttpAndHttpsAreAccepted(String url) {
        assertThatThrownBy(() -> parse(url)).isInstanceOf(InvalidUrlException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://", "http:///x", "https:///", "http:x", "http://:80/x", "http://user@/x"})
    void urlsWithoutHostAreRejected(String url) {
        assertThatThrownBy(() -> parse(url)).isInstanceOf(InvalidUrlException.class);
    }

    @Test
    void emptyAndMalformedAreRejected() {
        assertThatThrownBy(() -> parse(null)).isInstanceOf(InvalidUrlException.class);
        assertThatThrownBy(() -> parse("")).isInstanceOf(InvalidUrlException.class);
        assertThatThrownBy(() -> parse("   ")).isInstanceOf(InvalidUrlException.class);
        assertThatThrownBy(() -> parse("http://a.org:port/x")).isInstanceOf(InvalidUrlException.class);
        assertThatThrownBy(() -> parse("http://[::1/x")).isInstanceOf(InvalidUrlException.class);
    }

    @Test
    void prefixesDeepestFirstDownToTheHost() throws InvalidUrlException {
        assertThat(parse("https://a.org/x/y/p.html").prefixes(12))
                .containsExactly("https://a.org/x/y/", "https://a.org/x/", "https://a.org/");
    }

    @Test
    void prefixesOfADirectoryUrlIncludeTheDirectory() throws InvalidUrlException {
        assertThat(parse("https://a.org/x/y/").prefixes(12))
                .containsExactly("https://a.org/x/y/", "https://a.org/x/", "https://a.org/");
        assertThat(parse("https://a.org/x/y").prefixes(12)).containsExactly("https://a.org/x/", "https://a.org/");
    }

    @Test
    void prefixesOfTheRoot() throws InvalidUrlException {
        assertThat(parse("https://a.org/").prefixes(12)).containsExactly("https://a.org/");
        assertThat(parse("https://a.org").prefixes(12)).containsExactly("https://a.org/");
        assertThat(parse("https://a.org/index.html").prefixes(12)).containsExactly("https://a.org/");
    }

    @Test
    void prefixesAreNormalised() throws InvalidUrlException {
        assertThat(parse("HTTPS://A.org:443//x/./y//p.html?q").prefixes(12))
                .containsExactly("https://a.org/x/y/", "https://a.org/x/", "https://a.org/");
    }

    @Test
    void maxDepthKeepsTheShallowestLevels() throws InvalidUrlException {
        NormalizedUrl url = parse("http://a.org/1/2/3/4/p.html");
        assertThat(url.prefixes(12))
                .containsExactly(
                        "http://a.org/1/2/3/4/",
                        "http://a.org/1/2/3/",
                        "http://a.org/1/2/",
                        "http://a.org/1/",
                        "http://a.org/");
        assertThat(url.prefixes(4)).isEqualTo(url.prefixes(12));
        assertThat(url.prefixes(2)).containsExactly("http://a.org/1/2/", "http://a.org/1/", "http://a.org/");
        assertThat(url.prefixes(1)).containsExactly("http://a.org/1/", "http://a.org/");
        assertThat(url.prefixes(0)).containsExactly("http://a.org/");
    }

    @Test
    void crawlerTrapIsBoundedByMaxDepth() throws InvalidUrlException {
        NormalizedUrl url = parse("http://a.org" + "/loop".repeat(1000) + "/p.html");
        assertThat(url.prefixes(12)).hasSize(13).endsWith("http://a.org/loop/", "http://a.org/");
    }

    @Test
    void segments() throws InvalidUrlException {
        assertThat(parse("https://a.org/x/y/p.html").segments()).containsExactly("x", "y", "p.html");
        assertThat(parse("https://a.org/x/y/").segments()).containsExactly("x", "y");
        assertThat(parse("https://a.org/").segments()).isEmpty();
        assertThat(parse("https://a.org").segments()).isEmpty();
    }

    @Test
    void equalityOfNormalisedForms() throws InvalidUrlException {
        assertThat(parse("HTTP://A.ORG:80/x/../y?z#f")).isEqualTo(parse("http://a.org/y?z"));
        assertThat(parse("http://a.org/y")).isNotEqualTo(parse("https://a.org/y"));
        assertThat(parse("http://a.org/y?z")).isNotEqualTo(parse("http://a.org/y"));
    }

    // --- the query: part of the page's identity -------------------------------------------------------------

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                // kept, so that these are different pages
                "https://a.org/item?id=1 | https://a.org/item?id=1",
                "https://a.org/item?id=2 | https://a.org/item?id=2",
                // sorted by name, then value; stable for equal pairs
                "https://a.org/p?b=2&a=1 | https://a.org/p?a=1&b=2",
                "https://a.org/p?a=2&b=1&a=1 | https://a.org/p?a=1&a=2&b=1",
                "https://a.org/p?a=1&a=1 | https://a.org/p?a=1&a=1",
                // a name without a value is not the same as an empty value, and sorts first
                "https://a.org/p?a=&a | https://a.org/p?a&a=",
                // empty parameters and a bare '?' say nothing
                "https://a.org/p?&a=1&&b=2& | https://a.org/p?a=1&b=2",
                "https://a.org/p? | https://a.org/p",
                "https://a.org/p?#x | https://a.org/p",
                // names and values keep their case
                "https://a.org/p?Q=Hello | https://a.org/p?Q=Hello",
                // escapes: unreserved characters decoded, reserved ones kept with upper-case hex, never turned into &
                // or =
                "https://a.org/p?q=%7euser&n=%41 | https://a.org/p?n=A&q=~user",
                "https://a.org/p?q=a%26b%3dc | https://a.org/p?q=a%26b%3Dc",
                "https://a.org/p?q=a%2bb+c | https://a.org/p?q=a%2Bb+c",
                "https://a.org/p?q=a b | https://a.org/p?q=a%20b",
                // '=' inside a value belongs to the value
                "https://a.org/p?q=a=b | https://a.org/p?q=a=b",
            })
    void queryKeptSortedAndEscapedConsistently(String input, String expected) throws InvalidUrlException {
        assertThat(parse(input).url()).isEqualTo(expected);
        assertThat(parse(parse(input).url()).url()).as("idempotent").isEqualTo(expected);
    }

    @Test
    void parameterOrderDoesNotMakeAnotherPage() throws InvalidUrlException {
        assertThat(NormalizedUrl.keyOf("https://a.org/p?b=2&a=1"))
                .isEqualTo(NormalizedUrl.keyOf("https://a.org/p?a=1&b=2"));
        assertThat(NormalizedUrl.keyOf("https://a.org/item?id=1"))
                .isNotEqualTo(NormalizedUrl.keyOf("https://a.org/item?id=2"));
        assertThat(parse("https://a.org/p?q=%26").query()).isEqualTo("q=%26");
        assertThat(parse("https://a.org/p?q=%26")).isNotEqualTo(parse("https://a.org/p?q=&"));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                // tracking tags, by wildcard and by name, in any case
                "https://a.org/p?utm_source=x&utm_medium=y&utm_campaign=z | https://a.org/p",
                "https://a.org/p?id=7&UTM_Source=x&fbclid=abc | https://a.org/p?id=7",
                "https://a.org/p?gclid=1&msclkid=2&mc_cid=3&mc_eid=4&_ga=5&yclid=6&x=1 | https://a.org/p?x=1",
                "https://a.org/p?utm%5Fsource=x&y=1 | https://a.org/p?y=1",
                // session ids
                "https://a.org/p?JSESSIONID=A1&PHPSESSID=b2&sid=3&sessionid=4&ASPSESSIONIDQACTBDSA=5&page=2 | https://a.org/p?page=2",
                // only whole names, or the prefix of a wildcard
                "https://a.org/p?sidebar=1&utm=2&xutm_source=3 | https://a.org/p?sidebar=1&utm=2&xutm_source=3",
                // ;jsessionid path parameters, with or without a query; other path parameters stay
                "https://a.org/shop/cart.do;jsessionid=0A1B2C?item=3 | https://a.org/shop/cart.do?item=3",
                "https://a.org/shop;JSESSIONID=x/cart.do | https://a.org/shop/cart.do",
                "https://a.org/p;v=2;jsessionid=x | https://a.org/p;v=2",
                "https://a.org/;jsessionid=x | https://a.org/",
            })
    void ignoredParametersAreDropped(String input, String expected) throws InvalidUrlException {
        assertThat(parse(input).url()).isEqualTo(expected);
    }

    @Test
    void ignoredParametersAreConfigurable() throws InvalidUrlException {
        IgnoredParameters custom = IgnoredParameters.of(List.of("ref", "Session*"));
        assertThat(NormalizedUrl.parse("https://a.org/p?ref=x&sessionKey=1&utm_source=y&SID=2", custom)
                        .url())
                .isEqualTo("https://a.org/p?SID=2&utm_source=y");
        assertThat(NormalizedUrl.keyOf("https://a.org/p;jsessionid=x?ref=1", IgnoredParameters.NONE))
                .isEqualTo("https://a.org/p;jsessionid=x?ref=1");
        // '*' alone: the query is no part of the identity (the old rule)
        assertThat(NormalizedUrl.keyOf("https://a.org/p?id=1&b=2", IgnoredParameters.of(List.of("*"))))
                .isEqualTo("https://a.org/p");
        assertThat(IgnoredParameters.of(List.of("", " "))).isEqualTo(IgnoredParameters.NONE);
        assertThatThrownBy(() -> IgnoredParameters.of(List.of("a*b"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> IgnoredParameters.of(List.of("*utm"))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void prefixesStayPathBased() throws InvalidUrlException {
        assertThat(parse("https://a.org/x/item?id=1&path=/y/z/").prefixes(12))
                .containsExactly("https://a.org/x/", "https://a.org/");
        assertThat(parse("https://a.org/x/item?id=1").prefixes(12))
                .isEqualTo(parse("https://a.org/x/item?id=2").prefixes(12));
        assertThat(parse("https://a.org/x/item?id=1").segments()).containsExactly("x", "item");
        assertThat(parse("https://a.org/x/cart.do;jsessionid=1/").prefixes(12))
                .containsExactly("https://a.org/x/cart.do/", "https://a.org/x/", "https://a.org/");
    }
}
