package org.reusedetector.url;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The hand-written parse of plain URLs ({@link NormalizedUrl#parsePlain}) against the parse through
 * {@link java.net.URI} ({@link NormalizedUrl#parseAny}): the same result for every URL it takes, and every
 * other URL, invalid ones included, left to the full parse.
 */
class NormalizedUrlFastPathTest {

    private static final List<IgnoredParameters> IGNORED = List.of(
            IgnoredParameters.DEFAULT,
            IgnoredParameters.NONE,
            IgnoredParameters.of(List.of("*")),
            IgnoredParameters.of(List.of("x", "p*")));

    static Stream<String> tricky() {
        return Stream.of(
                // plain
                "http://a.org",
                "http://a.org/",
                "https://a.org/x/y/p.html",
                "http://h1.site0.example/p12.html",
                "http://a.org?x=1",
                "http://a.org#f",
                "http://a.org/?",
                "http://a.org/#",
                "http://a.org/x?#",
                "http://a/",
                "http://1.2.3.4/x",
                "http://1.2.3/x",
                "http://a.1/x",
                "http://a-/x",
                "http://-a/x",
                "http://a..b/x",
                "http://a.org../x",
                "http://a.org./",
                "http://a.org.:80/",
                "http://./",
                "http://../",
                "http://.a/",
                "http://a.",
                "http://0/",
                // case
                "HTTP://a.org/",
                "Http://A.org/X",
                "http://A.ORG/Path/File.HTML",
                "https://WWW.Example.COM:8443/A?B=C#D",
                // ports
                "http://a.org:80/x",
                "https://a.org:443/x",
                "http://a.org:443/x",
                "https://a.org:80/x",
                "http://a.org:8080",
                "http://a.org:/x",
                "http://a.org:0/",
                "http://a.org:080/",
                "http://a.org:0080/",
                "http://a.org:08080/",
                "http://a.org:65535/",
                "http://a.org:65536/",
                "http://a.org:99999/",
                "http://a.org:123456/",
                "http://a.org:1a/",
                "http://a.org:-1/",
                "http://a.org::80/",
                "http://a.org:80:80/",
                "https://A.Org.:8443/x",
                "http://a_b.org:99999/",
                "http://a_b.org:8080/x",
                "http://a_b.org:/x",
                // user info
                "http://user@a.org/x",
                "http://user:pw@a.org:80/x",
                "http://@a.org/",
                "http://u@/x",
                "http://a@b@c.org/",
                // IPv6 and odd hosts
                "http://[::1]/x",
                "http://[::1]:8080/x",
                "http://[fe80::1%25eth0]/",
                "http://[::1/",
                "http://a_b.example/x",
                "http://A_B.example/",
                "http://a b.org/",
                "http://a%20b.org/",
                "http://a.org%2F/",
                "http:///x",
                "http://",
                "http:",
                "http:/a.org/x",
                "http:a.org/x",
                // IDN
                "http://bücher.example/x",
                "http://xn--bcher-kva.example/x",
                "http://例え.テスト/パス",
                "http://a.org/café",
                "http://a.org/?q=é",
                // percent-encoding
                "http://a.org/%7Euser/",
                "http://a.org/%7euser/",
                "http://a.org/a%2Fb",
                "http://a.org/%",
                "http://a.org/%4",
                "http://a.org/%zz",
                "http://a.org/%41%42",
                "http://a.org/?q=%7e&r=%2f",
                "http://a.org/?%",
                "http://a.org/?q=%4",
                "http://a.org/#%",
                "http://a.org/#%41",
                "http://a.org/?a=%26&b=%3D",
                "http://a.org/%2E/x",
                "http://a.org/%2E%2E/x",
                // dot segments and slashes
                "http://a.org/a/./b/../c/p.html",
                "http://a.org/a/b/..",
                "http://a.org/./x",
                "http://a.org/..",
                "http://a.org/../x",
                "http://a.org/../../x",
                "http://a.org/.",
                "http://a.org/a/.",
                "http://a.org/a/..?q",
                "http://a.org/a/.#f",
                "http://a.org/.a/..b/c.",
                "http://a.org/a./b../...",
                "http://a.org//x///y//p.html",
                "http://a.org///",
                "http://a.org//",
                "http://a.org/x//",
                "http://a.org/..;x=1",
                "http://a.org/..;jsessionid=1/x",
                "http://a.org/.;jsessionid=1/x",
                "http://a.org/a/;jsessionid=1/b",
                "http://a.org/;jsessionid=1",
                // path parameters
                "http://a.org/cart.do;jsessionid=ABC?x=1",
                "http://a.org/a;b=c;JSESSIONID=d/e",
                "http://a.org/a;x/b;p1=2",
                "http://a.org/;",
                "http://a.org/a;;b",
                // query
                "http://a.org/?b=2&a=1",
                "http://a.org/?a=2&a=1&a",
                "http://a.org/?utm_source=x&id=1",
                "http://a.org/?&&a=1&",
                "http://a.org/?a==b",
                "http://a.org/?a=1?b=2",
                "http://a.org/?a=/x/y",
                "http://a.org/?q=[1]",
                "http://a.org/?q=a+b",
                "http://a.org/?q=a b",
                "http://a.org/?q=a|b",
                "http://a.org/?q=\"x\"",
                "http://a.org/?q=<x>",
                "http://a.org/?q={x}",
                "http://a.org/?q=a\\b",
                "http://a.org/?q=a^b",
                "http://a.org/?q=a`b",
                "http://a.org/?Sid=1&SID=2",
                "http://a.org/?x",
                "http://a.org/?x=",
                "http://a.org/?p1=1&q=2",
                "http://a.org/?;a=1",
                "http://a.org/?a=1;b=2",
                "http://a.org/?a='()*!~$,:@",
                // fragment
                "http://a.org/x#a#b",
                "http://a.org/x#a b",
                "http://a.org/x#a?b/c",
                "http://a.org/x#[a]",
                "http://a.org/x#",
                // characters to escape, and others
                "http://a.org/a b",
                "http://a.org/a|b",
                "http://a.org/a\"b",
                "http://a.org/a<b>",
                "http://a.org/a\\b",
                "http://a.org/a^b",
                "http://a.org/a`b",
                "http://a.org/a{b}",
                "http://a.org/a[b]",
                "http://a.org/a\tb",
                "http://a.org/a\u0001b",
                "http://a.org/a\u007Fb",
                "http://a.org/a'b(c)*d!e~f$g,h:i@j&k=l+m",
                "http://a.org/_~",
                "http://a.org/a%20b c",
                // white space, schemes, junk
                "  http://a.org/x  ",
                "http://a.org/x ",
                " http://a.org/x",
                "http://a.org/x\n",
                "http://a.org/x\t",
                "ftp://a.org/x",
                "mailto:a@b.org",
                "https:",
                "//a.org/x",
                "/x/y",
                "x",
                "",
                " ",
                "http://a.org/\u00a0",
                "https://a.org\\x",
                "http://a.org?x#y?z");
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("tricky")
    void theFastPathGivesWhatTheFullParseGivesOrLeavesTheUrlToIt(String url) {
        for (IgnoredParameters ignored : IGNORED) {
            assertSame(url, ignored);
        }
    }

    @Test
    void takesThePlainUrlsOfACrawl() {
        for (String url : List.of(
                "http://a.org",
                "https://h1.site0.example/p12.html",
                "http://a.org:8080/x/y?b=2&a=1#top",
                "https://A.Org./x;jsessionid=1",
                "http://a.org/%7Euser/?q=%2f")) {
            assertThat(NormalizedUrl.parsePlain(url, IgnoredParameters.DEFAULT))
                    .as(url)
                    .isNotNull();
        }
    }

    /** Random URLs of tricky pieces, and random edits of them (a seed: the same URLs each run). */
    @Test
    void randomUrlsOfTrickyPieces() {
        String[] schemes = {"http://", "https://", "HTTP://", "http:/", "ftp://", "http:// "};
        String[] hosts = {
            "a.org",
            "A.Org",
            "a.org.",
            "www.a.org",
            "a_b.org",
            "1.2.3.4",
            "[::1]",
            "u:p@a.org",
            "",
            "a..b",
            "-a.org",
            "bü.org",
            "a.org:",
            "a.org:80",
            "a.org:443",
            "a.org:08080",
            "a.org:70000",
            "a.org:123456"
        };
        String[] segments = {
            "x",
            "X",
            ".",
            "..",
            "",
            "a b",
            "%7E",
            "%7e",
            "%2F",
            "%",
            "%4",
            "a;b=c",
            "a;jsessionid=1",
            ";sid=2",
            "é",
            "a|b",
            "[a]",
            "~u",
            "p.html",
            "..x",
            ".x",
            "a:b",
            "a@b",
            "a+b&c=d"
        };
        String[] queries = {
            "",
            "?",
            "?a=1",
            "?b=2&a=1",
            "?utm_source=x",
            "?a=%7e&b=%2F",
            "?a",
            "?a=",
            "?&",
            "?q=a b",
            "?q=[1]",
            "?q=%",
            "?a=1;b",
            "?x?y"
        };
        String[] fragments = {"", "#", "#f", "#a b", "#a#b", "#%41", "#%", "#[x]", "#?/"};
        SplittableRandom random = new SplittableRandom(10);
        List<String> urls = new ArrayList<>();
        for (int n = 0; n < 10_000; n++) {
            StringBuilder url = new StringBuilder(pick(random, schemes)).append(pick(random, hosts));
            for (int s = random.nextInt(5); s > 0; s--) {
                url.append('/').append(pick(random, segments));
            }
            url.append(pick(random, queries)).append(pick(random, fragments));
            if (random.nextInt(3) == 0) { // a random character somewhere
                int at = random.nextInt(url.length() + 1);
                url.insert(at, (char) (random.nextBoolean() ? random.nextInt(32, 127) : random.nextInt(0, 0x3000)));
            }
            urls.add(url.toString());
        }
        int plain = 0;
        for (String url : urls) {
            for (IgnoredParameters ignored : IGNORED) {
                assertSame(url, ignored);
            }
            plain += NormalizedUrl.parsePlain(url, IgnoredParameters.DEFAULT) != null ? 1 : 0;
        }
        assertThat(plain)
                .as("URLs the fast path took")
                .isGreaterThan(urls.size() / 10)
                .isLessThan(urls.size());
    }

    /** One of the values, the first (a plain piece) half of the time: so that many URLs are plain ones. */
    private static String pick(SplittableRandom random, String[] values) {
        return values[random.nextBoolean() ? 0 : random.nextInt(values.length)];
    }

    /** parse gives what parseAny gives, or throws what it throws; parsePlain, when it answers, the same. */
    private static void assertSame(String url, IgnoredParameters ignored) {
        Object full = outcome(() -> NormalizedUrl.parseAny(url, ignored));
        assertThat(outcome(() -> NormalizedUrl.parse(url, ignored)))
                .as("parse(%s) with %s", url, ignored)
                .isEqualTo(full);
        NormalizedUrl plain = NormalizedUrl.parsePlain(url, ignored);
        if (plain != null) {
            assertThat(plain).as("parsePlain(%s) with %s", url, ignored).isEqualTo(full);
        }
    }

    private interface Parse {
        NormalizedUrl get() throws InvalidUrlException;
    }

    /** The URL parsed, or the exception's class and message. */
    private static Object outcome(Parse parse) {
        try {
            return parse.get();
        } catch (InvalidUrlException | RuntimeException e) {
            return e.getClass().getName() + ": " + e.getMessage();
        }
    }
}
