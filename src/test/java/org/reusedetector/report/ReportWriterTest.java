package org.reusedetector.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.batch.BackfillOutput;
import org.reusedetector.batch.BackfillSummary;
import org.reusedetector.batch.NeighbourhoodResult;
import org.reusedetector.batch.PageResult;
import org.reusedetector.discover.DiscoveryOutput;
import org.reusedetector.discover.DiscoveryRun;
import org.reusedetector.discover.DiscoverySummary;
import org.reusedetector.discover.HashCount;
import org.reusedetector.discover.HistogramRow;
import org.reusedetector.discover.Verdict;
import org.reusedetector.format.Json;
import org.reusedetector.imatch.NearDupClustering;
import org.reusedetector.imatch.NearDupRun;
import org.reusedetector.model.Alert;
import org.reusedetector.model.AlertType;
import org.reusedetector.model.Copy;
import org.reusedetector.model.Evidence;

class ReportWriterTest {

    static final String EVIL = "<script>alert('x')</script>";
    static final String HASH_A = "a".repeat(40);
    static final String HASH_B = "b".repeat(40);
    static final String HASH_C = "c".repeat(40);

    @Test
    void discoveryReport(@TempDir Path in, @TempDir Path out) throws Exception {
        DiscoverySummary summary = new DiscoverySummary(
                "run" + EVIL,
                1000,
                3000,
                3,
                1,
                100,
                "max(3, ceil(0.35 * pages^0.5))",
                "hosts >= 3 and top-host share <= 0.5",
                12,
                12,
                0,
                500,
                200,
                3,
                1,
                2,
                1,
                1,
                0,
                0,
                0,
                0,
                0);
        List<HashCount> frequent = List.of(
                new HashCount(
                        HASH_A,
                        "chunk",
                        40,
                        40,
                        1,
                        "https://copy.example/a?x=1&y=2",
                        "Copied text " + EVIL,
                        Verdict.LABEL),
                new HashCount(HASH_B, "chunk", 300, 1, 300, "javascript:alert(1)", "Site menu", Verdict.FEW_HOSTS),
                new HashCount(HASH_C, "file", 15, 15, 1, "https://mirror.example/", null, Verdict.LABEL));
        List<HistogramRow> histogram = new ArrayList<>();
        for (long k = 1; k <= 60; k++) {
            histogram.add(new HistogramRow("chunk", k, Math.max(1, 10_000 / (k * k))));
        }
        histogram.add(new HistogramRow("file", 1, 900));
        histogram.add(new HistogramRow("file", 2, 40));
        histogram.add(new HistogramRow("file", 15, 1));
        DiscoveryOutput.write(in, DiscoveryRun.of(summary, frequent, histogram, "discover:r1"));

        ReportWriter.Report report = ReportWriter.write(in, out);

        assertThat(report.kind()).isEqualTo(ReportWriter.Kind.DISCOVER);
        assertThat(report.images())
                .extracting(p -> p.getFileName().toString())
                .containsExactly("chunks-frequency.png", "files-frequency.png");
        String html = Files.readString(report.html());
        assertPngs(report, html);
        assertThat(html)
                .contains(
                        "<code>" + HASH_A + "</code>",
                        "<code>" + HASH_C + "</code>",
                        "FEW_HOSTS",
                        "Copied text &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;",
                        "<a href=\"https://copy.example/a?x=1&amp;y=2\"",
                        "run&lt;script&gt;");
        assertThat(html).doesNotContain("<script", "href=\"javascript:");
        assertThat(html).contains("<td>javascript:alert(1)</td>");
    }

    @Test
    void nearDupsReportShowsTheClusterSizeDistribution(@TempDir Path in, @TempDir Path out) throws Exception {
        java.util.TreeMap<Integer, Integer> bySize = new java.util.TreeMap<>(java.util.Map.of(2, 7, 41, 3));
        Files.writeString(
                in.resolve(NearDupRun.SUMMARY),
                Json.write(new NearDupRun.Summary("lex@2026-11-24:abc", 11, 500, 0, 480, 137, 10, bySize)));
        Files.writeString(
                in.resolve(NearDupRun.CLUSTERS),
                Json.write(new NearDupClustering.Cluster(
                                "c1", 41, 41, List.of("https://m0.example/" + EVIL), 41, List.of(0, 3), false))
                        + "\n");

        ReportWriter.Report report = ReportWriter.write(in, out);

        assertThat(report.kind()).isEqualTo(ReportWriter.Kind.NEAR_DUPS);
        String html = Files.readString(report.html());
        assertThat(html)
                .contains(
                        "Cluster sizes",
                        "<td class=\"num\">41</td><td class=\"num\">3</td><td class=\"num\">123</td>",
                        "<td class=\"num\">2</td><td class=\"num\">7</td><td class=\"num\">14</td>",
                        "[0, 3]",
                        "lex@2026-11-24:abc");
        assertThat(html).doesNotContain("<script");
    }

    @Test
    void detectionReport(@TempDir Path in, @TempDir Path out) throws Exception {
        List<String> pages = new ArrayList<>();
        List<String> neighbourhoods = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            double badness = i < 25 ? 0.02 * (i % 5) : 0.9 + 0.01 * (i - 25);
            boolean bad = badness > 0.5;
            String prefix = "https://host" + i + ".example/" + (i == 29 ? EVIL + "/" : "");
            neighbourhoods.add(Json.write(
                    new NeighbourhoodResult(prefix, 10 + i, badness, bad, 0.5, 0L, new Evidence[0], Copy.NONE)));
            pages.add(Json.write(new PageResult(
                    prefix + "page.html", 40, (int) Math.round(40 * badness), badness, i == 28, badness > 0.144)));
        }
        Files.write(in.resolve(BackfillOutput.PAGES), pages);
        Files.write(in.resolve(BackfillOutput.NEIGHBORHOODS), neighbourhoods);
        Evidence evidence = new Evidence(HASH_A, "chunk", "discover:r1", "https://source.example/" + EVIL);
        List<String> alerts = List.of(
                Json.write(new Alert(
                        AlertType.NEIGHBORHOOD,
                        null,
                        "https://host27.example/",
                        0.80,
                        0.5,
                        37L,
                        null,
                        null,
                        "2026-01-01T00:00:00Z",
                        "2026-01-01T00:00:01Z",
                        new Evidence[] {evidence},
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null)),
                Json.write(new Alert(
                        AlertType.PAGE,
                        "https://host27.example/page.html",
                        null,
                        0.9,
                        0.144,
                        null,
                        40,
                        36,
                        "2026-01-01T00:00:00Z",
                        "2026-01-01T00:00:01Z",
                        new Evidence[0],
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null)),
                // the later alert of the same neighbourhood replaces the earlier one
                Json.write(new Alert(
                        AlertType.NEIGHBORHOOD,
                        null,
                        "https://host27.example/",
                        0.92,
                        0.5,
                        37L,
                        null,
                        null,
                        "2026-01-01T00:00:00Z",
                        "2026-01-01T00:00:02Z",
                        new Evidence[] {evidence},
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null)),
                Json.write(new Alert(
                        AlertType.NEIGHBORHOOD,
                        null,
                        "https://host29.example/" + EVIL + "/",
                        0.94,
                        0.5,
                        39L,
                        null,
                        null,
                        "2026-01-01T00:00:00Z",
                        "2026-01-01T00:00:02Z",
                        new Evidence[] {new Evidence(HASH_B, "file", "informed:" + EVIL, null)},
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null)));
        Files.write(in.resolve(BackfillOutput.ALERTS), alerts);
        BackfillOutput.writeSummary(
                in,
                new BackfillSummary(
                        "pages" + EVIL + ".jsonl",
                        "labels.jsonl",
                        30L,
                        30L,
                        30,
                        5,
                        0,
                        30,
                        30,
                        5,
                        0.19,
                        0.33,
                        0.144,
                        0.5,
                        "mean + 1.0 sd over neighbourhoods with >= 5 pages",
                        5,
                        100,
                        "TEXT",
                        1.0,
                        java.util.Map.of("neighborhood", 3L, "page", 1L)));

        ReportWriter.Report report = ReportWriter.write(in, out);

        assertThat(report.kind()).isEqualTo(ReportWriter.Kind.DETECT);
        assertThat(report.images())
                .extracting(p -> p.getFileName().toString())
                .containsExactly("badness-histogram.png", "badness-cdf.png");
        String html = Files.readString(report.html());
        assertPngs(report, html);
        // worst first, one row per neighbourhood, the later alert's badness, evidence shown
        int host29 = html.indexOf("https://host29.example/&lt;script&gt;");
        int host27 = html.indexOf("<td><a href=\"https://host27.example/\"");
        assertThat(host29).isPositive();
        assertThat(host27).isGreaterThan(host29);
        assertThat(html).contains("<td class=\"num\">0.920</td>").doesNotContain("<td class=\"num\">0.800</td>");
        assertThat(html)
                .contains(
                        "chunk <code>aaaaaaaaaaaa</code> discover:r1",
                        "file <code>bbbbbbbbbbbb</code> informed:&lt;script&gt;");
        assertThat(html)
                .contains(
                        "<td>Neighborhood threshold</td><td>0.500<br>",
                        "<td>Bad neighborhoods</td><td>5</td>",
                        "<td>Pages copied whole (identical file)</td><td>1</td>");
        assertThat(html)
                .contains("<td>Crawl read</td><td>pages&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;.jsonl</td>")
                .doesNotContain("<script");
    }

    @Test
    void aDetectionReportSaysWhatWasCopiedFromWhere(@TempDir Path in, @TempDir Path out) throws Exception {
        String prefix = "https://copy.example/docs/";
        Files.write(
                in.resolve(BackfillOutput.PAGES),
                List.of(
                        Json.write(new PageResult(prefix + "a.html", 40, 36, 0.9, false, true)),
                        Json.write(new PageResult(prefix + "b.html", 40, 20, 0.5, false, true)),
                        Json.write(new PageResult("https://other.example/c.html", 40, 40, 1.0, false, true))));
        Files.write(
                in.resolve(BackfillOutput.NEIGHBORHOODS),
                List.of(Json.write(
                        new NeighbourhoodResult(prefix, 2, 0.7, true, 0.5, 0L, new Evidence[0], Copy.NONE))));
        Path labels = in.resolve("labels.jsonl");
        Files.write(
                labels,
                List.of(Json.write(new org.reusedetector.model.Label(
                        HASH_A,
                        "chunk",
                        "add",
                        "informed:ref",
                        "https://source.example/p.html",
                        1L,
                        1L,
                        "A paragraph the copier took " + EVIL))));
        org.reusedetector.model.Copy copy =
                new org.reusedetector.model.Copy("source.example", 0.75, 30, 40, "https://source.example/p.html");
        Files.write(
                in.resolve(BackfillOutput.ALERTS),
                List.of(Json.write(Alert.neighborhood(
                        prefix,
                        0.7,
                        0.5,
                        2,
                        0L,
                        new Evidence[] {new Evidence(HASH_A, "chunk", "informed:ref", null)},
                        new org.reusedetector.model.Copy[] {copy},
                        0.6,
                        0.8))));
        BackfillOutput.writeSummary(
                in,
                new BackfillSummary(
                        "pages.jsonl",
                        labels.toString(),
                        3L,
                        3L,
                        3,
                        3,
                        0,
                        1,
                        1,
                        1,
                        0.7,
                        0.0,
                        0.144,
                        0.5,
                        "rule",
                        5,
                        100,
                        "TEXT",
                        1.0,
                        java.util.Map.of("neighborhood", 1L)));

        String html = Files.readString(ReportWriter.write(in, out).html());

        assertThat(html)
                .contains(
                        "<b>source.example</b> 75% (30 of 40 chunks)",
                        "“A paragraph the copier took &lt;script&gt;", ">a.html</a> 0.900", ">b.html</a> 0.500");
        assertThat(html).doesNotContain("<script");
    }

    @Test
    void aDiscoveryReportListsTheCopyFamilies(@TempDir Path in, @TempDir Path out) throws Exception {
        Files.writeString(in.resolve(DiscoveryOutput.LABELS), "");
        Files.writeString(in.resolve(DiscoveryOutput.HISTOGRAM), "kind,occurrences,hashes\n");
        org.reusedetector.discover.Family family = new org.reusedetector.discover.Family(
                "f0123456789abcdef",
                "mirror",
                120,
                10,
                0,
                30,
                2,
                "Copied text " + EVIL,
                "https://mirror.example/a.html",
                new org.reusedetector.discover.Family.FirstSeen(
                        "mirror.example", "https://mirror.example/a.html", "2026-01-01T00:00:00Z"),
                new org.reusedetector.discover.Family.Member[] {
                    new org.reusedetector.discover.Family.Member("source.example", 15, 0.4, "source", 0.8, 40, 40, 25),
                    new org.reusedetector.discover.Family.Member("mirror.example", 15, 1.0, "copier", 0.8, 15, 15, 0)
                });
        Files.write(in.resolve(DiscoveryOutput.FAMILIES), List.of(Json.write(family)));

        String html = Files.readString(ReportWriter.write(in, out).html());

        assertThat(html)
                .contains(
                        "1 copy families",
                        "copied sources the evidence names: source.example → 1 host.",
                        "<code>f0123456789abcdef</code>",
                        "<td><b>source.example</b></td>",
                        "<b>mirror.example</b> <i>copier 0.80</i>: mirror.example <span class=\"note\">(its site: 0 of 15"
                                + " pages its own text)</span>",
                        "“Copied text &lt;script&gt;");
        assertThat(html).doesNotContain("<script");
    }

    @Test
    void refusesADirectoryWithoutOutputs(@TempDir Path in, @TempDir Path out) {
        assertThatThrownBy(() -> ReportWriter.write(in, out))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("neither");
    }

    /** PNG files decode at the chart size, and the page embeds exactly them. */
    static void assertPngs(ReportWriter.Report report, String html) throws Exception {
        Matcher m = Pattern.compile("src=\"data:image/png;base64,([A-Za-z0-9+/=]+)\"")
                .matcher(html);
        List<byte[]> embedded = new ArrayList<>();
        while (m.find()) {
            embedded.add(Base64.getDecoder().decode(m.group(1)));
        }
        assertThat(embedded).hasSameSizeAs(report.images());
        for (int i = 0; i < report.images().size(); i++) {
            byte[] file = Files.readAllBytes(report.images().get(i));
            assertThat(embedded.get(i)).isEqualTo(file);
            BufferedImage image = ImageIO.read(report.images().get(i).toFile());
            assertThat(image).isNotNull();
            assertThat(image.getWidth()).isEqualTo(Charts.WIDTH);
            assertThat(image.getHeight()).isEqualTo(Charts.HEIGHT);
        }
    }
}
