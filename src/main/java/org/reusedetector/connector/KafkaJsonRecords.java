package org.reusedetector.connector;

import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.reusedetector.format.Json;
import org.reusedetector.model.Alert;
import org.reusedetector.model.DeadLetter;
import org.reusedetector.model.PrefixVerdict;

/**
 * Alerts, verdicts and dead letters as JSON Kafka records, keyed so that one page or prefix stays on one partition.
 *
 * <p>A record's Kafka timestamp is the time it is written, not the Flink timestamp of the element: an alert's element
 * time is the fetch time of its page, and the topic's time-based retention counts from the record timestamp, so
 * the alerts of a backfill over pages fetched more than {@code retention.ms} ago (7 days by default) would be
 * deleted at the broker's next retention check, minutes after they were committed. The page's time is in the
 * alert itself ({@code event_time}), beside {@code detected_at}.
 */
public final class KafkaJsonRecords<T> implements KafkaRecordSerializationSchema<T> {

    private static final long serialVersionUID = 1L;

    private final String topic;
    private final SerializableKey<T> key;
    private final SerializableValue<T> value;

    private KafkaJsonRecords(String topic, SerializableKey<T> key) {
        this(topic, key, Json::write);
    }

    private KafkaJsonRecords(String topic, SerializableKey<T> key, SerializableValue<T> value) {
        this.topic = topic;
        this.key = key;
        this.value = value;
    }

    public static KafkaJsonRecords<Alert> alerts(String topic) {
        return new KafkaJsonRecords<>(topic, alert -> alert.prefix() != null ? alert.prefix() : alert.url());
    }

    /**
     * The verdicts table from the neighbourhood alerts: keyed by prefix, so that compaction keeps each neighbourhood's
     * latest record; a {@code neighborhood} alert writes its {@link PrefixVerdict}, a {@code cleared} one a tombstone
     * (null value). Only {@link PrefixVerdict#changesVerdict} alerts may be given.
     */
    public static KafkaJsonRecords<Alert> verdicts(String topic) {
        return new KafkaJsonRecords<>(topic, Alert::prefix, alert -> {
            PrefixVerdict verdict = PrefixVerdict.of(alert);
            return verdict == null ? null : Json.write(verdict);
        });
    }

    public static KafkaJsonRecords<DeadLetter> deadLetters(String topic) {
        return new KafkaJsonRecords<>(topic, DeadLetter::origin);
    }

    /** The element's Flink timestamp ({@code elementTime}) is left out: the producer stamps the record when it sends it. */
    @Override
    public ProducerRecord<byte[], byte[]> serialize(T element, KafkaSinkContext context, Long elementTime) {
        String k = key.apply(element);
        String v = value.apply(element);
        return new ProducerRecord<>(
                topic,
                null,
                null,
                k == null ? null : k.getBytes(StandardCharsets.UTF_8),
                v == null ? null : v.getBytes(StandardCharsets.UTF_8));
    }

    /** A key extractor that Flink can ship with the job. */
    public interface SerializableKey<T> extends Function<T, String>, Serializable {}

    /** A record value as JSON, {@code null} for a tombstone, that Flink can ship with the job. */
    public interface SerializableValue<T> extends Function<T, String>, Serializable {}
}
