package org.reusedetector.cli;

import static org.reusedetector.detection.TestPages.html;
import static org.reusedetector.detection.TestPages.pageJson;
import static org.reusedetector.detection.TestPages.paragraph;

import java.io.BufferedWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.reusedetector.detection.DetectionWorkflowITCase;
import org.reusedetector.format.Json;
import org.reusedetector.format.JsonLines;
import org.reusedetector.model.SourceRecord;

/**
 * The regression corpus of hostile page records: a good crawl with a copied site (from {@link DetectionWorkflowITCase})
 * and, mixed in, records that once crashed a backfill, hung a stream, vanished or were silently accepted. Each hostile
 * record carries a token ({@code case-NN}) in its first chars, so that its dead letter (or its alert) can be found
 * whatever the command writes as origin. {@link #EXPECTED} says what becomes of each: a dead-letter reason, or
 * {@link #SCORED} for a page that must be scored (and, as each such page copies two labelled paragraphs, alerted).
 */
final class HostileInput {
    private HostileInput() {}

    static final String SCORED = "scored";
    /** The body limit the commands run with, so that {@code case-14} is a line over it. */
    static final int MAX_BODY_BYTES = 200_000;
    /** A password in URLs, which must not appear in any output. */
    static final String SECRET = "s3cret-pw";

    private static final String LONE = "LONE_SURROGATE";
    private static final Pattern TOKEN = Pattern.compile("case-\\d\\d");

    /** What becomes of each hostile record, by token. */
    static final Map<String, String> EXPECTED = new LinkedHashMap<>();
    /** Where each scored record's page alert points (the URL as reported: no credentials, ASCII host). */
    static final Map<String, String> ALERTED_URLS = new LinkedHashMap<>();

    private static final List<String> LINES = new ArrayList<>();

    static {
        add(
                "case-01",
                copied("https://copy.example/docs/case-01-" + LONE + ".html"),
                "invalid-url"); // once crashed detect and hung stream
        add("case-02", copied("ftp://files.example/case-02/" + LONE), "invalid-url");
        add("case-03", copied("https://loop.example/a/a/a/a/case-03" + LONE + ".html"), "invalid-url");
        add(
                "case-04",
                copied("https://two.example/case-04a.html") + copied("https://two.example/case-04b.html"),
                "invalid-json");
        add("case-05", copied("https://trail.example/case-05.html") + " and then some", "invalid-json");
        add(
                "case-06",
                "{\"url\":\"https://types.example/case-06.html\",\"fetched_at\":\"2026-01-01T00:00:00Z\",\"body\":42}",
                "invalid-field");
        add(
                "case-07",
                "{\"url\":\"https://types.example/case-07.html\",\"fetched_at\":\"2026-01-01T00:00:00Z\",\"body\":{\"html\":\"<p>x</p>\"}}",
                "invalid-field");
        add(
                "case-08",
                copied("https://types.example/case-08.html").replace("\"status\":200", "\"status\":200.5"),
                "invalid-field");
        add("case-09", copied("https://ports.example:0/case-09.html"), "invalid-url");
        add("case-10", copied("https://ports.example:99999/case-10.html"), "invalid-url");
        add("case-11", copied("https://bücher.example/case-11/p.html"), SCORED);
        ALERTED_URLS.put("case-11", "https://xn--bcher-kva.example/case-11/p.html");
        add("case-12", copied("https://user:" + SECRET + "@creds.example/case-12/p.html"), SCORED);
        ALERTED_URLS.put("case-12", "https://creds.example/case-12/p.html");
        add(
                "case-13",
                pageJson(
                        "https://repair.example/case-13.html",
                        "2026-01-01T00:00:00Z",
                        html(
                                paragraph("expert-2-a"),
                                paragraph("expert-2-b"),
                                "broken " + LONE + " text " + paragraph("own-13"))),
                SCORED);
        ALERTED_URLS.put("case-13", "https://repair.example/case-13.html");
        // the url first, so that the start of the line kept with its dead letter names it
        add(
                "case-14",
                "{\"url\":\"https://huge.example/case-14.html\",\"fetched_at\":\"2026-01-01T00:00:00Z\",\"body\":"
                        + Json.write(html(paragraph("expert-3-a"), "x".repeat(2 * MAX_BODY_BYTES + 70_000))) + "}",
                "body-too-large");
        add("case-15", copied("https://loop.example/b/b/b/b/case-15.html"), "crawler-recursion");
        add(
                "case-16",
                "{\"case\":\"case-16\",\"fetched_at\":\"2026-01-01T00:00:00Z\",\"body\":\"<p>no url</p>\"}",
                "missing-field");
        add("case-17", "case-17 is not JSON {", "invalid-json");
        add(
                "case-18",
                copied("https://extra.example/case-18.html").replace("{\"", "{\"note\":\"odd " + LONE + " value\",\""),
                SCORED);
        ALERTED_URLS.put("case-18", "https://extra.example/case-18.html");
        add("case-19", copied("ftp://user:" + SECRET + "@files.example/case-19/"), "invalid-url");
        add("case-20", "[\"case-20\", \"an array\"]", "invalid-json");
        add(
                "case-21",
                "{\"url\":\"https://dup.example/case-21a.html\",\"url\":\"https://dup.example/case-21b.html\",\"fetched_at\":\"2026-01-01T00:00:00Z\","
                        + "\"body\":\"<p>two urls</p>\"}",
                "invalid-json");
        add("case-22", copied("https://user:" + SECRET + "@bad host.example:99/case-22/"), "invalid-url");
    }

    private static void add(String token, String line, String expected) {
        // a lone surrogate as JSON writes it (\ud800): valid JSON text, invalid Unicode once decoded
        LINES.add(line.replace(LONE, "\\ud800"));
        EXPECTED.put(token, expected);
    }

    /** A page that copies two labelled paragraphs (badness 2/3: a page alert) and one of its own. */
    private static String copied(String url) {
        return pageJson(
                url,
                "2026-01-01T00:00:00Z",
                html(paragraph("expert-1-a"), paragraph("expert-1-b"), paragraph("own-" + url)));
    }

    /** The good crawl and the hostile records, interleaved. */
    static List<String> lines() {
        List<String> lines = new ArrayList<>();
        List<SourceRecord> good = DetectionWorkflowITCase.corpus();
        int hostile = 0;
        for (int i = 0; i < good.size(); i++) {
            lines.add(good.get(i).value());
            if (i % 3 == 0 && hostile < LINES.size()) {
                lines.add(LINES.get(hostile++));
            }
        }
        lines.addAll(LINES.subList(hostile, LINES.size()));
        return lines;
    }

    static void write(Path file) throws Exception {
        try (BufferedWriter writer = JsonLines.writer(file)) {
            for (String line : lines()) {
                writer.write(line);
                writer.newLine();
            }
        }
    }

    static void writeLabels(Path file) throws Exception {
        try (BufferedWriter writer = JsonLines.writer(file)) {
            for (SourceRecord label : DetectionWorkflowITCase.labels()) {
                if (label.value().contains("\"kind\"")) {
                    writer.write(label.value());
                    writer.newLine();
                }
            }
        }
    }

    /** The case token in a dead letter's text, or null for a dead letter of the good crawl. */
    static String token(String text) {
        Matcher m = TOKEN.matcher(text);
        return m.find() ? m.group() : null;
    }

    /** The expected dead-letter reasons, by token. */
    static Map<String, String> expectedDeadLetters() {
        Map<String, String> dead = new LinkedHashMap<>(EXPECTED);
        dead.values().removeIf(SCORED::equals);
        return dead;
    }
}
