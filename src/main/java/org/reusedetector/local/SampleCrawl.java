package org.reusedetector.local;

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
 * A small generated crawl for the embedded default, so that {@code stream} shows what it does on a fresh
 * machine: an expert reference site, unrelated sites built with the same template, two sites that clone part
 * of the reference under {@code /wiki/}, a phishing copy of the reference's login page, and a few broken
 * records for the dead letters. Deterministic.
 */
public final class SampleCrawl {

    public static final String REFERENCE_HOST = "docs.example-reference.org";

    private static final String[] WORDS = ("the a of and to in is for on with as by that this from it be are at or an was which "
            + "configuration module server client request response cache index record stream batch label chunk hash page site "
            + "neighbourhood archive crawler parser network protocol storage checkpoint partition broker topic consumer producer "
            + "latency throughput memory thread process kernel package release version document section example reference guide").split(" ");

    private final Random random = new Random(42);
    private final List<String> pages = new ArrayList<>();
    private final List<String> reference = new ArrayList<>();
    private Instant clock = Instant.parse("2026-01-01T00:00:00Z");

    /** Writes {@code pages.jsonl.gz} and {@code reference.jsonl.gz} into the directory; returns the two paths. */
    public static Path[] write(Path dir) throws IOException {
        SampleCrawl crawl = new SampleCrawl();
        crawl.generate();
        Path pagesFile = dir.resolve("pages.jsonl.gz");
        Path referenceFile = dir.resolve("reference.jsonl.gz");
        writeLines(pagesFile, crawl.pages);
        writeLines(referenceFile, crawl.reference);
        return new Path[] {pagesFile, referenceFile};
    }

    private void generate() {
        String template = "<div class=\"nav\">" + sentence(30) + "</div>";
        Map<String, String> referencePages = new LinkedHashMap<>();
        for (int i = 0; i < 20; i++) {
            String path = i == 0 ? "login.html" : "guide/topic-" + i + ".html";
            referencePages.put(path, html("Topic " + i, template, paragraphs(5)));
        }
        referencePages.forEach((path, body) -> reference.add(record("https://" + REFERENCE_HOST + "/" + path, body)));

        List<String> crawl = new ArrayList<>();
        for (int h = 0; h < 6; h++) { // unrelated sites made with the same tools: same template, own content
            for (int i = 0; i < 12; i++) {
                crawl.add(record("https://site" + h + ".example.net/docs/page-" + i + ".html", html("Page " + i, template, paragraphs(5))));
            }
        }
        for (int h = 0; h < 2; h++) { // clones: ripped reference pages under /wiki/, own pages under /own/
            int k = 0;
            for (Map.Entry<String, String> page : referencePages.entrySet()) {
                if (k++ % 2 == h) {
                    crawl.add(record("https://wiki" + h + ".clone-farm.example/wiki/" + page.getKey(), page.getValue()));
                }
            }
            for (int i = 0; i < 6; i++) {
                crawl.add(record("https://wiki" + h + ".clone-farm.example/own/post-" + i + ".html", html("Post " + i, "", paragraphs(4))));
            }
        }
        String login = referencePages.get("login.html");
        crawl.add(record("https://secure-login.verify-account.example/login.html", login.replace("<head>", "<head><style>body{color:#123}</style>")));
        crawl.add(record("https://mirror.example.org/login.html", login));
        Collections.shuffle(crawl, random);
        pages.addAll(crawl);
        pages.add("{\"url\": \"https://broken.example/\", \"body\": ");
        pages.add(Json.write(Map.of("url", "https://files.example/report.pdf", "fetched_at", "2026-01-01T00:00:00Z",
                "content_type", "application/pdf", "body", "%PDF-1.7")));
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
