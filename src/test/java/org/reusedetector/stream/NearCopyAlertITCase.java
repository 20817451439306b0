package org.reusedetector.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.reusedetector.stream.AlertTestFiles.concat;
import static org.reusedetector.stream.AlertTestFiles.read;
import static org.reusedetector.stream.AlertTestFiles.write;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.cli.Main;
import org.reusedetector.detection.TestPages;
import org.reusedetector.format.JsonLines;
import org.reusedetector.local.KafkaBrokerExtension;
import org.reusedetector.local.TopicContents;
import org.reusedetector.model.Alert;
import org.reusedetector.model.AlertType;
import org.reusedetector.model.Label;

/**
 * The near-copy path end to end on the embedded broker: {@code label} (with {@code shingles.near-copy.enabled}) turns
 * two expert pages into {@code shingle} labels, and the {@code stream} job samples every page's word pairs and alerts
 * a host's edited copies of both, whose chunk hashes all differ, as {@code near-copy} alerts naming the expert pages;
 * the copies also count as targets (page alerts with the near copy as evidence). A host with an edited copy of one
 * expert page only is not reported (host corroboration).
 */
@ExtendWith(KafkaBrokerExtension.class)
class NearCopyAlertITCase {

    private static final String EXPERT = "https://expert.example/guide.html";
    private static final String EXPERT_2 = "https://expert.example/intro.html";
    private static final String COPY = "https://copy.example/guide.html";
    private static final String COPY_2 = "https://copy.example/intro.html";
    private static final String LONE = "https://lone.example/guide.html";

    @TempDir
    Path dir;

    /** A paragraph of 60 words from a vocabulary of 2000. */
    private static List<String> paragraph(Random random) {
        List<String> words = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            words.add("word" + random.nextInt(2000));
        }
        return words;
    }

    /** An expert page's text (four paragraphs) and its edited copy: two words of every paragraph changed. */
    private record Guide(List<String> original, List<String> edited) {}

    private static Guide guide(Random random) {
        List<String> original = new ArrayList<>();
        List<String> edited = new ArrayList<>();
        for (int p = 0; p < 4; p++) {
            List<String> words = paragraph(random);
            original.add(String.join(" ", words));
            List<String> copy = new ArrayList<>(words);
            for (int i = 10; i < copy.size(); i += 25) {
                copy.set(
                        i,
                        copy.get(i)
                                + "q"); // one character added to two words of every paragraph: no chunk hash survives
            }
            edited.add(String.join(" ", copy));
        }
        return new Guide(original, edited);
    }

    private static String page(String url, List<String> paragraphs) {
        return TestPages.pageJson(url, "2026-01-01T00:00:00Z", TestPages.html(paragraphs.toArray(new String[0])));
    }

    @Test
    void editedCopiesOfExpertPagesRaiseNearCopyAlertsAndCountAsTargetsOnceTheirHostCopiesTwo() throws Exception {
        Random random = new Random(11);
        Guide guide = guide(random);
        Guide intro = guide(random);
        List<String> crawl = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            crawl.add(TestPages.pageJson(
                    "https://site" + (i % 4) + ".example/p" + i + ".html",
                    "2026-01-01T00:00:00Z",
                    TestPages.html(String.join(" ", paragraph(random)), String.join(" ", paragraph(random)))));
        }
        crawl.add(page(COPY, guide.edited()));
        crawl.add(page(COPY_2, intro.edited()));
        crawl.add(page(LONE, guide.edited())); // a host with one near copy: like a generator's page, not reported
        Path pages = write(dir.resolve("pages.jsonl"), crawl);
        Path expert = write(
                dir.resolve("expert.jsonl"), List.of(page(EXPERT, guide.original()), page(EXPERT_2, intro.original())));

        String bootstrap = KafkaBrokerExtension.bootstrapServers();
        String alertsTopic = KafkaBrokerExtension.uniqueName("alerts");
        List<String> settings =
                AlertTestFiles.streamSettings(dir.resolve("state"), alertsTopic, "shingles.near-copy.enabled=true");

        Path labels = dir.resolve("labels.jsonl");
        assertThat(Main.run(
                        concat(List.of("label", "--input", expert.toString(), "--out", labels.toString()), settings)))
                .isZero();
        List<Label> shingle = JsonLines.readAll(labels, Label.class).stream()
                .filter(l -> l.kind().equals(Label.KIND_SHINGLE))
                .toList();
        assertThat(shingle).extracting(Label::exampleUrl).containsExactlyInAnyOrder(EXPERT, EXPERT_2);

        assertThat(Main.run(concat(List.of("stream", "--bounded", "--labels", labels.toString()), settings)))
                .isZero();
        assertThat(Main.run(concat(List.of("stream", "--bounded", "--replay", pages.toString()), settings)))
                .isZero();

        List<Alert> alerts = TopicContents.readAll(bootstrap, alertsTopic).stream()
                .map(r -> read(r.value()))
                .toList();
        assertThat(alerts)
                .filteredOn(a -> a.type().equals(AlertType.NEAR_COPY))
                .extracting(Alert::url)
                .containsExactlyInAnyOrder(COPY, COPY_2);
        assertThat(alerts)
                .filteredOn(a -> a.type().equals(AlertType.NEAR_COPY) && a.url().equals(COPY))
                .singleElement()
                .satisfies(a -> {
                    assertThat(a.matchedUrl()).isEqualTo(EXPERT);
                    assertThat(a.resemblance()).isBetween(0.3, 1.0).isEqualTo(a.badness());
                    assertThat(a.evidence())
                            .singleElement()
                            .satisfies(e -> assertThat(e.kind()).isEqualTo(Label.KIND_SHINGLE));
                });
        assertThat(alerts)
                .filteredOn(a -> a.type().equals(AlertType.PAGE))
                .extracting(Alert::url)
                .as("the lone copy is scored by its chunks alone: none match")
                .containsExactlyInAnyOrder(COPY, COPY_2);
        assertThat(alerts)
                .filteredOn(a -> a.type().equals(AlertType.PAGE) && a.url().equals(COPY))
                .singleElement()
                .satisfies(a -> {
                    assertThat(a.url()).isEqualTo(COPY);
                    assertThat(a.matchedChunks()).isPositive();
                    assertThat(a.evidence())
                            .anySatisfy(e -> assertThat(e.exampleUrl()).isEqualTo(EXPERT));
                });
    }
}
