package org.reusedetector.kafka;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.reusedetector.format.JsonLines;
import org.reusedetector.format.LabelCodec;
import org.reusedetector.format.SnapshotMarker;
import org.reusedetector.model.Label;
import org.reusedetector.model.SourceRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes to the compacted labels topic: the labels of a file, and the snapshot markers of a run
 * (see {@link SnapshotMarker}).
 */
public final class LabelsPublisher {

    /** A line of a labels file that is no valid label. */
    public record InvalidLine(String origin, String error) {}

    /**
     * @param published labels sent and acknowledged
     * @param invalidCount invalid lines, all of them
     * @param invalid the first {@link #MAX_REPORTED_INVALID} invalid lines, with {@code file:line} and the error
     */
    public record Result(long published, long invalidCount, List<InvalidLine> invalid) {

        public Result {
            invalid = List.copyOf(invalid);
        }

        public boolean hasInvalid() {
            return invalidCount > 0;
        }
    }

    /** Invalid lines kept in detail in a {@link Result}; further ones are only counted. */
    public static final int MAX_REPORTED_INVALID = 1000;

    private static final Logger LOG = LoggerFactory.getLogger(LabelsPublisher.class);

    private LabelsPublisher() {}

    /**
     * Publishes every valid label of a JSON-lines file (plain or {@code .gz}), parsed and normalised by
     * {@link LabelCodec#parse(String)}: key {@link LabelCodec#key(Label)}, value {@link LabelCodec#write(Label)}.
     * A {@code remove} is published as the remove record, not as a tombstone, so that consumers learn what was
     * removed; compaction still keeps one record per key.
     *
     * <p>Invalid lines do not stop the others: they are returned in the result, with their line numbers, and
     * the caller decides whether that is an error (the CLI reports them and exits non-zero).
     *
     * @throws IOException if the file cannot be read
     * @throws IllegalStateException if Kafka refuses a label
     */
    public static Result publish(Path file, String bootstrapServers, String topic) throws IOException {
        return publish(file, KafkaConnection.plain(bootstrapServers), topic);
    }

    /** {@link #publish(Path, String, String)} over a configured connection (TLS, SASL). */
    public static Result publish(Path file, KafkaConnection connection, String topic) throws IOException {
        long published = 0;
        long invalidCount = 0;
        List<InvalidLine> invalid = new ArrayList<>();
        AtomicReference<Exception> failure = new AtomicReference<>();
        try (KafkaProducer<String, String> producer = KafkaProducers.reliable(connection, Map.of());
                JsonLines.CloseableIterator<SourceRecord> records = JsonLines.records(file)) {
            while (records.hasNext() && failure.get() == null) {
                SourceRecord record = records.next();
                Label label;
                try {
                    label = LabelCodec.parse(record.value());
                } catch (IllegalArgumentException e) {
                    invalidCount++;
                    if (invalid.size() < MAX_REPORTED_INVALID) {
                        invalid.add(new InvalidLine(record.origin(), e.getMessage()));
                    }
                    continue;
                }
                producer.send(
                        new ProducerRecord<>(topic, LabelCodec.key(label), LabelCodec.write(label)),
                        (metadata, error) -> {
                            if (error != null) {
                                failure.compareAndSet(null, error);
                            }
                        });
                published++;
            }
            producer.flush();
        }
        if (failure.get() != null) {
            throw new IllegalStateException(
                    "publishing labels from " + file + " to topic " + topic + " failed: "
                            + failure.get().getMessage(),
                    failure.get());
        }
        LOG.info("Published {} labels from {} to topic {}; {} invalid lines", published, file, topic, invalidCount);
        return new Result(published, invalidCount, invalid);
    }

    /**
     * Writes the marker of run {@code runId} to every partition of the labels topic (explicit partition
     * numbers) and waits until all are acknowledged, so that they follow every label written before.
     *
     * @return the number of partitions of the topic, i.e. of markers written
     * @throws IllegalStateException if the topic does not exist or a marker cannot be written
     */
    public static int writeSnapshotMarkers(String bootstrapServers, String topic, String runId) {
        return writeSnapshotMarkers(KafkaConnection.plain(bootstrapServers), topic, runId);
    }

    /** {@link #writeSnapshotMarkers(String, String, String)} over a configured connection (TLS, SASL). */
    public static int writeSnapshotMarkers(KafkaConnection connection, String topic, String runId) {
        try {
            int partitions = partitionCount(connection, topic);
            writeMarkers(connection, topic, runId, partitions);
            LOG.info("Wrote snapshot markers of run {} to the {} partitions of topic {}", runId, partitions, topic);
            return partitions;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while writing snapshot markers to " + topic, e);
        } catch (ExecutionException | RuntimeException e) {
            Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
            throw new IllegalStateException(
                    "cannot write snapshot markers of run " + runId + " to topic " + topic + ": " + cause.getMessage(),
                    cause);
        }
    }

    private static void writeMarkers(KafkaConnection connection, String topic, String runId, int partitions)
            throws InterruptedException, ExecutionException {
        try (KafkaProducer<String, String> producer = KafkaProducers.reliable(connection, Map.of())) {
            List<Future<RecordMetadata>> sent = new ArrayList<>();
            for (int partition = 0; partition < partitions; partition++) {
                SnapshotMarker marker = new SnapshotMarker(runId, partition);
                sent.add(producer.send(new ProducerRecord<>(topic, partition, marker.key(), marker.toJson())));
            }
            producer.flush();
            for (Future<RecordMetadata> future : sent) {
                future.get();
            }
        }
    }

    /** Asks an admin client rather than the producer: it fails at once for a missing topic instead of blocking. */
    private static int partitionCount(KafkaConnection connection, String topic)
            throws InterruptedException, ExecutionException {
        try (Admin admin = KafkaTopics.admin(connection, KafkaTopics.DEFAULT_TIMEOUT)) {
            return admin.describeTopics(List.of(topic))
                    .allTopicNames()
                    .get()
                    .get(topic)
                    .partitions()
                    .size();
        }
    }
}
