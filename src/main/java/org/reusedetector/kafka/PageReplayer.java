package org.reusedetector.kafka;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.reusedetector.format.JsonLines;
import org.reusedetector.model.SourceRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Produces a crawl file (JSON lines, plain or {@code .gz}) into the pages topic, one record per non-blank line.
 * The value is the line exactly as read, also when it is not a valid page record: the job dead-letters those
 * with the reason, so nothing is filtered here. The key is the record's {@code url}, so that crawls of one
 * URL stay in order on one partition; lines without one get no key.
 *
 * <p>Records up to {@link KafkaLimits#MAX_RECORD_BYTES} pass: the topic (see {@code KafkaTopics}) and the
 * broker must accept them too ({@code max.message.bytes}; the embedded broker does). A larger record is
 * skipped, counted and logged, instead of failing the whole replay; any other send failure ends it.
 */
public final class PageReplayer {

    /**
     * @param records records sent and acknowledged
     * @param bytes their serialized size, keys and values
     * @param keyless records sent without a key (no {@code url} found)
     * @param tooLarge records skipped because they exceed the producer's or the topic's size limit
     * @param elapsed time taken, from opening the file to the last acknowledgement
     */
    public record Result(long records, long bytes, long keyless, long tooLarge, Duration elapsed) {}

    private static final Logger LOG = LoggerFactory.getLogger(PageReplayer.class);
    private static final JsonFactory JSON = new JsonFactory();
    private static final int LOGGED_TOO_LARGE = 10;

    private PageReplayer() {}

    /**
     * Sends every record of {@code file} to {@code topic} and waits until all are acknowledged.
     *
     * @throws IOException if the file cannot be read
     * @throws IllegalStateException if Kafka refuses a record for another reason than its size
     */
    public static Result replay(Path file, String bootstrapServers, String topic) throws IOException {
        return replay(file, KafkaConnection.plain(bootstrapServers), topic);
    }

    /** {@link #replay(Path, String, String)} over a configured connection (TLS, SASL). */
    public static Result replay(Path file, KafkaConnection connection, String topic) throws IOException {
        long start = System.nanoTime();
        AtomicLong acknowledged = new AtomicLong();
        AtomicLong bytes = new AtomicLong();
        AtomicLong tooLarge = new AtomicLong();
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        long keyless = 0;
        try (KafkaProducer<String, String> producer = KafkaProducers.reliable(connection, producerSettings());
                JsonLines.CloseableIterator<SourceRecord> records = JsonLines.records(file)) {
            while (records.hasNext() && failure.get() == null) {
                SourceRecord record = records.next();
                String key = urlKey(record.value());
                if (key == null) {
                    keyless++;
                }
                producer.send(new ProducerRecord<>(topic, key, record.value()), (metadata, error) -> {
                    if (error == null) {
                        acknowledged.incrementAndGet();
                        bytes.addAndGet(Math.max(0, metadata.serializedKeySize()) + (long) Math.max(0, metadata.serializedValueSize()));
                    } else if (error instanceof RecordTooLargeException) {
                        if (tooLarge.incrementAndGet() <= LOGGED_TOO_LARGE) {
                            LOG.warn("Skipped {}: {}", record.origin(), error.getMessage());
                        }
                    } else {
                        failure.compareAndSet(null, new IllegalStateException(
                                "sending " + record.origin() + " to topic " + topic + " failed: " + error.getMessage(), error));
                    }
                });
            }
            producer.flush();
        }
        if (failure.get() != null) {
            throw failure.get();
        }
        Result result = new Result(acknowledged.get(), bytes.get(), keyless, tooLarge.get(), Duration.ofNanos(System.nanoTime() - start));
        logRate(file, topic, result);
        return result;
    }

    /**
     * The top-level {@code url} field of a JSON object line, or {@code null} when there is none (not JSON, not
     * an object, no string url). Streams the line and stops at the field, so a large body after it costs
     * nothing and one before it is skipped without being decoded.
     */
    static String urlKey(String line) {
        try (JsonParser parser = JSON.createParser(line)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if ("url".equals(field)) {
                    String url = value == JsonToken.VALUE_STRING ? parser.getText() : null;
                    return url == null || url.isBlank() ? null : url;
                }
                parser.skipChildren();
            }
            return null;
        } catch (IOException e) {
            return null;
        }
    }

    private static Map<String, Object> producerSettings() {
        return Map.of(
                // large batches and a little lingering: replay is about throughput, not latency
                ProducerConfig.BATCH_SIZE_CONFIG, 1024 * 1024,
                ProducerConfig.LINGER_MS_CONFIG, 50,
                ProducerConfig.MAX_REQUEST_SIZE_CONFIG, KafkaLimits.MAX_RECORD_BYTES,
                ProducerConfig.BUFFER_MEMORY_CONFIG, 4L * KafkaLimits.MAX_RECORD_BYTES);
    }

    private static void logRate(Path file, String topic, Result result) {
        double seconds = Math.max(result.elapsed().toNanos() / 1e9, 1e-3);
        double mib = result.bytes() / (1024.0 * 1024.0);
        LOG.info("Replayed {} records ({} MiB) from {} to topic {} in {} s: {} records/s, {} MiB/s; {} without url key, {} too large",
                result.records(), String.format("%.1f", mib), file, topic, String.format("%.1f", seconds),
                Math.round(result.records() / seconds), String.format("%.1f", mib / seconds), result.keyless(), result.tooLarge());
    }
}
