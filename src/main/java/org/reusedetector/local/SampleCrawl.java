package org.reusedetector.local;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.reusedetector.format.Json;

/**
 * A small generated crawl for the embedded default, so that {@code stream} shows what it does on a fresh
 * machine: an expert reference site, unrelated sites built with the same template, two sites that clone part
 * of the reference under {@code /wiki/}, a phishing copy of the reference's login page, and a few broken
 * records for the dead letters. Deterministic.
 */
public final class SampleCrawl {

    public static final String REFERENCE_HOST = "docs.example-reference.org";

    private final SyntheticPages gen = new SyntheticPages(42, Instant.parse("2026-01-01T00:00:00Z"));
    private final List<String> pages = new ArrayList<>();
    private final List<String> reference = new ArrayList<>();

    /** Writes {@code pages.jsonl.gz} and {@code reference.jsonl.gz} into the directory; returns the two paths. */
    public static Path[] write(Path dir) throws IOException {
        SampleCrawl crawl = new SampleCrawl();
        crawl.generate();
        Path pagesFile = dir.resolve("pages.jsonl.gz");
        Path referenceFile = dir.resolve("reference.jsonl.gz");
        SyntheticPages.writeLines(pagesFile, crawl.pages);
        SyntheticPages.writeLines(referenceFile, crawl.reference);
        return new Path[] {pagesFile, referenceFile};
    }

    private void generate() {
        String template = "<div class=\"nav\">" + gen.sentence(30) + "</div>";
        Map<String, String> referencePages = new LinkedHashMap<>();
        for (int i = 0; i < 20; i++) {
            String path = i == 0 ? "login.html" : "guide/topic-" + i + ".html";
            referencePages.put(path, SyntheticPages.html("Topic " + i, template, gen.paragraphs(5)));
        }
        referencePages.forEach(
                (path, body) -> reference.add(gen.record("https://" + REFERENCE_HOST + "/" + path, body)));

        List<String> crawl = new ArrayList<>();
        for (int h = 0; h < 6; h++) { // unrelated sites made with the same tools: same template, own content
            for (int i = 0; i < 12; i++) {
                crawl.add(gen.record(
                        "https://site" + h + ".example.net/docs/page-" + i + ".html",
                        SyntheticPages.html("Page " + i, template, gen.paragraphs(5))));
            }
        }
        for (int h = 0; h < 2; h++) { // clones: ripped reference pages under /wiki/, own pages under /own/
            int k = 0;
            for (Map.Entry<String, String> page : referencePages.entrySet()) {
                if (k++ % 2 == h) {
                    crawl.add(gen.record(
                            "https://wiki" + h + ".clone-farm.example/wiki/" + page.getKey(), page.getValue()));
                }
            }
            for (int i = 0; i < 6; i++) {
                crawl.add(gen.record(
                        "https://wiki" + h + ".clone-farm.example/own/post-" + i + ".html",
                        SyntheticPages.html("Post " + i, "", gen.paragraphs(4))));
            }
        }
        String login = referencePages.get("login.html");
        crawl.add(gen.record(
                "https://secure-login.verify-account.example/login.html",
                login.replace("<head>", "<head><style>body{color:#123}</style>")));
        crawl.add(gen.record("https://mirror.example.org/login.html", login));
        Collections.shuffle(crawl, gen.random());
        pages.addAll(crawl);
        pages.add("{\"url\": \"https://broken.example/\", \"body\": ");
        pages.add(Json.write(Map.of(
                "url",
                "https://files.example/report.pdf",
                "fetched_at",
                "2026-01-01T00:00:00Z",
                "content_type",
                "application/pdf",
                "body",
                "%PDF-1.7")));
    }
}
