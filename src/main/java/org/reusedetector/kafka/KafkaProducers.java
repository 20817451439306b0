package org.reusedetector.kafka;

import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringSerializer;

/** Producers of the detector's tooling: text keys, no loss, no duplicates on retry. */
final class KafkaProducers {

    private KafkaProducers() {}

    /**
     * An idempotent producer that waits for all in-sync replicas and compresses with lz4.
     *
     * @param overrides further producer settings (the connection's client properties still apply after them)
     */
    static KafkaProducer<String, String> reliable(KafkaConnection connection, Map<String, Object> overrides) {
        return reliable(connection, overrides, StringSerializer.class);
    }

    /** As {@link #reliable(KafkaConnection, Map)}, with values serialized by {@code values}. */
    static <V> KafkaProducer<String, V> reliable(
            KafkaConnection connection, Map<String, Object> overrides, Class<? extends Serializer<V>> values) {
        Map<String, Object> config = new HashMap<>();
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4");
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, values);
        config.putAll(overrides);
        return new KafkaProducer<>(connection.clientConfig(config));
    }
}
