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
 * an expert page into a {@code shingle} label, and the {@code stream} job sketches every page and alerts the expert
 * page's edited copy, whose chunk hashes all differ, as a {@code near-copy} naming the expert page; the copy also
 * counts as a target (a page alert with the near copy as evidence).
 */
@ExtendWith(KafkaBrokerExtension.class)
class NearCopyAlertITCase {

    private static final String EXPERT = "https://expert.example/guide.html";
    private static final String COPY = "https://copy.example/guide.html";

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

    @Test
    void anEditedCopyOfAnExpertPageRaisesANearCopyAlertAndCountsAsATarget() throws Exception {
        Random random = new Random(11);
        List<List<String>> guide = List.of(paragraph(random), paragraph(random), paragraph(random), paragraph(random));
        List<String> original = new ArrayList<>();
        List<String> edited = new ArrayList<>();
        for (List<String> p : guide) {
            original.add(String.join(" ", p));
            List<String> copy = new ArrayList<>(p);
            for (int i = 10; i < copy.size(); i += 25) {
                copy.set(
                        i,
                        copy.get(i)
                                + "q"); // one character added to two words of every paragraph: no chunk hash survives
            }
            edited.add(String.join(" ", copy));
        }
        List<String> crawl = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            crawl.add(TestPages.pageJson(
                    "https://site" + (i % 4) + ".example/p" + i + ".html",
                    "2026-01-01T00:00:00Z",
                    TestPages.html(String.join(" ", paragraph(random)), String.join(" ", paragraph(random)))));
        }
        crawl.add(TestPages.pageJson(COPY, "2026-01-01T00:00:00Z", TestPages.html(edited.toArray(new String[0]))));
        Path pages = write(dir.resolve("pages.jsonl"), crawl);
        Path expert = write(
                dir.resolve("expert.jsonl"),
                List.of(TestPages.pageJson(
                        EXPERT, "2026-01-01T00:00:00Z", TestPages.html(original.toArray(new String[0])))));

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
        assertThat(shingle)
                .singleElement()
                .satisfies(l -> assertThat(l.exampleUrl()).isEqualTo(EXPERT));

        assertThat(Main.run(concat(List.of("stream", "--bounded", "--labels", labels.toString()), settings)))
                .isZero();
        assertThat(Main.run(concat(List.of("stream", "--bounded", "--replay", pages.toString()), settings)))
                .isZero();

        List<Alert> alerts = TopicContents.readAll(bootstrap, alertsTopic).stream()
                .map(r -> read(r.value()))
                .toList();
        assertThat(alerts)
                .filteredOn(a -> a.type().equals(AlertType.NEAR_COPY))
                .singleElement()
                .satisfies(a -> {
                    assertThat(a.url()).isEqualTo(COPY);
                    assertThat(a.matchedUrl()).isEqualTo(EXPERT);
                    assertThat(a.resemblance()).isBetween(0.3, 1.0).isEqualTo(a.badness());
                    assertThat(a.evidence())
                            .singleElement()
                            .satisfies(e -> assertThat(e.kind()).isEqualTo(Label.KIND_SHINGLE));
                });
        assertThat(alerts)
                .filteredOn(a -> a.type().equals(AlertType.PAGE))
                .singleElement()
                .satisfies(a -> {
                    assertThat(a.url()).isEqualTo(COPY);
                    assertThat(a.matchedChunks()).isPositive();
                    assertThat(a.evidence())
                            .anySatisfy(e -> assertThat(e.exampleUrl()).isEqualTo(EXPERT));
                });
    }
}
