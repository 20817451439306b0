package org.reusedetector.kafka;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;

/**
 * How far a consumer group is behind a topic: the sum over partitions of the last stable offset minus the
 * group's committed offset. The job's sources commit at each checkpoint, so this is the lag as of the last
 * completed checkpoint (records read since then still count). Reads the topic's partitions once.
 */
public final class ConsumerLag implements AutoCloseable {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final Admin admin;
    private final String group;
    private final String topic;

    public ConsumerLag(KafkaConnection connection, String group, String topic) {
        this.admin = KafkaTopics.admin(connection, TIMEOUT);
        this.group = group;
        this.topic = topic;
    }

    /** The lag in records, or empty when Kafka does not answer in time (a restarting broker, say). */
    public OptionalLong records() {
        try {
            TopicDescription description = admin.describeTopics(List.of(topic))
                    .allTopicNames()
                    .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                    .get(topic);
            Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
            description
                    .partitions()
                    .forEach(p -> latest.put(new TopicPartition(topic, p.partition()), OffsetSpec.latest()));
            Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group)
                    .partitionsToOffsetAndMetadata()
                    .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            var ends = admin.listOffsets(latest, new ListOffsetsOptions(IsolationLevel.READ_COMMITTED))
                    .all()
                    .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            long lag = 0;
            for (var end : ends.entrySet()) {
                long endOffset = end.getValue().offset();
                OffsetAndMetadata position = committed.get(end.getKey());
                lag += Math.max(0, endOffset - (position == null ? 0 : position.offset()));
            }
            return OptionalLong.of(lag);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return OptionalLong.empty();
        } catch (Exception e) {
            return OptionalLong.empty();
        }
    }

    @Override
    public void close() {
        admin.close(Duration.ofSeconds(1));
    }
}
