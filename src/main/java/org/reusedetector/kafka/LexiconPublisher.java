package org.reusedetector.kafka;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.TopicConfig;

/**
 * Writes an I-Match lexicon to its compacted topic: one record per key (the corpus), so that compaction keeps the
 * latest lexicon of each corpus and a reader learns which version the stream should use. Compressed, since a lexicon
 * is one large record of repetitive text.
 */
public final class LexiconPublisher {

    /** Large enough for a lexicon of some hundred thousand terms before compression. */
    static final int MAX_REQUEST_BYTES = 16 * 1024 * 1024;

    private LexiconPublisher() {}

    /**
     * Creates the topic if it does not exist (one partition, compacted, records up to the request limit), sends the
     * lexicon JSON under {@code key} and waits for the acknowledgement.
     */
    public static void publish(
            KafkaConnection connection, String topic, short replicationFactor, String key, String lexiconJson) {
        KafkaTopics.ensure(
                connection,
                List.of(new TopicSpec(
                        topic,
                        1,
                        replicationFactor,
                        Map.of(
                                TopicConfig.CLEANUP_POLICY_CONFIG,
                                TopicConfig.CLEANUP_POLICY_COMPACT,
                                TopicConfig.MAX_MESSAGE_BYTES_CONFIG,
                                String.valueOf(MAX_REQUEST_BYTES)))));
        try (KafkaProducer<String, String> producer = KafkaProducers.reliable(
                connection,
                Map.of(
                        ProducerConfig.COMPRESSION_TYPE_CONFIG,
                        "gzip",
                        ProducerConfig.MAX_REQUEST_SIZE_CONFIG,
                        MAX_REQUEST_BYTES))) {
            producer.send(new ProducerRecord<>(topic, key, lexiconJson)).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while publishing the lexicon to " + topic, e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "publishing the lexicon to topic " + topic + " failed: "
                            + e.getCause().getMessage(),
                    e.getCause());
        }
    }
}
