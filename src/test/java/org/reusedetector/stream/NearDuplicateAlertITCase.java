package org.reusedetector.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.reusedetector.stream.AlertTestFiles.concat;
import static org.reusedetector.stream.AlertTestFiles.read;
import static org.reusedetector.stream.AlertTestFiles.write;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.cli.Main;
import org.reusedetector.detection.TestPages;
import org.reusedetector.format.JsonLines;
import org.reusedetector.imatch.Lexicon;
import org.reusedetector.local.KafkaBrokerExtension;
import org.reusedetector.local.TopicContents;
import org.reusedetector.model.Alert;
import org.reusedetector.model.AlertType;
import org.reusedetector.model.Label;

/**
 * The I-Match path end to end on the embedded broker: {@code lexicon} builds the crawl's lexicon and publishes it to
 * its compacted topic, {@code label} turns an expert page into {@code imatch} labels, and the {@code stream} job
 * (with {@code imatch.lexicon}) alerts the expert page's copy, and only it, as a {@code near-duplicate}. The second
 * test has the stream take its lexicon from the topic instead ({@code imatch.lexicon-from-topic}): the newest record.
 */
@ExtendWith(KafkaBrokerExtension.class)
class NearDuplicateAlertITCase {

    private static final String EXPERT = "https://expert.example/guide.html";
    private static final String COPY = "https://copy.example/guide.html";

    @TempDir
    Path dir;

    /** A paragraph of 60 words from a vocabulary of 200: each word is on several of the 30 pages, in the idf band. */
    private static String paragraph(Random random) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 60; i++) {
            int w = random.nextInt(200);
            text.append(" vocab").append((char) ('a' + w / 26)).append((char) ('a' + w % 26));
        }
        return text.toString().trim();
    }

    @Test
    void aCopyOfAnExpertPageRaisesANearDuplicateAlertNamingTheLexiconAndTheExample() throws Exception {
        Random random = new Random(9);
        String guide = paragraph(random);
        List<String> crawl = new ArrayList<>();
        for (int i = 0; i < 28; i++) {
            crawl.add(TestPages.pageJson(
                    "https://site" + (i % 4) + ".example/p" + i + ".html",
                    "2026-01-01T00:00:00Z",
                    TestPages.html(paragraph(random))));
        }
        // the copy wraps the guide in short ad words, which are no lexicon terms
        crawl.add(TestPages.pageJson(
                COPY, "2026-01-01T00:00:00Z", TestPages.html("buy now and win big", guide, "top ads for you")));
        crawl.add(TestPages.pageJson(
                "https://plain.example/other.html", "2026-01-01T00:00:00Z", TestPages.html(paragraph(random))));
        Path pages = write(dir.resolve("pages.jsonl"), crawl);
        Path expert = write(
                dir.resolve("expert.jsonl"),
                List.of(TestPages.pageJson(EXPERT, "2026-01-01T00:00:00Z", TestPages.html(guide))));

        String bootstrap = KafkaBrokerExtension.bootstrapServers();
        String lexiconTopic = KafkaBrokerExtension.uniqueName("lexicon");
        String alertsTopic = KafkaBrokerExtension.uniqueName("alerts");
        Path lexicon = dir.resolve("lexicon.json.gz");
        List<String> settings = AlertTestFiles.streamSettings(
                dir.resolve("state"),
                alertsTopic,
                "kafka.topics.lexicon=" + lexiconTopic,
                "imatch.lexicon=" + lexicon,
                // one copy on its host: reported on its own (host corroboration is CorroborateNearCopiesTest's and
                // NearCopyAlertITCase's)
                "word-signals.min-host-pages=1");

        assertThat(Main.run(concat(
                        List.of("lexicon", "--input", pages.toString(), "--out", lexicon.toString(), "--publish"),
                        settings)))
                .isZero();
        Lexicon built = Lexicon.read(lexicon);
        assertThat(built.terms()).isNotEmpty().allMatch(t -> t.startsWith("vocab"));
        List<ConsumerRecord<String, String>> published = TopicContents.readAll(bootstrap, lexiconTopic);
        assertThat(published)
                .singleElement()
                .satisfies(r -> assertThat(Lexicon.fromJson(r.value())).isEqualTo(built));

        Path labels = dir.resolve("labels.jsonl");
        assertThat(Main.run(
                        concat(List.of("label", "--input", expert.toString(), "--out", labels.toString()), settings)))
                .isZero();
        List<Label> imatch = JsonLines.readAll(labels, Label.class).stream()
                .filter(l -> l.kind().equals(Label.KIND_IMATCH))
                .toList();
        assertThat(imatch)
                .hasSize(built.lexiconCount())
                .allSatisfy(l -> assertThat(l.exampleUrl()).isEqualTo(EXPERT));

        assertThat(Main.run(concat(List.of("stream", "--bounded", "--labels", labels.toString()), settings)))
                .isZero();
        assertThat(Main.run(concat(List.of("stream", "--bounded", "--replay", pages.toString()), settings)))
                .isZero();

        List<Alert> alerts = TopicContents.readAll(bootstrap, alertsTopic).stream()
                .map(r -> read(r.value()))
                .toList();
        assertThat(alerts)
                .filteredOn(a -> a.type().equals(AlertType.NEAR_DUPLICATE))
                .singleElement()
                .satisfies(a -> {
                    assertThat(a.url()).isEqualTo(COPY);
                    assertThat(a.lexicon()).isEqualTo(built.lexiconName(0));
                    assertThat(a.evidence())
                            .singleElement()
                            .satisfies(e -> assertThat(e.exampleUrl()).isEqualTo(EXPERT));
                });
    }

    @Test
    void theStreamSignsWithTheNewestLexiconOfTheTopic() throws Exception {
        Random random = new Random(9);
        String guide = paragraph(random);
        List<String> stale = new ArrayList<>();
        List<String> crawl = new ArrayList<>();
        for (int i = 0; i < 28; i++) {
            stale.add(TestPages.pageJson(
                    "https://old" + (i % 4) + ".example/p" + i + ".html",
                    "2025-01-01T00:00:00Z",
                    TestPages.html(paragraph(random))));
            crawl.add(TestPages.pageJson(
                    "https://site" + (i % 4) + ".example/p" + i + ".html",
                    "2026-01-01T00:00:00Z",
                    TestPages.html(paragraph(random))));
        }
        crawl.add(TestPages.pageJson(
                COPY, "2026-01-01T00:00:00Z", TestPages.html("buy now and win big", guide, "top ads for you")));
        Path stalePages = write(dir.resolve("stale.jsonl"), stale);
        Path pages = write(dir.resolve("pages.jsonl"), crawl);
        Path expert = write(
                dir.resolve("expert.jsonl"),
                List.of(TestPages.pageJson(EXPERT, "2026-01-01T00:00:00Z", TestPages.html(guide))));

        String bootstrap = KafkaBrokerExtension.bootstrapServers();
        String lexiconTopic = KafkaBrokerExtension.uniqueName("lexicon");
        String alertsTopic = KafkaBrokerExtension.uniqueName("alerts");
        List<String> kafka = AlertTestFiles.streamSettings(
                dir.resolve("state"),
                alertsTopic,
                "kafka.topics.lexicon=" + lexiconTopic,
                "word-signals.min-host-pages=1");
        Path old = dir.resolve("old-lexicon.json.gz");
        Path lexicon = dir.resolve("lexicon.json.gz");
        // two corpora (two keys) on the compacted topic: the later one is the stream's
        assertThat(Main.run(concat(
                        List.of("lexicon", "--input", stalePages.toString(), "--out", old.toString(), "--publish"),
                        kafka)))
                .isZero();
        assertThat(Main.run(concat(
                        List.of("lexicon", "--input", pages.toString(), "--out", lexicon.toString(), "--publish"),
                        kafka)))
                .isZero();
        Lexicon newest = Lexicon.read(lexicon);
        assertThat(Lexicon.read(old).id()).isNotEqualTo(newest.id());

        Path labels = dir.resolve("labels.jsonl");
        assertThat(Main.run(concat(
                        List.of(
                                "label",
                                "--input",
                                expert.toString(),
                                "--out",
                                labels.toString(),
                                "--set",
                                "imatch.lexicon=" + lexicon),
                        kafka)))
                .isZero();
        // no lexicon file for the stream: only the topic
        List<String> stream = Stream.concat(kafka.stream(), Stream.of("--set", "imatch.lexicon-from-topic=true"))
                .toList();
        assertThat(Main.run(concat(List.of("stream", "--bounded", "--labels", labels.toString()), stream)))
                .isZero();
        assertThat(Main.run(concat(List.of("stream", "--bounded", "--replay", pages.toString()), stream)))
                .isZero();

        List<Alert> alerts = TopicContents.readAll(bootstrap, alertsTopic).stream()
                .map(r -> read(r.value()))
                .toList();
        assertThat(alerts)
                .filteredOn(a -> a.type().equals(AlertType.NEAR_DUPLICATE))
                .singleElement()
                .satisfies(a -> {
                    assertThat(a.url()).isEqualTo(COPY);
                    assertThat(a.lexicon()).isEqualTo(newest.lexiconName(0));
                });
    }
}
