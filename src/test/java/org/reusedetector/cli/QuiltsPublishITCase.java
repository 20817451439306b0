package org.reusedetector.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.reusedetector.detection.TestPages.page;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.format.Json;
import org.reusedetector.format.JsonLines;
import org.reusedetector.kafka.AlertsPublisher;
import org.reusedetector.kafka.KafkaConnection;
import org.reusedetector.local.KafkaBrokerExtension;
import org.reusedetector.local.TopicContents;
import org.reusedetector.model.Alert;
import org.reusedetector.model.AlertType;
import org.reusedetector.model.Evidence;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.shingle.QuiltsRun;

/**
 * {@code quilts --publish} against the in-process broker: a committed reader sees exactly the verdicts of the run's
 * {@code quilts.jsonl} as {@code quilt} alerts, once; a run that fails before its commit leaves nothing visible.
 */
@ExtendWith(KafkaBrokerExtension.class)
class QuiltsPublishITCase {

    private static final String[] DONORS = {
        "docs.alpha.org", "www.beta.net", "wiki.gamma.com", "blog.delta.de", "www.epsilon.io"
    };

    @TempDir
    Path dir;

    private final String bootstrap = KafkaBrokerExtension.bootstrapServers();

    /**
     * Five donor sites of three pages each, and two quilts: one stitched from the first paragraph of donors 0 to 3,
     * one from the second paragraph of donors 1 to 4.
     */
    private Path crawl() throws Exception {
        List<SourceRecord> pages = new ArrayList<>();
        List<String> first = new ArrayList<>();
        List<String> second = new ArrayList<>();
        for (int d = 0; d < DONORS.length; d++) {
            for (int p = 0; p < 3; p++) {
                String paragraph = ShingleCommandsITCase.text("donor" + d + "page" + p, 30 + 5 * d);
                if (p == 0 && d < 4) {
                    first.add(paragraph);
                }
                if (p == 1 && d > 0) {
                    second.add(paragraph);
                }
                pages.add(page(
                        "https://" + DONORS[d] + "/p" + p + ".html",
                        "2026-01-01T00:00:00Z",
                        ShingleCommandsITCase.text("nav of " + d, 12),
                        paragraph,
                        ShingleCommandsITCase.text("own" + d + "x" + p, 60)));
            }
        }
        pages.add(
                page("https://article7.spun-content.biz/a.html", "2026-01-02T08:00:00Z", first.toArray(String[]::new)));
        pages.add(
                page("https://mix.another-spinner.com/b.html", "2026-01-03T09:30:00Z", second.toArray(String[]::new)));
        Path file = dir.resolve("crawl.jsonl.gz");
        try (BufferedWriter writer = JsonLines.writer(file)) {
            for (SourceRecord record : pages) {
                writer.write(record.value());
                writer.newLine();
            }
        }
        return file;
    }

    private String[] quilts(Path crawl, Path out, String topic, boolean publish) {
        List<String> args = new ArrayList<>(List.of(
                "quilts",
                "--input",
                crawl.toString(),
                "--out",
                out.toString(),
                "--set",
                "kafka.bootstrap-servers=" + bootstrap,
                "--set",
                "kafka.topics.alerts=" + topic));
        if (publish) {
            args.add("--publish");
        }
        return args.toArray(String[]::new);
    }

    /** A quilt line as the alert it must become: key, url, event time, badness, threshold, pages, evidence. */
    private static String expected(JsonNode line, double theta) {
        List<String> counted = new ArrayList<>();
        line.get("sources").forEach(s -> {
            if (s.get("counted").asBoolean()) {
                counted.add(s.get("url").asText());
            }
        });
        return String.join(
                " | ",
                line.get("url").asText(),
                AlertType.QUILT.wireName(),
                line.get("url").asText(),
                line.get("event_time").asText(),
                String.valueOf(line.get("covered_fraction").asDouble()),
                String.valueOf(theta),
                String.valueOf(counted.size()),
                counted.toString());
    }

    private static String said(ConsumerRecord<String, String> record) {
        Alert alert;
        try {
            alert = Json.read(record.value(), Alert.class);
        } catch (Exception e) {
            throw new AssertionError(record.value(), e);
        }
        assertThat(alert.evidence())
                .allSatisfy(e -> assertThat(e.kind()).isEqualTo("quilt"))
                .allSatisfy(e -> assertThat(e.hash()).hasSize(40));
        return String.join(
                " | ",
                record.key(),
                alert.type().wireName(),
                alert.url(),
                alert.eventTime(),
                String.valueOf(alert.badness()),
                String.valueOf(alert.threshold()),
                String.valueOf(alert.pages()),
                Arrays.stream(alert.evidence())
                        .map(Evidence::exampleUrl)
                        .toList()
                        .toString());
    }

    @Test
    void publishedAlertsAreExactlyTheVerdictsOfTheRunsQuilts() throws Exception {
        String topic = KafkaBrokerExtension.uniqueName("alerts");
        Path out = dir.resolve("quilts");

        assertThat(Main.run(quilts(crawl(), out, topic, true))).isZero();

        double theta = Json.MAPPER
                .readTree(out.resolve(QuiltsRun.SUMMARY).toFile())
                .get("theta")
                .asDouble();
        List<String> expected = new ArrayList<>();
        for (String line : Files.readAllLines(out.resolve(QuiltsRun.QUILTS), StandardCharsets.UTF_8)) {
            expected.add(expected(Json.MAPPER.readTree(line), theta));
        }
        assertThat(expected)
                .as("the crawl's two quilts")
                .hasSize(2)
                .anyMatch(e -> e.startsWith("https://article7.spun-content.biz/a.html | quilt | "
                        + "https://article7.spun-content.biz/a.html | 2026-01-02T08:00:00Z"));
        List<String> committed = TopicContents.readAll(bootstrap, topic, IsolationLevel.READ_COMMITTED).stream()
                .map(QuiltsPublishITCase::said)
                .toList();
        assertThat(committed).containsExactlyInAnyOrderElementsOf(expected);
        // once: nothing else was written, not even aborted
        assertThat(TopicContents.readAll(bootstrap, topic, IsolationLevel.READ_UNCOMMITTED))
                .hasSize(expected.size());
    }

    /**
     * A run that died with its transaction open (its producer flushed alerts, then the process was gone): the next run
     * fences it and its alerts are aborted; a committed reader sees the next run's alone.
     */
    @Test
    void aRunLeftOpenByACrashIsAbortedByTheNext() throws Exception {
        String topic = KafkaBrokerExtension.uniqueName("alerts");
        Path crawl = crawl();
        // the first run's quilts, to have the topic and a quilt line
        Path first = dir.resolve("first");
        assertThat(Main.run(quilts(crawl, first, topic, false))).isZero();
        org.reusedetector.kafka.KafkaTopics.ensure(
                bootstrap, List.of(new org.reusedetector.kafka.TopicSpec(topic, 2, (short) 1, java.util.Map.of())));
        String line = Files.readAllLines(first.resolve(QuiltsRun.QUILTS)).get(0);
        KafkaProducer<String, String> crashed = new KafkaProducer<>(java.util.Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrap,
                ProducerConfig.TRANSACTIONAL_ID_CONFIG,
                AlertsPublisher.transactionalId(QuiltsCommand.PUBLISHER, topic),
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class));
        try {
            crashed.initTransactions();
            crashed.beginTransaction();
            Alert alert = Json.read(line, QuiltsRun.QuiltLine.class).alert(0.5);
            crashed.send(new ProducerRecord<>(topic, alert.url(), Json.write(alert)));
            crashed.flush();

            assertThat(Main.run(quilts(crawl, dir.resolve("next"), topic, true)))
                    .isZero();

            assertThat(TopicContents.readAll(bootstrap, topic, IsolationLevel.READ_UNCOMMITTED))
                    .as("the crashed run's alert is in the log")
                    .hasSize(3);
            assertThat(TopicContents.readAll(bootstrap, topic, IsolationLevel.READ_COMMITTED))
                    .as("but only the next run's are committed")
                    .hasSize(2);
        } finally {
            crashed.close(java.time.Duration.ZERO);
        }
    }

    @Test
    void aRunThatFailsBeforeItsCommitLeavesNothingVisible() throws Exception {
        String topic = KafkaBrokerExtension.uniqueName("alerts");
        Path out = dir.resolve("quilts");
        assertThat(Main.run(quilts(crawl(), out, topic, true))).isZero();
        int before = TopicContents.readAll(bootstrap, topic).size();
        assertThat(before).isEqualTo(2);

        // the same quilts again, but the file breaks off after them: the run sends both alerts, then fails
        Path broken = dir.resolve("broken-quilts.jsonl");
        List<String> lines = new ArrayList<>(Files.readAllLines(out.resolve(QuiltsRun.QUILTS), StandardCharsets.UTF_8));
        lines.add("{\"url\": \"https://cut.example/off.html\", \"event_ti");
        Files.write(broken, lines, StandardCharsets.UTF_8);
        assertThatThrownBy(() -> {
                    try (Stream<Alert> alerts = QuiltsRun.alerts(broken, 0.5)) {
                        AlertsPublisher.publish(
                                KafkaConnection.plain(bootstrap), topic, QuiltsCommand.PUBLISHER, alerts.iterator());
                    }
                })
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a quilt line");

        assertThat(TopicContents.readAll(bootstrap, topic, IsolationLevel.READ_COMMITTED))
                .as("nothing of the failed run is visible to a committed reader")
                .hasSize(before);

        // the next run (same transactional id) publishes as usual
        assertThat(Main.run(quilts(crawl(), dir.resolve("again"), topic, true))).isZero();
        assertThat(TopicContents.readAll(bootstrap, topic, IsolationLevel.READ_COMMITTED))
                .hasSize(before + 2);
    }
}
