package org.reusedetector.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.reusedetector.detection.TestPages.page;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.format.Json;
import org.reusedetector.format.JsonLines;
import org.reusedetector.model.SourceRecord;

/** {@code quilts} and {@code phrases} from the command line, on a hand-built crawl. */
class ShingleCommandsITCase {

    @TempDir
    Path dir;

    /** A paragraph of {@code n} words found nowhere else. */
    static String text(String seed, int n) {
        return IntStream.range(0, n)
                .mapToObj(i -> seed.replace(' ', 'x') + "w" + i)
                .collect(Collectors.joining(" "));
    }

    private Path write(List<SourceRecord> records) throws Exception {
        Path file = dir.resolve("crawl.jsonl.gz");
        try (BufferedWriter writer = JsonLines.writer(file)) {
            for (SourceRecord record : records) {
                writer.write(record.value());
                writer.newLine();
            }
        }
        return file;
    }

    private static List<JsonNode> lines(Path file) throws Exception {
        List<JsonNode> nodes = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            nodes.add(Json.MAPPER.readTree(line));
        }
        return nodes;
    }

    @Test
    void quiltsNamesThePagesAQuiltWasStitchedFrom() throws Exception {
        List<SourceRecord> pages = new ArrayList<>();
        List<String> taken = new ArrayList<>();
        String[] donors = {"docs.alpha.org", "www.beta.net", "wiki.gamma.com", "blog.delta.de", "www.epsilon.io"};
        for (int d = 0; d < donors.length; d++) {
            for (int p = 0; p < 3; p++) {
                String paragraph = text("donor" + d + "page" + p, 30 + 5 * d);
                if (p == 0 && d < 4) {
                    taken.add(paragraph);
                }
                pages.add(page(
                        "https://" + donors[d] + "/p" + p + ".html",
                        "2026-01-01T00:00:00Z",
                        text("nav of " + d, 12),
                        paragraph,
                        text("own" + d + "x" + p, 60)));
            }
        }
        pages.add(
                page("https://article7.spun-content.biz/a.html", "2026-01-01T00:00:00Z", taken.toArray(String[]::new)));
        pages.add(new SourceRecord("not json at all", "x"));
        Path out = dir.resolve("quilts");

        assertThat(Main.run("quilts", "--input", write(pages).toString(), "--out", out.toString()))
                .isZero();

        List<JsonNode> quilts = lines(out.resolve("quilts.jsonl"));
        assertThat(quilts).hasSize(1);
        JsonNode quilt = quilts.get(0);
        assertThat(quilt.get("url").asText()).isEqualTo("https://article7.spun-content.biz/a.html");
        // 151 words (the title's and 150 taken) make 147 grams; the 12 across the seams of the patches are in no source
        assertThat(quilt.get("covered_fraction").asDouble())
                .isCloseTo(134.0 / 147, org.assertj.core.data.Offset.offset(1e-4));
        List<String> sources = new ArrayList<>();
        quilt.get("sources").forEach(s -> sources.add(s.get("url").asText()));
        // largest patch first: donor 3 gave 45 words, donor 0 gave 30
        assertThat(sources)
                .containsExactly(
                        "https://blog.delta.de/p0.html",
                        "https://wiki.gamma.com/p0.html",
                        "https://www.beta.net/p0.html",
                        "https://docs.alpha.org/p0.html");
        JsonNode summary = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        assertThat(summary.get("pages").asLong()).isEqualTo(16);
        assertThat(summary.get("rejected").asLong()).isEqualTo(1);
        assertThat(summary.get("quilts").asLong()).isEqualTo(1);
        assertThat(summary.get("m").asInt()).isEqualTo(50);

        assertThat(Main.run("report", "--in", out.toString())).isZero();
        assertThat(Files.readString(out.resolve("report.html")))
                .contains("Coverage of the quilts", "article7.spun-content.biz");
    }

    @Test
    void phrasesFindsPopularShinglesCoversAndSites() throws Exception {
        List<SourceRecord> pages = new ArrayList<>();
        String boilerplate = text("shared legal notice", 400);
        for (int i = 0; i < 10; i++) { // one host of 10 pages that is mostly the shared text
            pages.add(page(
                    "https://www.spam.example/p" + i + ".html",
                    "2026-01-01T00:00:00Z",
                    boilerplate,
                    text("spam own " + i, 20)));
        }
        for (int h = 0;
                h < 6;
                h++) { // six sites carrying it once, with text of their own (too much for near-duplicates)
            pages.add(page(
                    "https://host" + h + ".org/legal.html",
                    "2026-01-01T00:00:00Z",
                    boilerplate,
                    text("legal own " + h, 100)));
        }
        Path out = dir.resolve("phrases");

        assertThat(Main.run("phrases", "--input", write(pages).toString(), "--out", out.toString()))
                .isZero();

        List<JsonNode> phrases = lines(out.resolve("phrases.jsonl"));
        assertThat(phrases).isNotEmpty().allSatisfy(p -> {
            assertThat(p.get("documents").asInt()).isGreaterThanOrEqualTo(5);
            assertThat(p.get("text").asText().split(" "))
                    .hasSize(5)
                    .anyMatch(w -> w.startsWith("sharedxlegalxnoticew"));
        });
        List<JsonNode> documents = lines(out.resolve("documents.jsonl"));
        assertThat(documents)
                .hasSize(16)
                .allSatisfy(d -> assertThat(d.get("shingles").asInt()).isEqualTo(84));
        JsonNode spam = documents.get(0);
        // a shingle of the shared text is popular when at least 4 of the 6 sites' pages select it too (each does with p
        // ≈ 0.8)
        assertThat(spam.get("popular").asInt()).isGreaterThan(42);
        // its cover prefers the other sites' pages: all of its popular shingles are foreign
        assertThat(spam.get("foreign_contribution").asInt())
                .isEqualTo(spam.get("popular").asInt());
        assertThat(spam.get("cover").get(0).get("url").asText()).startsWith("https://host");
        List<JsonNode> sites = lines(out.resolve("sites.jsonl"));
        assertThat(sites).hasSize(1);
        assertThat(sites.get(0).get("host").asText()).isEqualTo("www.spam.example");
        assertThat(sites.get(0).get("pages").asInt()).isEqualTo(10);
        JsonNode summary = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        assertThat(summary.get("pages").asLong()).isEqualTo(16);
        assertThat(summary.get("popular_phrases").asInt()).isEqualTo(phrases.size());

        assertThat(Main.run("report", "--in", out.toString())).isZero();
        assertThat(Files.readString(out.resolve("report.html")))
                .contains("frequency distribution", "mean ± σ", "www.spam.example");
        assertThat(out.resolve("phrases-sites.png")).exists();
    }
}
