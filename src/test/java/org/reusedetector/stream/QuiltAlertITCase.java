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
import org.reusedetector.local.KafkaBrokerExtension;
import org.reusedetector.local.TopicContents;
import org.reusedetector.model.Alert;
import org.reusedetector.model.AlertType;

/**
 * The quilt path end to end on the embedded broker: the {@code stream} job (with {@code shingles.quilt.enabled})
 * indexes the sampled grams of four pages on four sites, then alerts a page stitched from parts of all four as a
 * {@code quilt} naming them, and not a page copied from one of them.
 */
@ExtendWith(KafkaBrokerExtension.class)
class QuiltAlertITCase {

    @TempDir
    Path dir;

    private static List<String> words(Random random, int n) {
        List<String> words = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            words.add("word" + random.nextInt(100_000));
        }
        return words;
    }

    @Test
    void aPageStitchedFromFourSitesRaisesAQuiltAlertNamingThem() throws Exception {
        Random random = new Random(17);
        List<String> crawl = new ArrayList<>();
        List<String> quilt = new ArrayList<>();
        List<String> sources = new ArrayList<>();
        for (int s = 0; s < 4; s++) {
            List<String> text = words(random, 240);
            String url = "https://source" + s + ".example/article.html";
            sources.add(url);
            crawl.add(TestPages.pageJson(url, "2026-01-01T00:00:0" + s + "Z", TestPages.html(String.join(" ", text))));
            quilt.addAll(text.subList(40, 120));
            if (s == 0) {
                crawl.add(TestPages.pageJson(
                        "https://copy.example/article.html",
                        "2026-01-01T00:01:00Z",
                        TestPages.html(String.join(" ", text))));
            }
        }
        // the quilt comes last (one partition, parallelism 1): the index answers with what it holds when its grams
        // arrive
        crawl.add(TestPages.pageJson(
                "https://quilt.example/stitched.html",
                "2026-01-01T00:02:00Z",
                TestPages.html(String.join(" ", quilt))));
        Path pages = write(dir.resolve("pages.jsonl"), crawl);
        Path expert = write(
                dir.resolve("expert.jsonl"),
                List.of(TestPages.pageJson(
                        "https://expert.example/x.html",
                        "2026-01-01T00:00:00Z",
                        TestPages.html(String.join(" ", words(random, 50))))));

        String bootstrap = KafkaBrokerExtension.bootstrapServers();
        String alertsTopic = KafkaBrokerExtension.uniqueName("alerts");
        List<String> settings = AlertTestFiles.streamSettings(
                dir.resolve("state"),
                alertsTopic,
                "job.parallelism=1",
                "kafka.partitions=1",
                "shingles.quilt.enabled=true",
                "shingles.quilt.sample-modulus=2");

        Path labels = dir.resolve("labels.jsonl");
        assertThat(Main.run(
                        concat(List.of("label", "--input", expert.toString(), "--out", labels.toString()), settings)))
                .isZero();
        assertThat(Main.run(concat(List.of("stream", "--bounded", "--labels", labels.toString()), settings)))
                .isZero();
        assertThat(Main.run(concat(List.of("stream", "--bounded", "--replay", pages.toString()), settings)))
                .isZero();

        List<Alert> alerts = TopicContents.readAll(bootstrap, alertsTopic).stream()
                .map(r -> read(r.value()))
                .toList();
        assertThat(alerts)
                .filteredOn(a -> a.type().equals(AlertType.QUILT))
                .singleElement()
                .satisfies(a -> {
                    assertThat(a.url()).isEqualTo("https://quilt.example/stitched.html");
                    assertThat(a.badness()).isGreaterThanOrEqualTo(a.threshold());
                    assertThat(a.evidence())
                            .extracting(e -> e.exampleUrl())
                            .containsExactlyInAnyOrderElementsOf(sources);
                });
    }
}
