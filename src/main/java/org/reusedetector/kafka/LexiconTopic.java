package org.reusedetector.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Reads the lexicon topic that {@link LexiconPublisher} writes: the stream takes the newest lexicon record (by
 * timestamp; on the usual single partition that is the last offset) when its job is defined.
 */
public final class LexiconTopic {

    /** A lexicon record: the JSON, its key (the corpus) and where it was read. */
    public record Newest(String key, String json, int partition, long offset, long timestamp) {}

    private LexiconTopic() {}

    /**
     * The newest non-tombstone record of {@code topic}, or empty when the topic does not exist or holds none. Reads
     * every partition from its start up to the end offset seen at the call (a compacted lexicon topic holds one record
     * per corpus, plus any not yet compacted).
     */
    public static Optional<Newest> newest(KafkaConnection connection, String topic, Duration timeout) {
        Map<String, Object> config = connection.clientConfig(Map.of(
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, LexiconPublisher.MAX_REQUEST_BYTES,
                ConsumerConfig.FETCH_MAX_BYTES_CONFIG, LexiconPublisher.MAX_REQUEST_BYTES,
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class));
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config)) {
            List<PartitionInfo> infos = consumer.partitionsFor(topic, timeout);
            if (infos == null || infos.isEmpty()) {
                return Optional.empty();
            }
            List<TopicPartition> partitions = new ArrayList<>();
            infos.forEach(info -> partitions.add(new TopicPartition(topic, info.partition())));
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> ends = consumer.endOffsets(partitions, timeout);
            long deadline = System.nanoTime() + timeout.toNanos();
            Newest newest = null;
            while (!reachedEnds(consumer, ends, timeout)) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(
                            "reading the lexicon topic " + topic + " took longer than " + timeout);
                }
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(200))) {
                    if (r.value() != null && (newest == null || r.timestamp() >= newest.timestamp())) {
                        newest = new Newest(r.key(), r.value(), r.partition(), r.offset(), r.timestamp());
                    }
                }
            }
            return Optional.ofNullable(newest);
        }
    }

    private static boolean reachedEnds(
            KafkaConsumer<String, String> consumer, Map<TopicPartition, Long> ends, Duration timeout) {
        for (Map.Entry<TopicPartition, Long> end : ends.entrySet()) {
            if (consumer.position(end.getKey(), timeout) < end.getValue()) {
                return false;
            }
        }
        return true;
    }
}
