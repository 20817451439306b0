package org.reusedetector.connector;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.reusedetector.model.Alert;
import org.reusedetector.model.Copy;
import org.reusedetector.model.Evidence;

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

    /** The verdicts table: a bad neighbourhood's verdict under its prefix, and a tombstone (no value) when cleared. */
    @Test
    void aNeighbourhoodAlertWritesItsVerdictUnderItsPrefixAndAClearedOneATombstone() {
        long turnedBad = Instant.parse("2019-03-01T00:00:00Z").toEpochMilli();
        Copy copy = new Copy("source.example", 0.5, 10, 20, "https://source.example/p.html");
        Alert bad = Alert.neighborhood(
                "https://copy.example/docs/", 0.4, 0.2, 12, turnedBad, new Evidence[0], new Copy[] {copy}, 0.3, 0.5);
        Alert cleared = Alert.cleared("https://copy.example/docs/", 0.1, 0.2, 12, turnedBad + 1000);
        KafkaJsonRecords<Alert> verdicts = KafkaJsonRecords.verdicts("verdicts");

        ProducerRecord<byte[], byte[]> record = verdicts.serialize(bad, null, turnedBad);
        assertThat(record.topic()).isEqualTo("verdicts");
        assertThat(new String(record.key(), StandardCharsets.UTF_8)).isEqualTo("https://copy.example/docs/");
        assertThat(new String(record.value(), StandardCharsets.UTF_8))
                .isEqualTo("{\"prefix\":\"https://copy.example/docs/\",\"bad\":true,\"badness\":0.4,"
                        + "\"badness_low\":0.3,\"badness_high\":0.5,\"threshold\":0.2,\"pages\":12,"
                        + "\"copies\":[{\"source\":\"source.example\",\"coverage\":0.5,\"chunks\":10,"
                        + "\"source_chunks\":20,\"example_url\":\"https://source.example/p.html\"}],"
                        + "\"since\":\"2019-03-01T00:00:00Z\"}");

        ProducerRecord<byte[], byte[]> tombstone = verdicts.serialize(cleared, null, turnedBad + 1000);
        assertThat(new String(tombstone.key(), StandardCharsets.UTF_8)).isEqualTo("https://copy.example/docs/");
        assertThat(tombstone.value()).isNull();
    }

    /** A threshold not known yet is left out of the verdict, not written as a string or NaN. */
    @Test
    void aVerdictWithoutAThresholdLeavesItOut() {
        Alert bad = Alert.neighborhood(
                "https://copy.example/", 0.1, Double.NaN, 3, 0L, new Evidence[0], null, Double.NaN, Double.NaN);

        String value = new String(
                KafkaJsonRecords.verdicts("verdicts").serialize(bad, null, 0L).value(), StandardCharsets.UTF_8);

        assertThat(value).doesNotContain("threshold", "NaN", "badness_low").contains("\"copies\":[]");
    }
}
