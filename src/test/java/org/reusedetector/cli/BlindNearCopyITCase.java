package org.reusedetector.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.detection.TestPages;
import org.reusedetector.format.Json;
import org.reusedetector.format.JsonLines;
import org.reusedetector.format.LabelFiles;
import org.reusedetector.model.Alert;
import org.reusedetector.model.AlertType;
import org.reusedetector.model.Label;

/**
 * Blind discovery of spun copies through the command line: {@code discover} with the near-copy signal labels the source
 * pages that a spinner copied with words replaced, and not a generator's page alike on unrelated sites; {@code detect}
 * with those labels alerts the spun pages, naming their source.
 */
class BlindNearCopyITCase {

    private static final String SOURCE = "https://docs.source.example/";
    private static final int SOURCE_PAGES = 10;
    private static final int SPUN_PAGES = 6;

    @TempDir
    Path dir;

    private final Random random = new Random(5);

    /** A paragraph of 60 words from a vocabulary of 3000. */
    private String paragraph() {
        StringBuilder words = new StringBuilder();
        for (int i = 0; i < 60; i++) {
            words.append(i == 0 ? "" : " ").append("word").append(random.nextInt(3000));
        }
        return words.toString();
    }

    /** The paragraph with a share of its words replaced by other words, as an article spinner rewrites. */
    private String spin(String paragraph, double rate) {
        String[] words = paragraph.split(" ");
        for (int i = 0; i < words.length; i++) {
            if (random.nextDouble() < rate) {
                words[i] = "word" + random.nextInt(3000);
            }
        }
        return String.join(" ", words);
    }

    private static String page(String url, List<String> paragraphs) {
        return TestPages.pageJson(url, "2026-01-01T00:00:00Z", TestPages.html(paragraphs.toArray(String[]::new)));
    }

    private List<String> crawl() {
        List<String> pages = new ArrayList<>();
        String sourceNav = "Source documentation home guide reference index search about contact";
        List<List<String>> source = new ArrayList<>();
        for (int i = 0; i < SOURCE_PAGES; i++) {
            List<String> text = List.of(paragraph(), paragraph(), paragraph(), paragraph());
            source.add(text);
            List<String> paragraphs = new ArrayList<>(List.of(sourceNav));
            paragraphs.addAll(text);
            pages.add(page(SOURCE + "p" + i + ".html", paragraphs));
        }
        // two spinner hosts of one site, each with spun copies of three source pages, a fifth of the words replaced
        for (int i = 0; i < SPUN_PAGES; i++) {
            List<String> paragraphs = new ArrayList<>(List.of("Rewritten articles free to read"));
            for (String p : source.get(i)) {
                paragraphs.add(spin(p, 0.2));
            }
            pages.add(page("https://spin" + (i % 2) + ".rewrite.example/p" + i + ".html", paragraphs));
        }
        // three unrelated sites of one generator: pages of their own, and its help page, alike on every one of them
        List<String> help = List.of(paragraph(), paragraph(), paragraph());
        for (String site : List.of("alpha", "beta", "gamma")) {
            String nav = "Project " + site + " overview package class tree deprecated index help";
            for (int i = 0; i < 8; i++) {
                pages.add(page(
                        "https://www." + site + ".example/c" + i + ".html",
                        List.of(nav, paragraph(), paragraph(), paragraph())));
            }
            List<String> paragraphs = new ArrayList<>(List.of(nav));
            paragraphs.addAll(help);
            pages.add(page("https://www." + site + ".example/help-doc.html", paragraphs));
        }
        return pages;
    }

    @Test
    void blindDiscoveryLabelsTheSourcesOfSpunPagesAndDetectAlertsThem() throws Exception {
        Path pages = dir.resolve("crawl.jsonl.gz");
        try (BufferedWriter writer = JsonLines.writer(pages)) {
            for (String page : crawl()) {
                writer.write(page);
                writer.newLine();
            }
        }
        String state = "job.state-dir=" + dir.resolve("state");
        String nearCopy = "shingles.near-copy.enabled=true";
        Path discovered = dir.resolve("discover");
        assertThat(Main.run(
                        "discover",
                        "--input",
                        pages.toString(),
                        "--out",
                        discovered.toString(),
                        "--set",
                        state,
                        "--set",
                        nearCopy))
                .isZero();
        List<Label> shingle = LabelFiles.read(discovered.resolve("labels.jsonl")).stream()
                .filter(l -> l.kind().equals(Label.KIND_SHINGLE))
                .toList();
        assertThat(shingle).hasSize(SPUN_PAGES).allSatisfy(l -> {
            assertThat(l.exampleUrl()).startsWith(SOURCE);
            assertThat(l.source()).startsWith(Label.DISCOVERED_SOURCE_PREFIX);
            assertThat(l.count()).isEqualTo(2L);
            assertThat(l.hosts()).isEqualTo(2L);
            assertThat(l.text()).startsWith("dp2.").contains(" word");
        });

        Path detected = dir.resolve("detect");
        assertThat(Main.run(
                        "detect",
                        "--input",
                        pages.toString(),
                        "--labels",
                        discovered.resolve("labels.jsonl").toString(),
                        "--out",
                        detected.toString(),
                        "--set",
                        state,
                        "--set",
                        nearCopy))
                .isZero();
        List<Alert> alerts = new ArrayList<>();
        for (String line : Files.readAllLines(detected.resolve("alerts.jsonl"))) {
            if (!line.isBlank()) {
                alerts.add(Json.read(line, Alert.class));
            }
        }
        List<Alert> nearCopies = alerts.stream()
                .filter(a -> a.type().equals(AlertType.NEAR_COPY))
                .toList();
        assertThat(nearCopies)
                .extracting(Alert::url)
                .containsExactlyInAnyOrder(
                        "https://spin0.rewrite.example/p0.html",
                        "https://spin1.rewrite.example/p1.html",
                        "https://spin0.rewrite.example/p2.html",
                        "https://spin1.rewrite.example/p3.html",
                        "https://spin0.rewrite.example/p4.html",
                        "https://spin1.rewrite.example/p5.html");
        assertThat(nearCopies)
                .allSatisfy(a -> assertThat(a.matchedUrl())
                        .isEqualTo(a.url().replaceFirst("https://spin\\d\\.rewrite\\.example/", SOURCE)));
        // the generator's help page pairs across its sites but is no label: no word-signal alert on them
        assertThat(alerts)
                .filteredOn(
                        a -> a.type().equals(AlertType.NEAR_COPY) || a.type().equals(AlertType.NEAR_DUPLICATE))
                .noneMatch(a -> a.url().contains("alpha")
                        || a.url().contains("beta")
                        || a.url().contains("gamma"));

        // a hash index holds no words: discovery from it runs, and finds no near copies
        Path index = dir.resolve("index");
        assertThat(Main.run("index", "--input", pages.toString(), "--out", index.toString(), "--set", state))
                .isZero();
        Path fromIndex = dir.resolve("discover-index");
        assertThat(Main.run(
                        "discover",
                        "--input",
                        index.toString(),
                        "--out",
                        fromIndex.toString(),
                        "--set",
                        state,
                        "--set",
                        nearCopy))
                .isZero();
        assertThat(LabelFiles.read(fromIndex.resolve("labels.jsonl")))
                .noneMatch(l -> l.kind().equals(Label.KIND_SHINGLE));
    }
}
