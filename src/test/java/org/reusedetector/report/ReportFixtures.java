package org.reusedetector.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.reusedetector.batch.BackfillOutput;
import org.reusedetector.batch.BackfillSummary;
import org.reusedetector.batch.NeighbourhoodResult;
import org.reusedetector.batch.PageResult;
import org.reusedetector.discover.DiscoveryOutput;
import org.reusedetector.discover.Family;
import org.reusedetector.format.Json;
import org.reusedetector.model.Alert;
import org.reusedetector.model.Copy;
import org.reusedetector.model.Evidence;

/** Detection and discovery output directories shaped like a crawl's: a source copied onto the hosts of two sites. */
final class ReportFixtures {

    static final String SOURCE = "docs-source.org";

    private ReportFixtures() {}

    /**
     * An informed detection: {@value #SOURCE} copied onto wiki0..wiki11 of clone.org (nested prefixes, the tighter
     * holding the copy) and spin0..spin2 of rewrite.net; 40 quiet neighbourhoods besides.
     */
    static void informedDetection(Path dir) throws IOException {
        List<String> neighbourhoods = new ArrayList<>();
        List<String> pages = new ArrayList<>();
        List<String> alerts = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            String host = "https://wiki" + i + ".clone.org/";
            Copy copy = new Copy(SOURCE, 0.9, 900, 1000, "https://www." + SOURCE + "/a.html");
            bad(neighbourhoods, alerts, host, 84, 0.8, copy);
            bad(neighbourhoods, alerts, host + "wiki/", 64, 1.0, copy);
            pages.add(Json.write(new PageResult(host + "wiki/a.html", 40, 40, 1.0, true, true)));
        }
        for (int i = 0; i < 3; i++) {
            bad(
                    neighbourhoods,
                    alerts,
                    "https://spin" + i + ".rewrite.net/",
                    20,
                    0.3,
                    new Copy(SOURCE, 0.05 * (i + 1), 50 * (i + 1), 1000, null));
        }
        for (int i = 0; i < 40; i++) {
            neighbourhoods.add(Json.write(new NeighbourhoodResult(
                    "https://quiet" + i + ".example/",
                    10,
                    0.01 * (i % 4),
                    false,
                    0.5,
                    0L,
                    new Evidence[0],
                    Copy.NONE)));
            pages.add(Json.write(new PageResult("https://quiet" + i + ".example/p.html", 40, 0, 0, false, false)));
        }
        Files.write(dir.resolve(BackfillOutput.NEIGHBORHOODS), neighbourhoods);
        Files.write(dir.resolve(BackfillOutput.PAGES), pages);
        Files.write(dir.resolve(BackfillOutput.ALERTS), alerts);
        BackfillOutput.writeSummary(dir, summary(dir.resolve("labels.jsonl").toString()));
    }

    /** The URL of a spun page whose query holds markup, to show that the report escapes it. */
    static final String MARKUP_URL = "https://spin3.rewrite.net/s.html?q=<b>&x=\"1\"";

    /**
     * {@link #informedDetection} with the word signals' alerts of {@value #SOURCE}'s pages: spun pages on spin0 and
     * spin1 of rewrite.net (which hold chunks in a bad neighbourhood too) and on spin3.rewrite.net and
     * spin0.reword.info (found by their wording alone: few labelled chunks, no page alert, no bad neighbourhood; one
     * page of reword.info a near-duplicate too), one page each on phish.a.co and phish.b.co, an identical copy on
     * wiki0.clone.org, and a labelled page of the source matching itself. The alerts are written in the given order,
     * or reversed.
     */
    static void spunDetection(Path dir, boolean reversed) throws IOException {
        informedDetection(dir);
        String src = "https://www." + SOURCE + "/";
        List<Alert> alerts = new ArrayList<>();
        List<PageResult> pages = new ArrayList<>();
        spun(alerts, pages, "https://spin0.rewrite.net/a.html", src + "a.html", 0.8, 0.5, true);
        spun(alerts, pages, "https://spin0.rewrite.net/b.html", src + "b.html", 0.7, 0.5, true);
        spun(alerts, pages, "https://spin0.rewrite.net/c.html", src + "c.html", 0.6, 0.4, true);
        spun(alerts, pages, "https://spin1.rewrite.net/a.html", src + "a.html", 0.5, 0.3, true);
        spun(alerts, pages, "https://spin1.rewrite.net/b.html", src + "b.html", 0.45, 0.3, true);
        spun(alerts, pages, "https://spin3.rewrite.net/a.html", src + "a.html", 0.45, 0.05, false);
        spun(alerts, pages, "https://spin3.rewrite.net/b.html", src + "b.html", 0.44, 0.05, false);
        spun(alerts, pages, MARKUP_URL, src + "c.html", 0.43, 0.05, false);
        spun(alerts, pages, "https://spin3.rewrite.net/d.html", src + "d.html", 0.42, 0.05, false);
        spun(alerts, pages, "https://spin0.reword.info/a.html", src + "a.html", 0.9, 0.0, false);
        alerts.add(Alert.nearDuplicate(
                "https://spin0.reword.info/a.html",
                0L,
                "lexicon@1#2",
                new Evidence("f00d", "imatch", "informed:reference.jsonl.gz", src + "a.html")));
        spun(alerts, pages, "https://spin0.reword.info/b.html", src + "b.html", 0.55, 0.0, false);
        spun(alerts, pages, "https://phish.b.co/login.html", src + "login.html", 0.9, 0.8, true);
        spun(alerts, pages, "https://phish.a.co/login.html", src + "login.html", 0.9, 0.8, true);
        // the labelled page itself, alerted by its own signature: its publisher's page, no copy
        alerts.add(Alert.nearDuplicate(
                src + "a.html",
                0L,
                "lexicon@1#0",
                new Evidence("f00d", "imatch", "informed:reference.jsonl.gz", src + "a.html")));
        // the identical copy: its page line is in informedDetection's pages already
        alerts.add(Alert.nearCopy(
                "https://wiki0.clone.org/wiki/a.html",
                0L,
                1.0,
                0.4,
                new Evidence("beef", "shingle", "informed:reference.jsonl.gz", src + "a.html")));
        if (reversed) {
            java.util.Collections.reverse(alerts);
            java.util.Collections.reverse(pages);
        }
        Files.write(
                dir.resolve(BackfillOutput.ALERTS),
                alerts.stream().map(Json::write).toList(),
                java.nio.file.StandardOpenOption.APPEND);
        Files.write(
                dir.resolve(BackfillOutput.PAGES),
                pages.stream().map(Json::write).toList(),
                java.nio.file.StandardOpenOption.APPEND);
    }

    private static void spun(
            List<Alert> alerts,
            List<PageResult> pages,
            String url,
            String sourceUrl,
            double resemblance,
            double labelledShare,
            boolean pageAlert) {
        alerts.add(Alert.nearCopy(
                url,
                0L,
                resemblance,
                0.4,
                new Evidence(
                        Integer.toHexString(url.hashCode()), "shingle", "informed:reference.jsonl.gz", sourceUrl)));
        pages.add(new PageResult(url, 40, (int) Math.round(40 * labelledShare), labelledShare, false, pageAlert));
    }

    /**
     * A blind detection against a discovery run's labels in {@code discovery}: family fa (source judged: src.example,
     * copied onto mirror0..mirror4.parked.net) and family fb (source not told apart, on old.example and clone.org).
     */
    static void blindDetection(Path dir, Path discovery) throws IOException {
        Files.writeString(discovery.resolve(DiscoveryOutput.LABELS), "");
        Family fa = new Family(
                "fa",
                "mirror",
                100,
                10,
                0,
                60,
                6,
                "Copied text",
                "https://src.example/a.html",
                null,
                new Family.Member[] {
                    new Family.Member("src.example", 10, 0.4, "source", 0.85, 40, 40, 30),
                    new Family.Member("mirror0.parked.net", 10, 1.0, "copier", 0.85, 10, 50, 0)
                });
        Family fb = new Family(
                "fb", "partial", 50, 0, 0, 20, 2, null, "https://old.example/b.html", null, new Family.Member[] {
                    new Family.Member("old.example", 10, 0.1, "unclear", 0, 40, 40, 30),
                    new Family.Member("wiki0.clone.org", 10, 0.1, "unclear", 0, 30, 30, 20)
                });
        Files.write(discovery.resolve(DiscoveryOutput.FAMILIES), List.of(Json.write(fa), Json.write(fb)));
        List<String> neighbourhoods = new ArrayList<>();
        List<String> alerts = new ArrayList<>();
        bad(neighbourhoods, alerts, "https://src.example/", 40, 0.6, new Copy("family:fa", 1.0, 100, 100, null));
        for (int i = 0; i < 5; i++) {
            bad(
                    neighbourhoods,
                    alerts,
                    "https://mirror" + i + ".parked.net/",
                    10,
                    1.0,
                    new Copy("family:fa", 1.0, 100, 100, null));
        }
        bad(neighbourhoods, alerts, "https://old.example/", 40, 0.6, new Copy("family:fb", 1.0, 50, 50, null));
        bad(neighbourhoods, alerts, "https://wiki0.clone.org/", 30, 0.6, new Copy("family:fb", 1.0, 50, 50, null));
        Files.write(dir.resolve(BackfillOutput.NEIGHBORHOODS), neighbourhoods);
        Files.write(dir.resolve(BackfillOutput.PAGES), List.of());
        Files.write(dir.resolve(BackfillOutput.ALERTS), alerts);
        BackfillOutput.writeSummary(
                dir, summary(discovery.resolve(DiscoveryOutput.LABELS).toString()));
    }

    private static void bad(
            List<String> neighbourhoods, List<String> alerts, String prefix, long pages, double badness, Copy copy) {
        neighbourhoods.add(Json.write(
                new NeighbourhoodResult(prefix, pages, badness, true, 0.05, 0L, new Evidence[0], new Copy[] {copy})));
        alerts.add(Json.write(Alert.neighborhood(
                prefix, badness, 0.05, pages, 0L, new Evidence[0], new Copy[] {copy}, badness * 0.8, badness * 1.2)));
    }

    private static BackfillSummary summary(String labels) {
        return new BackfillSummary(
                "pages.jsonl.gz",
                labels,
                100L,
                99L,
                98,
                12,
                2,
                70,
                60,
                30,
                0.109,
                0.277,
                0.144,
                0.05,
                "median + 1.0 * 1.4826 MAD over neighborhoods with >= 5 scorable pages",
                5,
                50,
                "TEXT",
                2.5,
                Map.of("neighborhood", 30L, "page", 12L));
    }
}
