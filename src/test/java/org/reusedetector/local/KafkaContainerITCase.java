package org.reusedetector.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.format.JsonLines;
import org.reusedetector.kafka.KafkaTopics;
import org.reusedetector.kafka.PageReplayer;
import org.reusedetector.kafka.TopicSpec;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.kafka.KafkaContainer;

/**
 * The tooling against a stock Apache Kafka broker in a container, with the broker's default settings (so
 * record limits come from the topics KafkaTopics creates). Skipped where no Docker engine is available.
 */
@Testcontainers(disabledWithoutDocker = true)
class KafkaContainerITCase {

    @Container
    static final KafkaContainer KAFKA = new KafkaContainer("apache/kafka:4.1.0");

    @Test
    void createsTopicsAndReplaysPages(@TempDir Path dir) throws Exception {
        List<TopicSpec> topics = KafkaTopics.detectorTopics("pages", "labels", "alerts", "dead-letters", 3, (short) 1);
        Map<String, Integer> partitions = KafkaTopics.ensure(KAFKA.getBootstrapServers(), topics);
        Path crawl = dir.resolve("crawl.jsonl.gz");
        String page = "{\"url\":\"http://a.example/\",\"fetched_at\":\"2019-01-01T00:00:00Z\",\"body\":\"<p>"
                + "y".repeat(2 * 1024 * 1024) + "</p>\"}";
        try (BufferedWriter writer = JsonLines.writer(crawl)) {
            writer.write(page + "\n");
            writer.write("not json\n");
        }

        PageReplayer.Result result = PageReplayer.replay(crawl, KAFKA.getBootstrapServers(), "pages");

        assertThat(partitions)
                .containsExactly(
                        Map.entry("pages", 3),
                        Map.entry("labels", 3),
                        Map.entry("alerts", 3),
                        Map.entry("dead-letters", 3));
        assertThat(result.records()).isEqualTo(2);
        assertThat(TopicContents.readAll(KAFKA.getBootstrapServers(), "pages"))
                .extracting(ConsumerRecord::value)
                .containsExactlyInAnyOrder(page, "not json");
    }
}
