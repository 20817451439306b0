package org.reusedetector.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.reusedetector.model.PageRecord;

/**
 * The one-pass scanner against Jackson's reading: on every record, well formed or not, {@link PageRecordParser#parse}
 * (scanner first) gives what {@link PageRecordParser#parseTree} (Jackson alone) gives, the same record or the same
 * rejection, and {@link PageRecordParser#parseKeepingBody} the same body.
 */
class PageRecordScannerTest {

    private static final String HEAD = "{\"url\": \"https://a.org/x/p.html\", \"fetched_at\": \"2024-03-01T12:00:00Z\","
            + " \"status\": 200, \"content_type\": \"text/html\", \"body\": ";

    static List<String> records() {
        List<String> records = new ArrayList<>(List.of(
                HEAD + "\"<p>hello</p>\"}",
                HEAD + "\"<p class=\\\"a\\\">x\\ny\\tz\\r\\b\\f\\/\\\\</p>\"}",
                HEAD + "\"caf\\u00e9 \\u00E9 \\u20ac \\ud83d\\ude00 pair\"}",
                HEAD + "\"lone high \\ud83d then text\"}",
                HEAD + "\"lone low \\ude00\"}",
                HEAD + "\"high at end \\ud83d\"}",
                HEAD + "\"raw pair \uD83D\uDE00 and raw lone \uD83D.\"}",
                HEAD + "\"non-ASCII é ü 中文 \u0080 \u07ff \u0800\"}",
                HEAD + "\"\"}",
                HEAD + "\"x\", \"crawl\": \"c1\", \"depth\": 3, \"ok\": true, \"none\": null, \"f\": 1.50}",
                HEAD + "\"x\", \"nested\": {\"a\": [1, 2]}}",
                HEAD + "\"x\", \"bad\": tru}",
                HEAD + "\"x\", \"bad\": 01}",
                HEAD + "\"x\", \"u\\u0072l\": \"https://b.org/\"}",
                HEAD + "\"x\", \"body\": \"y\"}",
                HEAD + "\"x\"} ",
                HEAD + "\"x\"}\n",
                HEAD + "\"x\"} {}",
                HEAD + "\"x\"}x",
                HEAD + "\"x\"",
                HEAD + "\"x}",
                HEAD + "\"a\u0001b\"}",
                HEAD + "\"a\tb\"}",
                HEAD + "\"bad escape \\x41\"}",
                HEAD + "\"bad unicode \\u12G4\"}",
                HEAD + "\"short unicode \\u12\"}",
                HEAD + "null}",
                HEAD + "42}",
                HEAD + "[\"x\"]}",
                "  {\"body\": \"<p>b</p>\", \"url\": \"https://a.org/\", \"fetched_at\": \"2024-03-01T12:00:00Z\"}  ",
                "{\"url\":\"https://a.org/\",\"fetched_at\":\"2024-03-01T12:00:00Z\",\"body\":\"x\",\"status\":\"200\"}",
                "{\"url\":\"https://a.org/\",\"fetched_at\":\"2024-03-01T12:00:00Z\",\"body\":\"x\",\"status\":200.0}",
                "{\"url\":\"https://a.org/\",\"fetched_at\":\"2024-03-01T12:00:00Z\",\"body\":\"x\",\"status\":404}",
                "{\"url\":\"https://a.org/\",\"fetched_at\":\"2024-03-01T12:00:00Z\",\"body\":\"x\",\"status\":-200}",
                "{\"url\":\"https://a.org/\",\"fetched_at\":\"2024-03-01T12:00:00Z\",\"body\":\"x\",\"status\":0200}",
                "{\"url\":\"https://a.org/\",\"fetched_at\":\"2024-03-01T12:00:00Z\",\"body\":\"x\",\"status\":2e2}",
                "{\"url\":\"https://a.org/\",\"fetched_at\":\"2024-03-01T12:00:00Z\",\"body\":\"x\",\"status\":null}",
                "{\"url\":\"https://a.org/\",\"fetched_at\":\"2024-03-01T12:00:00Z\",\"body\":\"x\",\"status\":99999999999}",
                "{\"url\":\"https://a.org/\",\"fetched_at\":\"2024-03-01T12:00:00+02:00\",\"body\":\"x\"}",
                "{\"url\":\"https://a.org/\",\"fetched_at\":\"3024-03-01T12:00:00Z\",\"body\":\"x\"}",
                "{\"url\":\"https://a.org/\",\"fetched_at\":\"yesterday\",\"body\":\"x\"}",
                "{\"url\":\"https://a.org/\",\"fetched_at\":5,\"body\":\"x\"}",
                "{\"url\":\"https://a.org/\",\"body\":\"x\"}",
                "{\"url\":\"  \",\"fetched_at\":\"2024-03-01T12:00:00Z\",\"body\":\"x\"}",
                "{\"url\":\"not a url\",\"fetched_at\":\"2024-03-01T12:00:00Z\",\"body\":\"x\"}",
                "{\"url\":\"https://a.org/\\ud800\",\"fetched_at\":\"2024-03-01T12:00:00Z\",\"body\":\"x\"}",
                "{\"url\":\"https://user:pw@A.org/\",\"fetched_at\":\"2024-03-01T12:00:00Z\",\"body\":\"x\"}",
                "{\"url\":\"https://a.org/\",\"fetched_at\":\"2024-03-01T12:00:00Z\",\"body\":\"x\",\"content_type\":\"application/pdf\"}",
                "{\"url\":\"https://a.org/\",\"fetched_at\":\"2024-03-01T12:00:00Z\",\"body\":\"x\",\"content_type\":\"Text/HTML; charset=x\\ud800\"}",
                "{\"url\":\"https://a.org/\",\"fetched_at\":\"2024-03-01T12:00:00Z\",\"body\":\"x\",\"content_type\":null}",
                "{\"url\":\"https://a.org/\",\"fetched_at\":\"2024-03-01T12:00:00Z\",\"body\":\"x\",\"reader_error\":\"body-too-large\"}",
                "{\"url\":\"https://a.org/\",\"fetched_at\":\"2024-03-01T12:00:00Z\",\"body\":\"x\",\"extra\":\"\\ud800\"}",
                "{\"url\":\"https://a.org/\",\"fetched_at\":\"2024-03-01T12:00:00Z\",\"body\":\"" + "é".repeat(400)
                        + "\"}",
                "{\"url\":\"https://a.org/\",\"fetched_at\":\"2024-03-01T12:00:00Z\",\"body\":\"" + "é".repeat(600)
                        + "\"}",
                "{\"url\":\"https://a.org/\",\"fetched_at\":\"2024-03-01T12:00:00Z\",\"body\":\""
                        + "\\ud83d\\ude00".repeat(250) + "\"}",
                "{\"url\":\"https://a.org/\",\"fetched_at\":\"2024-03-01T12:00:00Z\",\"body\":\""
                        + "\\ud83d".repeat(333) + "\"}",
                "{\"url\":\"https://a.org/\",\"fetched_at\":\"2024-03-01T12:00:00Z\",\"body\":\""
                        + "\\ud83d".repeat(334) + "\"}",
                "{}",
                "[]",
                "",
                "   ",
                "{\"url\": }",
                "{\"url\" \"x\"}",
                "{'url': 'x'}",
                "{\"url\":\"https://a.org/\",}",
                "{\"url\":\"https://a.org/\" /* c */, \"fetched_at\":\"2024-03-01T12:00:00Z\",\"body\":\"x\"}",
                "\uFEFF{\"url\":\"https://a.org/\",\"fetched_at\":\"2024-03-01T12:00:00Z\",\"body\":\"x\"}"));
        return records;
    }

    @ParameterizedTest
    @MethodSource("records")
    void scannerAgreesWithJackson(String json) {
        assertSame(json);
    }

    /** Every record of many random edits of a valid one, each a char JSON gives meaning to, inserted, deleted or replaced. */
    @Test
    void scannerAgreesWithJacksonOnMutatedRecords() {
        String base = HEAD.replace("\"status\": 200, ", "\"status\": 200, \"crawl\": \"c\", \"n\": 12, ")
                + "\"<p class=\\\"a\\\">x\\u00e9\\n\\ud83d\\ude00 y</p>\"}";
        String alphabet = "{}[]:,\"\\ u0123456789abcdefnrtlsx.-+eE\t\n\u0001\uD83D\uDE00é";
        Random random = new Random(42);
        for (int i = 0; i < 20_000; i++) {
            StringBuilder mutated = new StringBuilder(base);
            for (int edits = 1 + random.nextInt(3); edits > 0; edits--) {
                int at = random.nextInt(mutated.length());
                char c = alphabet.charAt(random.nextInt(alphabet.length()));
                switch (random.nextInt(3)) {
                    case 0 -> mutated.insert(at, c);
                    case 1 -> mutated.deleteCharAt(at);
                    default -> mutated.setCharAt(at, c);
                }
            }
            assertSame(mutated.toString());
        }
    }

    /** Every record of a real crawl, when one is there (see docs/evaluation.md for building the standard crawls). */
    @Test
    @EnabledIf("crawlPresent")
    void scannerAgreesWithJacksonOnACrawl() throws Exception {
        try (BufferedReader lines = new BufferedReader(
                new InputStreamReader(new GZIPInputStream(Files.newInputStream(crawl())), StandardCharsets.UTF_8))) {
            int n = 0;
            for (String line; (line = lines.readLine()) != null && n < 2000; n++) {
                assertSame(line);
            }
        }
    }

    static boolean crawlPresent() {
        return Files.isRegularFile(crawl());
    }

    private static Path crawl() {
        return Path.of(System.getProperty("user.home"), ".cache", "reuse-crawls", "javadoc", "pages.jsonl.gz");
    }

    private static void assertSame(String json) {
        PageRecordParser parser = new PageRecordParser(1000_000);
        PageRecordParser small = new PageRecordParser(1000);
        for (PageRecordParser p : List.of(parser, small)) {
            Object expected = outcome(() -> p.parseTree(json));
            Object actual = outcome(() -> p.parse(json));
            assertThat(actual).as("parse of %s", clip(json)).isEqualTo(expected);
            Object kept = outcome(() -> {
                PageRecord page = p.parseKeepingBody(json);
                return new PageRecord(
                        page.url(),
                        page.fetchedAt(),
                        page.fetchedAtMillis(),
                        page.status(),
                        page.contentType(),
                        new String(p.body(), 0, p.bodyLength()),
                        page.extraJson());
            });
            assertThat(kept).as("parseKeepingBody of %s", clip(json)).isEqualTo(expected);
        }
    }

    private static String clip(String json) {
        return json.length() <= 300 ? json : json.substring(0, 300) + "...";
    }

    private interface Parse {
        PageRecord run() throws PageRecordParser.Rejected;
    }

    private static Object outcome(Parse parse) {
        try {
            return parse.run();
        } catch (PageRecordParser.Rejected e) {
            return e.reason() + ": " + e.getMessage();
        }
    }
}
