package org.reusedetector.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.detection.TestPages;
import org.reusedetector.format.JsonLines;
import org.reusedetector.imatch.NearDupClustering;
import org.reusedetector.imatch.NearDupRun;

/**
 * {@code lexicon} then {@code near-dups} from the command line on a crawl with copies, near copies, tiny pages, generated
 * siblings and a revisit.
 */
class NearDupsCommandITCase {

    @TempDir
    Path dir;

    private static String paragraph(Random random) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 60; i++) {
            int w = random.nextInt(200);
            text.append(" vocab").append((char) ('a' + w / 26)).append((char) ('a' + w % 26));
        }
        return text.toString().trim();
    }

    @Test
    void copiesAndNearCopiesFormOneClusterAndTinyPagesOnlyJoinExactCopies() throws Exception {
        Random random = new Random(3);
        String guide = paragraph(random);
        List<String> crawl = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            crawl.add(TestPages.pageJson(
                    "https://site" + (i % 5) + ".example/p" + i + ".html",
                    "2026-01-01T00:00:00Z",
                    TestPages.html(paragraph(random))));
        }
        crawl.add(
                TestPages.pageJson("https://source.example/guide.html", "2026-01-01T00:00:00Z", TestPages.html(guide)));
        for (int h = 0; h < 3; h++) { // copies wrapped in ads of short words
            crawl.add(TestPages.pageJson(
                    "https://copy" + h + ".example/guide.html",
                    "2026-01-01T00:00:00Z",
                    TestPages.html("ads " + h + " for you", guide)));
        }
        // a revisit of copy0 under a tracking parameter replaced by another page: the latest fetch counts, once
        crawl.add(TestPages.pageJson(
                "https://copy0.example/guide.html?utm_source=x",
                "2026-01-02T00:00:00Z",
                TestPages.html(paragraph(random))));
        crawl.add(
                TestPages.pageJson("https://copy3.example/guide.html", "2026-01-01T00:00:00Z", TestPages.html(guide)));
        // tiny pages: too few terms for a signature (one, under the minimum of 2); identical ones are still trivial
        // duplicates
        crawl.add(
                TestPages.pageJson("https://tiny0.example/x.html", "2026-01-01T00:00:00Z", TestPages.html("vocabaa")));
        crawl.add(
                TestPages.pageJson("https://tiny1.example/x.html", "2026-01-01T00:00:00Z", TestPages.html("vocabaa")));
        crawl.add(TestPages.pageJson(
                "https://tiny2.example/y.html", "2026-01-01T00:00:00Z", TestPages.html("vocabaa, a different body")));
        // generated siblings: the same lexicon terms (so the same signature) and one name apart, too rare for the
        // lexicon: I-Match alone would join them; their phrases do not confirm it
        for (String name : List.of("zzqalpha", "zzqbeta")) {
            crawl.add(TestPages.pageJson(
                    "https://gen.example/fn." + name + ".html",
                    "2026-01-01T00:00:00Z",
                    TestPages.html("Redirecting to vocabaa vocabab vocabac fn " + name + " html page")));
        }
        crawl.add("not json");
        Path pages = dir.resolve("pages.jsonl.gz");
        try (BufferedWriter writer = JsonLines.writer(pages)) {
            for (String line : crawl) {
                writer.write(line);
                writer.newLine();
            }
        }
        Path lexicon = dir.resolve("lexicon.json");
        assertThat(Main.run("lexicon", "--input", pages.toString(), "--out", lexicon.toString()))
                .isZero();
        Path out = dir.resolve("near-dups");
        assertThat(Main.run(
                        "near-dups",
                        "--input",
                        pages.toString(),
                        "--lexicon",
                        lexicon.toString(),
                        "--out",
                        out.toString(),
                        "--max-urls",
                        "3"))
                .isZero();

        List<NearDupClustering.Cluster> clusters =
                JsonLines.readAll(out.resolve(NearDupRun.CLUSTERS), NearDupClustering.Cluster.class);
        assertThat(clusters).hasSize(2);
        NearDupClustering.Cluster copies = clusters.get(0);
        assertThat(copies.size()).isEqualTo(4); // source, copy1, copy2, copy3; copy0's latest fetch is another page
        assertThat(copies.urlCount()).isEqualTo(4);
        assertThat(copies.hosts()).isEqualTo(4);
        assertThat(copies.urls())
                .containsExactly(
                        "https://copy1.example/guide.html",
                        "https://copy2.example/guide.html",
                        "https://copy3.example/guide.html");
        assertThat(copies.lexiconsAgreeing()).hasSize(11);
        assertThat(clusters.get(1).urls())
                .containsExactly("https://tiny0.example/x.html", "https://tiny1.example/x.html");
        assertThat(clusters.get(1).exactCopies()).isTrue();

        NearDupRun.Summary summary = NearDupRun.readSummary(out);
        assertThat(summary.pages()).isEqualTo(40);
        assertThat(summary.skipped()).isEqualTo(1);
        assertThat(summary.clusters()).isEqualTo(2);
        assertThat(summary.clusteredPages()).isEqualTo(6);
        assertThat(summary.signaturesSplit()).isEqualTo(1); // the generated siblings' signature

        // as the paper joins, on the signature alone: the siblings form a cluster
        Path paper = dir.resolve("near-dups-paper");
        assertThat(Main.run(
                        "near-dups",
                        "--input",
                        pages.toString(),
                        "--lexicon",
                        lexicon.toString(),
                        "--out",
                        paper.toString(),
                        "--confirm-joins",
                        "false"))
                .isZero();
        assertThat(JsonLines.readAll(paper.resolve(NearDupRun.CLUSTERS), NearDupClustering.Cluster.class))
                .hasSize(3)
                .anySatisfy(c -> assertThat(c.urls())
                        .containsExactly(
                                "https://gen.example/fn.zzqalpha.html", "https://gen.example/fn.zzqbeta.html"));
        assertThat(summary.clustersBySize())
                .containsEntry(4, 1)
                .containsEntry(2, 1)
                .hasSize(2);
    }
}
