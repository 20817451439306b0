package org.reusedetector.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.reusedetector.detection.TestPages.page;
import static org.reusedetector.detection.TestPages.paragraph;

import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.detection.TestPages;
import org.reusedetector.format.Json;
import org.reusedetector.format.JsonLines;
import org.reusedetector.format.LabelFiles;
import org.reusedetector.model.DeadLetter;
import org.reusedetector.model.Label;
import org.reusedetector.model.SourceRecord;

/** index → discover → detect → report through the command line, on raw pages and on the hash index. */
class BatchCommandsITCase {

    @TempDir
    Path dir;

    static final String SPREAD = paragraph("copied onto four hosts");

    /** The content of a page that the farm copied along with {@link #SPREAD}. */
    static String copied(int page, int paragraph) {
        return paragraph("copied page " + page + " paragraph " + paragraph);
    }

    static final String TEMPLATE = paragraph("the footer of one site");

    private List<SourceRecord> corpus() {
        List<SourceRecord> pages = new ArrayList<>();
        for (int h = 0; h < 4; h++) {
            for (int i = 0; i < 3; i++) {
                pages.add(page(
                        "https://farm" + h + ".example/a/p" + i + ".html",
                        "2026-01-01T00:00:00Z",
                        SPREAD,
                        copied(i, 1),
                        copied(i, 2),
                        paragraph("own " + h + " " + i),
                        TEMPLATE.replace("one site", "site " + h)));
            }
        }
        for (int i = 0; i < 6; i++) { // a site whose own footer repeats on every page: a template, not a copy
            pages.add(page(
                    "https://plain.example/p" + i + ".html",
                    "2026-01-01T00:00:00Z",
                    paragraph("plain " + i),
                    TEMPLATE));
        }
        pages.add(page("https://loop.example/a/a/a/a/p.html", "2026-01-01T00:00:00Z", SPREAD));
        // a revisit (a rolling index holds every fetch), under a tracking parameter that URL identity drops: counted
        // once, as the latest fetch
        pages.add(page(
                "https://farm0.example/a/p0.html?utm_source=feed",
                "2026-01-02T00:00:00Z",
                SPREAD,
                copied(0, 1),
                copied(0, 2),
                paragraph("own 0 0"),
                TEMPLATE.replace("one site", "site 0")));
        pages.add(new SourceRecord("not json at all", "x"));
        return pages;
    }

    private static int run(String... args) {
        return Main.run(args);
    }

    @Test
    void indexDiscoverDetectAndReportFromTheCommandLine() throws Exception {
        Path pages = dir.resolve("crawl.jsonl.gz");
        try (BufferedWriter writer = JsonLines.writer(pages)) {
            for (SourceRecord record : corpus()) {
                writer.write(record.value());
                writer.newLine();
            }
        }
        String state = "job.state-dir=" + dir.resolve("state");
        assertThat(run(
                        "index",
                        "--input",
                        pages.toString(),
                        "--out",
                        dir.resolve("index").toString(),
                        "--set",
                        state))
                .isZero();
        assertThat(run(
                        "index",
                        "--input",
                        pages.toString(),
                        "--out",
                        dir.resolve("index").toString(),
                        "--set",
                        state))
                .isNotZero(); // no doubling
        assertThat(Files.list(dir.resolve("index")).filter(p -> p.toString().endsWith(".rdx")))
                .isNotEmpty();
        assertThat(Files.readAllLines(dir.resolve("index/_dead-letters.jsonl"))).hasSize(1);

        assertThat(run(
                        "discover",
                        "--input",
                        pages.toString(),
                        "--out",
                        dir.resolve("discover").toString(),
                        "--set",
                        state))
                .isZero();
        List<Label> labels = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve("discover/labels.jsonl"))) {
            labels.add(Json.read(line, Label.class));
        }
        // the seven paragraphs the farm's four hosts share are a copied site; the template stays out
        assertThat(labels)
                .extracting(Label::hash)
                .containsExactlyInAnyOrder(
                        TestPages.chunkHash(SPREAD),
                        TestPages.chunkHash(copied(0, 1)),
                        TestPages.chunkHash(copied(0, 2)),
                        TestPages.chunkHash(copied(1, 1)),
                        TestPages.chunkHash(copied(1, 2)),
                        TestPages.chunkHash(copied(2, 1)),
                        TestPages.chunkHash(copied(2, 2)));
        Label spread = labels.stream()
                .filter(l -> l.hash().equals(TestPages.chunkHash(SPREAD)))
                .findFirst()
                .orElseThrow();
        assertThat(spread.hosts()).isEqualTo(4L); // the recursion URL is not counted
        assertThat(spread.count()).isEqualTo(12L); // nor the revisit
        assertThat(spread.text()).startsWith("copied onto four hosts");
        assertThat(Files.readAllLines(dir.resolve("discover/recursion.jsonl")))
                .singleElement()
                .asString()
                .contains("loop.example");
        assertThat(Files.readString(dir.resolve("discover/histogram.csv"))).startsWith("kind,occurrences,items");

        assertThat(run(
                        "discover",
                        "--input",
                        dir.resolve("index").toString(),
                        "--out",
                        dir.resolve("discover-index").toString(),
                        "--previous",
                        dir.resolve("discover/labels.jsonl").toString(),
                        "--set",
                        state))
                .isZero();
        assertThat(Files.readAllLines(dir.resolve("discover-index/labels.jsonl")))
                .hasSize(7);
        assertThat(Files.readAllLines(dir.resolve("discover-index/label-changes.jsonl")))
                .isEmpty(); // same corpus: nothing changed

        Path labelsFile = dir.resolve("discover/labels.jsonl");
        assertThat(run(
                        "detect",
                        "--input",
                        pages.toString(),
                        "--labels",
                        labelsFile.toString(),
                        "--out",
                        dir.resolve("detect").toString(),
                        "--set",
                        state))
                .isZero();
        assertThat(run(
                        "detect",
                        "--input",
                        dir.resolve("index").toString(),
                        "--labels",
                        labelsFile.toString(),
                        "--out",
                        dir.resolve("detect-index").toString(),
                        "--set",
                        state))
                .isZero();
        assertThat(sorted(dir.resolve("detect/pages.jsonl")))
                .isEqualTo(sorted(dir.resolve("detect-index/pages.jsonl")));
        assertThat(sorted(dir.resolve("detect/pages.jsonl")))
                .hasSize(19) // every fetch is scored, but the crawler loop's
                .noneMatch(line -> line.contains("loop.example"));
        var summary = Json.MAPPER.readTree(dir.resolve("detect/summary.json").toFile());
        assertThat(summary.get("partial_targets").asLong())
                .isEqualTo(13); // 12 farm pages and the revisit; not the loop page
        assertThat(summary.get("pages_scored").asLong()).isEqualTo(19);
        assertThat(summary.get("dead_letters").asLong()).isEqualTo(2); // the bad record and the loop page
        // the loop page is counted and visible, from raw pages and from the index alike
        for (String run : List.of("detect", "detect-index")) {
            List<DeadLetter> dead = JsonLines.readAll(dir.resolve(run + "/dead-letters.jsonl"), DeadLetter.class);
            assertThat(dead)
                    .filteredOn(d -> d.reason().equals("crawler-recursion"))
                    .singleElement()
                    .satisfies(d -> {
                        assertThat(d.error())
                                .contains("'a' occurs 4 times")
                                .contains("https://loop.example/a/a/a/a/p.html");
                        // raw records are dead-lettered where they are parsed, with their file and line; an index
                        // keeps no record, only the URL
                        if (run.equals("detect")) {
                            assertThat(d.origin()).matches(".+\\.jsonl(\\.gz)?:\\d+");
                        } else {
                            assertThat(d.origin()).isEqualTo("https://loop.example/a/a/a/a/p.html");
                        }
                    });
            assertThat(Files.readString(dir.resolve(run + "/alerts.jsonl"))).doesNotContain("loop.example");
        }
        assertThat(Files.readAllLines(dir.resolve("detect/neighborhoods.jsonl")))
                .isNotEmpty();

        assertThat(run("report", "--in", dir.resolve("detect").toString())).isZero();
        assertThat(Files.readString(dir.resolve("detect/report.html"))).contains("<img");
        assertThat(run("report", "--in", dir.resolve("discover").toString())).isZero();
        assertThat(dir.resolve("discover/report.html")).exists();
    }

    @Test
    void labelWritesChunkFileAndTemplateLabelsOfExpertPages() throws Exception {
        Path expert = dir.resolve("expert.jsonl");
        String nav = paragraph("navigation of the expert site, on every page");
        try (BufferedWriter writer = JsonLines.writer(expert)) {
            for (int i = 0; i < 5; i++) {
                writer.write(page(
                                "https://expert.example/p" + i + ".html",
                                "2026-01-01T00:00:00Z",
                                nav,
                                paragraph("expert content " + i))
                        .value());
                writer.newLine();
            }
            writer.write("{\"url\": 7}");
            writer.newLine();
        }
        Path out = dir.resolve("labels.jsonl.gz");
        assertThat(run("label", "--input", expert.toString(), "--out", out.toString()))
                .isZero();
        List<Label> labels = LabelFiles.read(out);
        assertThat(labels)
                .filteredOn(l -> l.kind().equals("stop"))
                .extracting(Label::hash)
                .containsExactly(TestPages.chunkHash(nav));
        assertThat(labels).filteredOn(l -> l.kind().equals("chunk")).hasSize(5).allSatisfy(l -> {
            assertThat(l.source()).isEqualTo("informed:expert.jsonl");
            assertThat(l.exampleUrl()).startsWith("https://expert.example/p");
        });
        assertThat(labels).filteredOn(l -> l.kind().equals("file")).hasSize(5);
    }

    private static List<String> sorted(Path file) throws Exception {
        return Files.readAllLines(file).stream().sorted().toList();
    }

    private void write(Path file, SourceRecord... records) throws Exception {
        try (BufferedWriter writer = JsonLines.writer(file)) {
            for (SourceRecord r : records) {
                writer.write(r.value());
                writer.newLine();
            }
        }
    }

    @Test
    void thePhishingProfileAlertsOnOneBrandChunkAndTheDefaultProfileDoesNot() throws Exception {
        String login = paragraph("sign in to your bank account with your customer number");
        String help = paragraph("our support team never asks for your password by mail");
        String state = "job.state-dir=" + dir.resolve("state");
        Path brand = dir.resolve("brand.jsonl");
        write(
                brand,
                page(
                        "https://www.bank-brand.com/login.html",
                        "2026-01-01T00:00:00Z",
                        login,
                        help,
                        paragraph("brand news")));
        Path crawl = dir.resolve("crawl.jsonl");
        write(
                crawl,
                // a phish copies the login text, and nothing else of the brand
                page(
                        "https://secure-login.verify-acct.co/login.html",
                        "2026-01-02T00:00:00Z",
                        login,
                        paragraph("phish form"),
                        paragraph("phish 2")),
                // the brand's own help site carries its text: its own content, not a copy
                page("https://help.bank-brand.com/faq.html", "2026-01-02T00:00:00Z", help, login, paragraph("faq")),
                page("https://unrelated.org/p.html", "2026-01-02T00:00:00Z", paragraph("unrelated")));
        Path profile = Path.of("config/phishing.yaml");
        assertThat(profile).exists();

        Path brandLabels = dir.resolve("brand-labels.jsonl");
        assertThat(run(
                        "label",
                        "--config",
                        profile.toString(),
                        "--input",
                        brand.toString(),
                        "--out",
                        brandLabels.toString(),
                        "--set",
                        state))
                .isZero();
        assertThat(run(
                        "detect",
                        "--config",
                        profile.toString(),
                        "--input",
                        crawl.toString(),
                        "--labels",
                        brandLabels.toString(),
                        "--out",
                        dir.resolve("phish").toString(),
                        "--set",
                        state))
                .isZero();
        List<String> alerts = Files.readAllLines(dir.resolve("phish/alerts.jsonl"));
        assertThat(alerts)
                .singleElement()
                .asString()
                .contains(
                        "\"type\":\"phish\"",
                        "\"brand\":\"bank-brand.com\"",
                        "\"url\":\"https://secure-login.verify-acct.co/login.html\"");

        // the default profile wants two matched chunks: one brand sentence on a page is no evidence of copying
        assertThat(run(
                        "detect",
                        "--input",
                        crawl.toString(),
                        "--labels",
                        brandLabels.toString(),
                        "--out",
                        dir.resolve("default").toString(),
                        "--set",
                        state))
                .isZero();
        assertThat(Files.readAllLines(dir.resolve("default/alerts.jsonl"))).isEmpty();
    }
}
