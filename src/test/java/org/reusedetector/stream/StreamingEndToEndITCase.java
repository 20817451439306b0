package org.reusedetector.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.cli.Main;
import org.reusedetector.detection.DetectionWorkflowITCase;
import org.reusedetector.format.Json;
import org.reusedetector.format.JsonLines;
import org.reusedetector.local.KafkaBrokerExtension;
import org.reusedetector.local.TopicContents;
import org.reusedetector.model.Alert;
import org.reusedetector.model.AlertType;
import org.reusedetector.model.DeadLetter;
import org.reusedetector.model.SourceRecord;

/**
 * The {@code stream} command end to end on a real Kafka broker: a crawl and a labels file go into topics,
 * the bounded job runs, and the alert and dead-letter topics (read committed) hold exactly what they should.
 */
@ExtendWith(KafkaBrokerExtension.class)
class StreamingEndToEndITCase {

    @TempDir
    Path dir;

    @Test
    void pagesAndLabelsThroughKafkaBecomeExactlyTheExpectedAlertsAndDeadLetters() throws Exception {
        String bootstrap = KafkaBrokerExtension.bootstrapServers();
        String pagesTopic = KafkaBrokerExtension.uniqueName("pages");
        String labelsTopic = KafkaBrokerExtension.uniqueName("labels");
        String alertsTopic = KafkaBrokerExtension.uniqueName("alerts");
        String deadTopic = KafkaBrokerExtension.uniqueName("dead-letters");
        List<String> settings = List.of(
                "--set", "kafka.bootstrap-servers=" + bootstrap,
                "--set", "kafka.topics.pages=" + pagesTopic,
                "--set", "kafka.topics.labels=" + labelsTopic,
                "--set", "kafka.topics.alerts=" + alertsTopic,
                "--set", "kafka.topics.dead-letters=" + deadTopic,
                "--set", "kafka.group-id=" + KafkaBrokerExtension.uniqueName("detector"),
                "--set", "job.state-dir=" + dir.resolve("state"),
                "--set", "job.checkpoint-interval=1s",
                "--set", "neighborhood.min-neighborhoods=12");

        Path pages = dir.resolve("pages.jsonl.gz");
        write(pages, DetectionWorkflowITCase.corpus());
        Path labels = dir.resolve("labels.jsonl");
        write(
                labels,
                DetectionWorkflowITCase.labels().stream()
                        .filter(r -> r.value().contains("\"kind\""))
                        .toList()); // labels only: the command writes its own markers

        // first run creates the topics and loads the labels; an invalid label is then put on the topic directly
        // (the publisher refuses invalid lines, but other producers may not)
        assertThat(Main.run(concat(List.of("stream", "--bounded", "--labels", labels.toString()), settings)))
                .isZero();
        Properties producer = new Properties();
        producer.put("bootstrap.servers", bootstrap);
        try (var p = new KafkaProducer<>(producer, new StringSerializer(), new StringSerializer())) {
            p.send(new ProducerRecord<>(labelsTopic, "chunk:xyz", "{\"hash\":\"xyz\"}"))
                    .get();
        }

        Path alertsFile = dir.resolve("alerts.jsonl");
        int exit = Main.run(concat(
                List.of("stream", "--bounded", "--replay", pages.toString(), "--alerts-out", alertsFile.toString()),
                settings));
        assertThat(exit).isZero();

        List<Alert> alerts = TopicContents.readAll(bootstrap, alertsTopic).stream()
                .map(r -> read(r.value(), Alert.class))
                .toList();
        assertThat(alerts)
                .filteredOn(a -> a.type() == AlertType.PAGE)
                .extracting(Alert::url)
                .containsExactlyInAnyOrder(
                        "https://copy.example/docs/p0.html",
                        "https://copy.example/docs/p1.html",
                        "https://copy.example/docs/p2.html",
                        "https://copy.example/docs/p3.html",
                        "https://copy.example/docs/p4.html",
                        "https://copy.example/docs/p5.html");
        assertThat(alerts).filteredOn(a -> a.type() == AlertType.PAGE).allSatisfy(a -> {
            assertThat(a.badness()).isEqualTo(2.0 / 3);
            assertThat(a.matchedChunks()).isEqualTo(2);
            assertThat(a.evidence()).extracting(e -> e.exampleUrl()).containsOnly("https://expert.example/p.html");
        });
        assertThat(alerts)
                .filteredOn(a -> a.type() == AlertType.NEIGHBORHOOD)
                .extracting(Alert::prefix)
                .containsExactlyInAnyOrder("https://copy.example/", "https://copy.example/docs/");
        assertThat(alerts).hasSize(8);
        // keyed by URL or prefix, so that one page's or neighbourhood's alerts stay in order on one partition
        assertThat(TopicContents.readAll(bootstrap, alertsTopic))
                .extracting(ConsumerRecord::key)
                .allMatch(k -> k.startsWith("https://copy.example/"));
        assertThat(Files.readAllLines(alertsFile)).hasSize(8);

        List<DeadLetter> dead = TopicContents.readAll(bootstrap, deadTopic).stream()
                .map(r -> read(r.value(), DeadLetter.class))
                .toList();
        assertThat(dead)
                .extracting(DeadLetter::reason)
                .containsExactlyInAnyOrder("invalid-json", "missing-field", "invalid-url", "not-html", "invalid-label");
        assertThat(dead)
                .filteredOn(d -> d.reason().equals("invalid-json"))
                .singleElement()
                .satisfies(d -> {
                    assertThat(d.original()).isEqualTo("{not json");
                    assertThat(d.origin()).startsWith(pagesTopic + "/");
                });
        assertThat(dead)
                .filteredOn(d -> d.reason().equals("invalid-label"))
                .singleElement()
                .satisfies(d -> assertThat(d.origin()).startsWith(labelsTopic + "/"));
    }

    private static void write(Path file, List<SourceRecord> records) throws Exception {
        try (BufferedWriter writer = JsonLines.writer(file)) {
            for (SourceRecord record : records) {
                writer.write(record.value());
                writer.newLine();
            }
        }
    }

    private static String[] concat(List<String> a, List<String> b) {
        return Stream.concat(a.stream(), b.stream()).toArray(String[]::new);
    }

    private static <T> T read(String json, Class<T> type) {
        try {
            return Json.read(json, type);
        } catch (Exception e) {
            throw new AssertionError(json, e);
        }
    }
}
