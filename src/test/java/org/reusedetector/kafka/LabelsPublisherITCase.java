package org.reusedetector.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.format.JsonLines;
import org.reusedetector.format.LabelCodec;
import org.reusedetector.format.SnapshotMarker;
import org.reusedetector.local.KafkaBrokerExtension;
import org.reusedetector.local.TopicContents;
import org.reusedetector.model.Label;

@ExtendWith(KafkaBrokerExtension.class)
class LabelsPublisherITCase {

    private static final String HASH_A = "a9993e364706816aba3e25717850c26c9cd0d89d";
    private static final String HASH_B = "84983e441c3bd26ebaae4aa1f95129e5e54670f1";

    @TempDir
    Path dir;

    private final String bootstrap = KafkaBrokerExtension.bootstrapServers();

    @Test
    void publishesValidLabelsAndReportsInvalidLinesWithTheirNumbers() throws IOException {
        Path file = dir.resolve("labels.jsonl.gz");
        try (BufferedWriter writer = JsonLines.writer(file)) {
            writer.write(
                    "{\"hash\":\"" + HASH_A.toUpperCase() + "\",\"source\":\"expert\",\"text\":\"caf\u00e9\"}\n"); // 1
            writer.write("{\"hash\":\"" + HASH_B + "\",\"kind\":\"file\",\"op\":\"add\"}\n"); // 2
            writer.write("\n"); // 3 (blank)
            writer.write("{\"hash\":\"" + HASH_A + "\",\"op\":\"remove\"}\n"); // 4
            writer.write("{\"hash\": \"broken\n"); // 5
            writer.write("{\"hash\":\"" + HASH_B + "\",\"op\":\"upsert\"}\n"); // 6
            writer.write("{\"kind\":\"chunk\"}\n"); // 7
        }
        String topic = labelsTopic(2);

        LabelsPublisher.Result result = LabelsPublisher.publish(file, bootstrap, topic);

        assertThat(result.published()).isEqualTo(3);
        assertThat(result.invalidCount()).isEqualTo(3);
        assertThat(result.invalid())
                .extracting(LabelsPublisher.InvalidLine::origin)
                .containsExactly("labels.jsonl.gz:5", "labels.jsonl.gz:6", "labels.jsonl.gz:7");
        assertThat(result.invalid()).allSatisfy(line -> assertThat(line.error()).isNotBlank());
        List<ConsumerRecord<String, String>> records = TopicContents.readAll(bootstrap, topic);
        assertThat(records)
                .extracting(r -> r.key() + " -> " + r.value())
                .containsExactlyInAnyOrder(
                        "chunk:" + HASH_A + " -> "
                                + LabelCodec.write(
                                        new Label(HASH_A, "chunk", "add", "expert", null, null, null, "caf\u00e9")),
                        "file:" + HASH_B + " -> "
                                + LabelCodec.write(new Label(HASH_B, "file", "add", null, null, null, null, null)),
                        "chunk:" + HASH_A + " -> "
                                + LabelCodec.write(new Label(HASH_A, "chunk", "remove", null, null, null, null, null)));
        assertThat(records)
                .allSatisfy(r -> assertThat(SnapshotMarker.isMarker(r.value())).isFalse());
        // the remove follows the add of the same key on the same partition
        assertThat(records)
                .filteredOn(r -> r.key().equals("chunk:" + HASH_A))
                .extracting(r -> LabelCodec.parse(r.value()).op())
                .containsExactly("add", "remove");
    }

    @Test
    void writesOneSnapshotMarkerToEveryPartitionAfterTheLabels() throws IOException {
        Path file = dir.resolve("labels.jsonl");
        try (BufferedWriter writer = JsonLines.writer(file)) {
            for (int i = 0; i < 20; i++) {
                writer.write("{\"hash\":\"" + String.format("%040x", i) + "\"}\n");
            }
        }
        String topic = labelsTopic(3);
        LabelsPublisher.publish(file, bootstrap, topic);

        int partitions = LabelsPublisher.writeSnapshotMarkers(bootstrap, topic, "run-1");

        assertThat(partitions).isEqualTo(3);
        List<ConsumerRecord<String, String>> records = TopicContents.readAll(bootstrap, topic);
        List<ConsumerRecord<String, String>> markers =
                records.stream().filter(r -> SnapshotMarker.isMarker(r.value())).toList();
        assertThat(markers)
                .extracting(r -> r.partition() + " " + r.key() + " " + r.value())
                .containsExactly(
                        "0 __snapshot__:0 {\"op\":\"snapshot\",\"run\":\"run-1\",\"partition\":0}",
                        "1 __snapshot__:1 {\"op\":\"snapshot\",\"run\":\"run-1\",\"partition\":1}",
                        "2 __snapshot__:2 {\"op\":\"snapshot\",\"run\":\"run-1\",\"partition\":2}");
        assertThat(records).hasSize(23);
        for (ConsumerRecord<String, String> marker : markers) {
            long lastLabel = records.stream()
                    .filter(r -> r.partition() == marker.partition() && !SnapshotMarker.isMarker(r.value()))
                    .mapToLong(ConsumerRecord::offset)
                    .max()
                    .orElse(-1);
            assertThat(marker.offset())
                    .as("marker after the labels of partition %d", marker.partition())
                    .isGreaterThan(lastLabel);
        }
    }

    @Test
    void markersNeedTheTopic() {
        assertThatThrownBy(() -> LabelsPublisher.writeSnapshotMarkers(
                        bootstrap, KafkaBrokerExtension.uniqueName("missing"), "run-1"))
                .isInstanceOf(IllegalStateException.class);
    }

    private String labelsTopic(int partitions) {
        String topic = KafkaBrokerExtension.uniqueName("labels");
        KafkaTopics.ensure(
                bootstrap, List.of(new TopicSpec(topic, partitions, (short) 1, Map.of("cleanup.policy", "compact"))));
        return topic;
    }
}
