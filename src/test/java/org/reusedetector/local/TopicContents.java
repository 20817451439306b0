package org.reusedetector.local;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/** Reads what a topic holds, for assertions in integration tests. */
public final class TopicContents {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private TopicContents() {}

    /** Every record of every partition up to the end offsets at the time of the call, committed ones only. */
    public static List<ConsumerRecord<String, String>> readAll(String bootstrapServers, String topic) {
        return readAll(bootstrapServers, topic, IsolationLevel.READ_COMMITTED);
    }

    /**
     * Every record of every partition up to the end offsets at the time of the call (for read_committed: up to
     * the last stable offset), partition by partition in offset order.
     */
    public static List<ConsumerRecord<String, String>> readAll(String bootstrapServers, String topic, IsolationLevel isolation) {
        return readAll(bootstrapServers, Map.of(), topic, isolation);
    }

    /** As {@link #readAll(String, String, IsolationLevel)}, with further client properties (TLS, SASL). */
    public static List<ConsumerRecord<String, String>> readAll(String bootstrapServers, Map<String, ?> clientProperties, String topic,
            IsolationLevel isolation) {
        Map<String, Object> config = new java.util.HashMap<>(clientProperties);
        config.putAll(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, isolation.toString().toLowerCase(Locale.ROOT),
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, 32 * 1024 * 1024,
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class));
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config)) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic, TIMEOUT).stream()
                    .map(p -> new TopicPartition(topic, p.partition()))
                    .sorted((a, b) -> Integer.compare(a.partition(), b.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions, TIMEOUT);
            List<ConsumerRecord<String, String>> records = new ArrayList<>();
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (partitions.stream().anyMatch(tp -> consumer.position(tp, TIMEOUT) < end.get(tp))) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("did not reach the end of " + topic + " in " + TIMEOUT);
                }
                consumer.poll(Duration.ofMillis(200)).forEach(records::add);
            }
            records.sort((a, b) -> a.partition() != b.partition() ? Integer.compare(a.partition(), b.partition()) : Long.compare(a.offset(), b.offset()));
            return records.stream().filter(r -> r.offset() < end.get(new TopicPartition(r.topic(), r.partition()))).toList();
        }
    }
}
