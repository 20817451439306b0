package org.reusedetector.kafka;

import java.util.Map;
import java.util.Objects;

/**
 * A topic the detector needs, as {@link KafkaTopics} creates it when missing.
 *
 * @param name topic name
 * @param partitions partitions when created (an existing topic keeps its own)
 * @param replicationFactor replication factor when created
 * @param configs topic configuration when created; {@code cleanup.policy} is also checked on an existing topic
 */
public record TopicSpec(String name, int partitions, short replicationFactor, Map<String, String> configs) {

    public static final String CLEANUP_POLICY = "cleanup.policy";

    public TopicSpec {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("blank topic name");
        }
        if (partitions <= 0) {
            throw new IllegalArgumentException("topic " + name + ": partitions must be positive, got " + partitions);
        }
        if (replicationFactor <= 0) {
            throw new IllegalArgumentException(
                    "topic " + name + ": replication factor must be positive, got " + replicationFactor);
        }
        configs = Map.copyOf(configs);
    }

    /** The cleanup policy the topic must have, or {@code null} when the spec leaves it to the broker. */
    public String cleanupPolicy() {
        return configs.get(CLEANUP_POLICY);
    }
}
