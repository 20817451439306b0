package org.reusedetector.kafka;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.reusedetector.format.Json;
import org.reusedetector.model.Alert;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the alerts of a batch run to the alerts topic in one Kafka transaction, so that a consumer reading committed
 * records ({@code isolation.level=read_committed}, as the stream's own alerts need) sees all of a run's alerts or none
 * of them. Records as the stream writes its alerts: key the page URL (a neighbourhood's prefix), value the alert's JSON.
 *
 * <p>The transactional id is fixed per topic and run kind ({@code reuse-detector-<kind>-<topic>}): a run that starts
 * fences a run of the same kind still open and aborts its transaction, so no two runs interleave and an interrupted one
 * leaves nothing for a committed reader.
 */
public final class AlertsPublisher {

    private static final Logger LOG = LoggerFactory.getLogger(AlertsPublisher.class);

    private AlertsPublisher() {}

    /** The transactional id of the runs of {@code kind} that publish to {@code topic}. */
    public static String transactionalId(String kind, String topic) {
        return "reuse-detector-" + kind + "-" + topic;
    }

    /**
     * Sends every alert and commits once at the end. Anything that fails before the commit (an alert that cannot be
     * made, Kafka refusing a record) aborts the transaction: none of the alerts becomes visible to committed readers.
     *
     * @param kind what publishes ({@code quilts}), part of the transactional id
     * @param alerts read lazily; an exception from it aborts the run
     * @return the number of alerts committed
     */
    public static long publish(KafkaConnection connection, String topic, String kind, Iterator<Alert> alerts) {
        Map<String, Object> overrides = new HashMap<>();
        overrides.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId(kind, topic));
        try (KafkaProducer<String, String> producer = KafkaProducers.reliable(connection, overrides)) {
            producer.initTransactions();
            producer.beginTransaction();
            long sent = 0;
            try {
                while (alerts.hasNext()) {
                    Alert alert = alerts.next();
                    producer.send(new ProducerRecord<>(
                            topic, alert.prefix() != null ? alert.prefix() : alert.url(), Json.write(alert)));
                    sent++;
                }
                producer.commitTransaction();
            } catch (RuntimeException e) {
                LOG.warn("Publishing alerts to {} failed after {} sent; aborting the transaction", topic, sent);
                try {
                    producer.abortTransaction();
                } catch (KafkaException abortFailure) {
                    e.addSuppressed(abortFailure);
                }
                throw e;
            }
            return sent;
        }
    }
}
