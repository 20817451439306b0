package org.reusedetector.connector;

import java.nio.charset.StandardCharsets;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.util.Collector;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.reusedetector.format.Json;
import org.reusedetector.format.LabelCodec;
import org.reusedetector.model.Label;
import org.reusedetector.model.SourceRecord;

/**
 * Kafka records as {@link SourceRecord}s: the value as text and {@code topic/partition/offset} as origin, so
 * that validation happens in the job (where failures become dead letters) rather than in the source (where
 * they would fail the job).
 */
public final class KafkaSourceRecords implements KafkaRecordDeserializationSchema<SourceRecord> {

    private static final long serialVersionUID = 1L;

    private final boolean labels;

    private KafkaSourceRecords(boolean labels) {
        this.labels = labels;
    }

    public static KafkaSourceRecords pages() {
        return new KafkaSourceRecords(false);
    }

    /** For the compacted labels topic: a tombstone (null value) for key {@code kind:hash} removes that label. */
    public static KafkaSourceRecords labels() {
        return new KafkaSourceRecords(true);
    }

    @Override
    public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<SourceRecord> out) {
        String origin = record.topic() + "/" + record.partition() + "/" + record.offset();
        String value = record.value() == null ? null : new String(record.value(), StandardCharsets.UTF_8);
        if (value == null && labels && record.key() != null) {
            Label removal = LabelCodec.removalOf(new String(record.key(), StandardCharsets.UTF_8));
            if (removal != null) {
                value = Json.write(removal);
            }
        }
        out.collect(new SourceRecord(value, origin));
    }

    @Override
    public TypeInformation<SourceRecord> getProducedType() {
        return TypeInformation.of(SourceRecord.class);
    }
}
