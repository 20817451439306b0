package org.reusedetector.connector;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.reusedetector.model.Alert;

class KafkaJsonRecordsTest {

    /**
     * An alert's Flink timestamp is its page's fetch time; as the Kafka timestamp it would put a backfill's alerts past
     * the topic's retention, and the broker would delete them. The producer stamps the record instead (null here).
     */
    @Test
    void anAlertIsStampedWhenWrittenNotWithItsPagesFetchTime() {
        long fetched = Instant.parse("2019-03-01T00:00:00Z").toEpochMilli();
        Alert alert = Alert.nearDuplicate("https://copy.example/a.html", fetched, "corpus@2019-03-01:abc#0", null);

        ProducerRecord<byte[], byte[]> record =
                KafkaJsonRecords.alerts("alerts").serialize(alert, null, fetched);

        assertThat(record.timestamp()).isNull();
        assertThat(record.topic()).isEqualTo("alerts");
        assertThat(new String(record.key(), StandardCharsets.UTF_8)).isEqualTo("https://copy.example/a.html");
        assertThat(new String(record.value(), StandardCharsets.UTF_8))
                .contains("\"event_time\":\"2019-03-01T00:00:00Z\"");
    }
}
