package org.reusedetector.stream;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.reusedetector.format.Json;
import org.reusedetector.format.JsonLines;

/**
 * A generated crawl of a few hundred pages for the recovery tests, small enough that a run takes seconds:
 * an expert site (the labels' reference), unrelated sites built with the same template, clone sites with ripped
 * reference pages beside pages of their own, a phishing copy and a mirror of the login page, and broken records
 * of several dead-letter reasons. Every copy is far above any neighbourhood threshold and every unrelated site
 * far below, so that the alerts do not depend on the order in which the pages arrive. Deterministic.
 */
final class RecoveryCrawl {

    private static final String[] WORDS = ("the a of and to in is for on with as by that this from it be are at or an was which "
            + "configuration module server client request response cache index record stream batch label chunk hash page site "
            + "neighbourhood archive crawler parser network protocol storage checkpoint partition broker topic consumer producer "
            + "latency throughput memory thread process kernel package release version document section example reference guide "
            + "failure recovery restart barrier snapshot transaction offset commit isolation coordinator leader replica").split(" ");

    /** The generated files and what they hold. */
    record Files(Path pages, Path reference, int records, int brokenRecords) {}

    private final Random random = new Random(7);
    private final List<String> pages = new ArrayList<>();
    private final List<String> reference = new ArrayList<>();
    private Instant clock = Instant.parse("2026-02-01T00:00:00Z");

    /**
     * @param unrelatedSites sites of {@code pagesPerSite} pages each, own content under the shared template
     * @param cloneSites sites with 20 ripped reference pages under {@code /wiki/} and 8 own posts each
     */
    static Files write(Path dir, int unrelatedSites, int pagesPerSite, int cloneSites) throws IOException {
        RecoveryCrawl crawl = new RecoveryCrawl();
        int broken = crawl.generate(unrelatedSites, pagesPerSite, cloneSites);
        Path pagesFile = dir.resolve("pages.jsonl.gz");
        Path referenceFile = dir.resolve("reference.jsonl.gz");
        writeLines(pagesFile, crawl.pages);
        writeLines(referenceFile, crawl.reference);
        return new Files(pagesFile, referenceFile, crawl.pages.size(), broken);
    }

    private int generate(int unrelatedSites, int pagesPerSite, int cloneSites) {
        String template = "<div class=\"nav\">" + sentence(30) + "</div>";
        Map<String, String> referencePages = new LinkedHashMap<>();
        for (int i = 0; i < 40; i++) {
            String path = i == 0 ? "login.html" : "guide/topic-" + i + ".html";
            referencePages.put(path, html("Topic " + i, template, paragraphs(6)));
        }
        referencePages.forEach((path, body) -> reference.add(record("https://docs.reference.example/" + path, body)));

        List<String> crawl = new ArrayList<>();
        for (int h = 0; h < unrelatedSites; h++) {
            for (int i = 0; i < pagesPerSite; i++) {
                crawl.add(record("https://site" + h + ".example.net/docs/page-" + i + ".html", html("Page " + i, template, paragraphs(5))));
            }
        }
        List<Map.Entry<String, String>> ripped = new ArrayList<>(referencePages.entrySet());
        for (int h = 0; h < cloneSites; h++) {
            for (int k = 0; k < 20; k++) {
                Map.Entry<String, String> page = ripped.get((h * 7 + k) % ripped.size());
                crawl.add(record("https://wiki" + h + ".clone-farm.example/wiki/" + page.getKey(), page.getValue()));
            }
            for (int i = 0; i < 8; i++) {
                crawl.add(record("https://wiki" + h + ".clone-farm.example/own/post-" + i + ".html", html("Post " + i, "", paragraphs(4))));
            }
        }
        String login = referencePages.get("login.html");
        crawl.add(record("https://secure-login.verify-account.example/login.html", login.replace("<head>", "<head><style>body{color:#123}</style>")));
        crawl.add(record("https://mirror.example.org/login.html", login));
        // broken records, each a dead letter of its own reason
        crawl.add("{\"url\": \"https://broken.example/\", \"body\": ");
        crawl.add(Json.write(Map.of("url", "https://files.example/report.pdf", "fetched_at", "2026-02-01T00:00:00Z",
                "content_type", "application/pdf", "body", "%PDF-1.7")));
        crawl.add(Json.write(Map.of("fetched_at", "2026-02-01T00:00:00Z", "body", "<p>no url</p>")));
        crawl.add(Json.write(Map.of("url", "not a url", "fetched_at", "2026-02-01T00:00:00Z", "content_type", "text/html", "body", "<p>x</p>")));
        Collections.shuffle(crawl, random);
        pages.addAll(crawl);
        return 4;
    }

    private String record(String url, String body) {
        clock = clock.plus(Duration.ofSeconds(2));
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("url", url);
        record.put("fetched_at", clock.toString());
        record.put("status", 200);
        record.put("content_type", "text/html; charset=utf-8");
        record.put("body", body);
        return Json.write(record);
    }

    private static String html(String title, String template, List<String> paragraphs) {
        StringBuilder body = new StringBuilder("<!DOCTYPE html><html><head><title>").append(title).append("</title></head><body>").append(template);
        for (String p : paragraphs) {
            body.append("\n<p>").append(p).append("</p>");
        }
        return body.append("\n</body></html>").toString();
    }

    private List<String> paragraphs(int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(sentence(25 + random.nextInt(20)));
        }
        return out;
    }

    private String sentence(int words) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < words; i++) {
            s.append(i == 0 ? "" : " ").append(WORDS[random.nextInt(WORDS.length)]);
        }
        return Character.toUpperCase(s.charAt(0)) + s.substring(1) + ".";
    }

    private static void writeLines(Path file, List<String> lines) throws IOException {
        try (BufferedWriter writer = JsonLines.writer(file)) {
            for (String line : lines) {
                writer.write(line);
                writer.newLine();
            }
        }
    }
}
