package org.reusedetector.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.format.JsonLines;
import org.reusedetector.format.WarcFixture;
import org.reusedetector.local.KafkaBrokerExtension;
import org.reusedetector.local.TopicContents;

@ExtendWith(KafkaBrokerExtension.class)
class PageReplayerITCase {

    @TempDir
    Path dir;

    @Test
    void replaysEveryLineUnchangedKeyedByUrl() throws IOException {
        String bigBody = "<p>" + "x".repeat(3 * 1024 * 1024) + "</p>";
        List<String> lines = List.of(
                "{\"url\":\"http://a.example/1\",\"fetched_at\":\"2019-01-01T00:00:00Z\",\"body\":\"<p>caf\u00e9 \ud83d\ude00</p>\"}",
                "{\"status\":200,\"body\":\"" + bigBody
                        + "\",\"url\":\"http://b.example/big\",\"fetched_at\":\"2019-01-01T00:00:00Z\"}",
                "{\"url\": \"http://c.example/broken\", \"body\": \"unterminated",
                "not json at all",
                "[\"an\",\"array\"]",
                "{\"url\":42,\"body\":\"url is no string\"}");
        Path file = write("crawl.jsonl.gz", lines);
        String topic = pagesTopic();

        PageReplayer.Result result = PageReplayer.replay(file, KafkaBrokerExtension.bootstrapServers(), topic);

        assertThat(result.records()).isEqualTo(6);
        assertThat(result.keyless()).isEqualTo(3);
        assertThat(result.tooLarge()).isZero();
        assertThat(result.bytes()).isGreaterThan(bigBody.length());
        List<ConsumerRecord<String, String>> records =
                TopicContents.readAll(KafkaBrokerExtension.bootstrapServers(), topic);
        assertThat(records)
                .extracting(r -> r.key() + " -> " + r.value())
                .containsExactlyInAnyOrder(
                        "http://a.example/1 -> " + lines.get(0),
                        "http://b.example/big -> " + lines.get(1),
                        "http://c.example/broken -> " + lines.get(2),
                        "null -> " + lines.get(3),
                        "null -> " + lines.get(4),
                        "null -> " + lines.get(5));
    }

    @Test
    void keepsTheOrderOfOneUrlsCrawls() throws IOException {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            lines.add("{\"url\":\"http://same.example/\",\"fetched_at\":\"2019-01-01T00:00:" + String.format("%02d", i)
                    + "Z\",\"body\":\"" + i + "\"}");
        }
        Path file = write("crawl.jsonl", lines);
        String topic = pagesTopic();

        PageReplayer.replay(file, KafkaBrokerExtension.bootstrapServers(), topic);

        assertThat(TopicContents.readAll(KafkaBrokerExtension.bootstrapServers(), topic))
                .extracting(ConsumerRecord::value)
                .containsExactlyElementsOf(lines);
    }

    @Test
    void aRecordTooLargeForTheTopicGoesAsAMarkerTheJobDeadLetters() throws Exception {
        String huge = "{\"url\":\"http://big.example/p\",\"fetched_at\":\"2019-01-01T00:00:00Z\",\"body\":\""
                + "x".repeat(KafkaLimits.MAX_RECORD_BYTES + 10) + "\"}";
        String small = "{\"url\":\"http://a.example/1\",\"fetched_at\":\"2019-01-01T00:00:00Z\",\"body\":\"<p>x</p>\"}";
        Path file =
                write("crawl.jsonl", List.of(small, huge, small)); // a blank line after each: the large one is line 3
        String topic = pagesTopic();

        // a body limit that lets the line be read, so that the topic's limit is what refuses it
        PageReplayer.Result result = PageReplayer.replay(
                file, KafkaConnection.plain(KafkaBrokerExtension.bootstrapServers()), topic, 20 << 20);

        assertThat(result.records()).isEqualTo(3);
        assertThat(result.tooLarge()).isEqualTo(1);
        List<ConsumerRecord<String, String>> records =
                TopicContents.readAll(KafkaBrokerExtension.bootstrapServers(), topic);
        assertThat(records).hasSize(3);
        ConsumerRecord<String, String> marker = records.stream()
                .filter(r -> r.value().contains("reader_error"))
                .findFirst()
                .orElseThrow();
        assertThat(marker.key()).isEqualTo("http://big.example/p");
        assertThat(marker.value().length()).isLessThan(10_000);
        assertThat(org.reusedetector.format.Json.MAPPER
                        .readTree(marker.value())
                        .get("reader_error")
                        .asText())
                .isEqualTo("body-too-large");
        assertThat(org.reusedetector.format.Json.MAPPER
                        .readTree(marker.value())
                        .get("reader_message")
                        .asText())
                .contains("crawl.jsonl:3")
                .contains("exceeds the pages topic's record limit");
    }

    @Test
    void aWarcFileIsReplayedAsPageRecordsWhateverItsName() throws Exception {
        for (String name : List.of("crawl.warc.gz", "misnamed.jsonl")) {
            Path file = dir.resolve(name);
            WarcFixture.writeStandard(file);
            String topic = pagesTopic();

            PageReplayer.Result result = PageReplayer.replay(file, KafkaBrokerExtension.bootstrapServers(), topic);

            List<ConsumerRecord<String, String>> records =
                    TopicContents.readAll(KafkaBrokerExtension.bootstrapServers(), topic);
            assertThat(records).as(name).hasSize(8).hasSize((int) result.records());
            assertThat(records)
                    .extracting(ConsumerRecord::key)
                    .as(name)
                    .contains("https://example.org/nocharset.html")
                    .doesNotContainNull();
            assertThat(records)
                    .extracting(ConsumerRecord::value)
                    .as(name)
                    .allMatch(v -> v.startsWith("{") && v.contains("\"url\""));
        }
    }

    private String pagesTopic() {
        String topic = KafkaBrokerExtension.uniqueName("pages");
        KafkaTopics.ensure(
                KafkaBrokerExtension.bootstrapServers(),
                KafkaTopics.detectorTopics(topic, topic + "-labels", topic + "-alerts", topic + "-dead", 2, (short) 1));
        return topic;
    }

    private Path write(String name, List<String> lines) throws IOException {
        Path file = dir.resolve(name);
        try (BufferedWriter writer = JsonLines.writer(file)) {
            for (String line : lines) {
                writer.write(line);
                writer.write("\n\n");
            }
        }
        return file;
    }
}
