package org.reusedetector.connector;

import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.reusedetector.format.Json;
import org.reusedetector.model.Alert;
import org.reusedetector.model.DeadLetter;

/** Alerts and dead letters as JSON Kafka records, keyed so that one page or prefix stays on one partition. */
public final class KafkaJsonRecords<T> implements KafkaRecordSerializationSchema<T> {

    private static final long serialVersionUID = 1L;

    private final String topic;
    private final SerializableKey<T> key;

    private KafkaJsonRecords(String topic, SerializableKey<T> key) {
        this.topic = topic;
        this.key = key;
    }

    public static KafkaJsonRecords<Alert> alerts(String topic) {
        return new KafkaJsonRecords<>(topic, alert -> alert.prefix() != null ? alert.prefix() : alert.url());
    }

    public static KafkaJsonRecords<DeadLetter> deadLetters(String topic) {
        return new KafkaJsonRecords<>(topic, DeadLetter::origin);
    }

    @Override
    public ProducerRecord<byte[], byte[]> serialize(T element, KafkaSinkContext context, Long timestamp) {
        String k = key.apply(element);
        return new ProducerRecord<>(topic, null, timestamp, k == null ? null : k.getBytes(StandardCharsets.UTF_8),
                Json.write(element).getBytes(StandardCharsets.UTF_8));
    }

    /** A key extractor that Flink can ship with the job. */
    public interface SerializableKey<T> extends Function<T, String>, Serializable {}
}
