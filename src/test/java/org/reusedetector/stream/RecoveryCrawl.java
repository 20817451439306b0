package org.reusedetector.stream;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.reusedetector.format.Json;
import org.reusedetector.local.SyntheticPages;

/**
 * A generated crawl of a few hundred pages for the recovery tests, small enough that a run takes seconds:
 * an expert site (the labels' reference), unrelated sites built with the same template, clone sites with ripped
 * reference pages beside pages of their own, a phishing copy and a mirror of the login page, and broken records
 * of several dead-letter reasons. Every copy is far above any neighbourhood threshold and every unrelated site
 * far below, so that the alerts do not depend on the order in which the pages arrive. Deterministic.
 */
final class RecoveryCrawl {

    /** The generated files and what they hold. */
    record Files(Path pages, Path reference, int records, int brokenRecords) {}

    private final SyntheticPages gen = new SyntheticPages(7, Instant.parse("2026-02-01T00:00:00Z"));
    private final List<String> pages = new ArrayList<>();
    private final List<String> reference = new ArrayList<>();

    /**
     * @param unrelatedSites sites of {@code pagesPerSite} pages each, own content under the shared template
     * @param cloneSites sites with 20 ripped reference pages under {@code /wiki/} and 8 own posts each
     */
    static Files write(Path dir, int unrelatedSites, int pagesPerSite, int cloneSites) throws IOException {
        RecoveryCrawl crawl = new RecoveryCrawl();
        int broken = crawl.generate(unrelatedSites, pagesPerSite, cloneSites);
        Path pagesFile = dir.resolve("pages.jsonl.gz");
        Path referenceFile = dir.resolve("reference.jsonl.gz");
        SyntheticPages.writeLines(pagesFile, crawl.pages);
        SyntheticPages.writeLines(referenceFile, crawl.reference);
        return new Files(pagesFile, referenceFile, crawl.pages.size(), broken);
    }

    private int generate(int unrelatedSites, int pagesPerSite, int cloneSites) {
        String template = "<div class=\"nav\">" + gen.sentence(30) + "</div>";
        Map<String, String> referencePages = new LinkedHashMap<>();
        for (int i = 0; i < 40; i++) {
            String path = i == 0 ? "login.html" : "guide/topic-" + i + ".html";
            referencePages.put(path, SyntheticPages.html("Topic " + i, template, gen.paragraphs(6)));
        }
        referencePages.forEach(
                (path, body) -> reference.add(gen.record("https://docs.reference.example/" + path, body)));

        List<String> crawl = new ArrayList<>();
        for (int h = 0; h < unrelatedSites; h++) {
            for (int i = 0; i < pagesPerSite; i++) {
                crawl.add(gen.record(
                        "https://site" + h + ".example.net/docs/page-" + i + ".html",
                        SyntheticPages.html("Page " + i, template, gen.paragraphs(5))));
            }
        }
        List<Map.Entry<String, String>> ripped = new ArrayList<>(referencePages.entrySet());
        for (int h = 0; h < cloneSites; h++) {
            for (int k = 0; k < 20; k++) {
                Map.Entry<String, String> page = ripped.get((h * 7 + k) % ripped.size());
                crawl.add(
                        gen.record("https://wiki" + h + ".clone-farm.example/wiki/" + page.getKey(), page.getValue()));
            }
            for (int i = 0; i < 8; i++) {
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
        // broken records, each a dead letter of its own reason
        crawl.add("{\"url\": \"https://broken.example/\", \"body\": ");
        crawl.add(Json.write(Map.of(
                "url",
                "https://files.example/report.pdf",
                "fetched_at",
                "2026-02-01T00:00:00Z",
                "content_type",
                "application/pdf",
                "body",
                "%PDF-1.7")));
        crawl.add(Json.write(Map.of("fetched_at", "2026-02-01T00:00:00Z", "body", "<p>no url</p>")));
        crawl.add(Json.write(Map.of(
                "url",
                "not a url",
                "fetched_at",
                "2026-02-01T00:00:00Z",
                "content_type",
                "text/html",
                "body",
                "<p>x</p>")));
        Collections.shuffle(crawl, gen.random());
        pages.addAll(crawl);
        return 4;
    }
}
