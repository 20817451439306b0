package org.reusedetector.kafka;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.format.JsonLines;
import org.reusedetector.format.PageFiles;
import org.reusedetector.format.RawLines;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.util.ValidUnicode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Produces a crawl file (JSON lines or WARC, plain or {@code .gz}) into the pages topic, one record per page record:
 * a JSON line as read, a WARC response as its page-record JSON ({@link PageFiles}). The value is the record exactly
 * as read, also when it is not a valid page record: the job dead-letters those with the reason, so nothing is
 * filtered here. The key is the record's {@code url}, so that crawls of one URL stay in order on one partition;
 * lines without one get no key.
 *
 * <p>Records up to {@link KafkaLimits#MAX_RECORD_BYTES} pass: the topic (see {@code KafkaTopics}) and the broker must
 * accept them too ({@code max.message.bytes}; the embedded broker does). A larger record, or one the broker refuses
 * as too large, is not lost: a small marker record goes to the topic in its place (with its size and its first chars)
 * and the job dead-letters it as {@code body-too-large}, as {@code detect} does with the same record. Lines longer
 * than the parser could accept are not even read into memory. Any other send failure ends the replay.
 */
public final class PageReplayer {

    /**
     * @param records records sent and acknowledged (markers of too-large records included)
     * @param bytes their serialized size, keys and values
     * @param keyless records sent without a key (no {@code url} found)
     * @param tooLarge records that exceeded the producer's or the topic's size limit and went as markers
     * @param elapsed time taken, from opening the file to the last acknowledgement
     */
    public record Result(long records, long bytes, long keyless, long tooLarge, Duration elapsed) {}

    private static final Logger LOG = LoggerFactory.getLogger(PageReplayer.class);
    private static final JsonFactory JSON = new JsonFactory();
    private static final int LOGGED_TOO_LARGE = 10;
    /** Room for the record's key and headers within {@link KafkaLimits#MAX_RECORD_BYTES}. */
    private static final int RECORD_OVERHEAD_BYTES = 64 * 1024;

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

    /** {@link #replay(Path, String, String)} over a configured connection (TLS, SASL), with the default body limit. */
    public static Result replay(Path file, KafkaConnection connection, String topic) throws IOException {
        return replay(file, connection, topic, ReuseDetectorOptions.MAX_BODY_BYTES.defaultValue());
    }

    /**
     * {@link #replay(Path, KafkaConnection, String)} of a page file of any kind; WARC payloads and lines are read up to
     * what a body of {@code maxBodyBytes} needs (the job's {@code chunking.max-body-bytes}).
     */
    public static Result replay(Path file, KafkaConnection connection, String topic, int maxBodyBytes)
            throws IOException {
        long start = System.nanoTime();
        AtomicLong acknowledged = new AtomicLong();
        AtomicLong bytes = new AtomicLong();
        AtomicLong tooLarge = new AtomicLong();
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        Queue<ProducerRecord<String, byte[]>> refused = new ConcurrentLinkedQueue<>();
        long keyless = 0;
        try (KafkaProducer<String, byte[]> producer =
                        KafkaProducers.reliable(connection, producerSettings(), ByteArraySerializer.class);
                RawRecords records = RawRecords.open(file, maxBodyBytes)) {
            for (RawLines.Line next; failure.get() == null && (next = records.next()) != null; ) {
                RawLines.Line record = next;
                String key = urlKey(record.bytes());
                if (key == null) {
                    keyless++;
                }
                byte[] value = record.bytes();
                long size = value.length + (key == null ? 0 : ValidUnicode.utf8Length(key));
                if (size > KafkaLimits.MAX_RECORD_BYTES - RECORD_OVERHEAD_BYTES) {
                    tooLarge.incrementAndGet();
                    value = utf8(tooLargeMarker(text(record), size, key));
                }
                ProducerRecord<String, byte[]> sent = new ProducerRecord<>(topic, key, value);
                producer.send(sent, (metadata, error) -> {
                    if (error == null) {
                        acknowledged.incrementAndGet();
                        bytes.addAndGet(Math.max(0, metadata.serializedKeySize())
                                + (long) Math.max(0, metadata.serializedValueSize()));
                    } else if (error instanceof RecordTooLargeException) {
                        // the broker's or the topic's limit is below ours: the marker goes after the flush
                        tooLarge.incrementAndGet();
                        refused.add(new ProducerRecord<>(
                                topic, key, utf8(tooLargeMarker(text(record), sent.value().length, key))));
                        if (refused.size() <= LOGGED_TOO_LARGE) {
                            LOG.warn(
                                    "Record {} refused as too large, a marker goes in its place: {}",
                                    record.origin(),
                                    error.getMessage());
                        }
                    } else {
                        failure.compareAndSet(
                                null,
                                new IllegalStateException(
                                        "sending " + record.origin() + " to topic " + topic + " failed: "
                                                + error.getMessage(),
                                        error));
                    }
                });
            }
            producer.flush();
            for (ProducerRecord<String, byte[]> marker; (marker = refused.poll()) != null && failure.get() == null; ) {
                String origin = new String(marker.value(), StandardCharsets.UTF_8);
                producer.send(marker, (metadata, error) -> {
                    if (error == null) {
                        acknowledged.incrementAndGet();
                        bytes.addAndGet(Math.max(0, metadata.serializedKeySize())
                                + (long) Math.max(0, metadata.serializedValueSize()));
                    } else {
                        failure.compareAndSet(
                                null,
                                new IllegalStateException(
                                        "sending the marker of a too-large record failed: " + error.getMessage() + " ("
                                                + origin.substring(0, Math.min(200, origin.length())) + ")",
                                        error));
                    }
                });
            }
            producer.flush();
        }
        if (failure.get() != null) {
            throw failure.get();
        }
        Result result = new Result(
                acknowledged.get(), bytes.get(), keyless, tooLarge.get(), Duration.ofNanos(System.nanoTime() - start));
        logRate(file, topic, result);
        return result;
    }

    /**
     * The records of a page file as the bytes to send: JSON lines as stored (the job decodes and checks them), WARC
     * records as their page-record JSON. WARC is known by its name or, whatever the name, by its first bytes.
     */
    interface RawRecords extends AutoCloseable {
        /** The next record, or {@code null} at the end. */
        RawLines.Line next() throws IOException;

        @Override
        void close() throws IOException;

        static RawRecords open(Path file, int maxBodyBytes) throws IOException {
            String name = file.getFileName().toString();
            if (PageFiles.kind(name).isEmpty()) {
                name = name + ".jsonl"; // replay has always taken any file name as JSON lines
            }
            if (!PageFiles.holdsWarc(file, name)) {
                RawLines lines = PageFiles.rawLines(file, name, maxBodyBytes);
                return new RawRecords() {
                    @Override
                    public RawLines.Line next() throws IOException {
                        return lines.next();
                    }

                    @Override
                    public void close() throws IOException {
                        lines.close();
                    }
                };
            }
            JsonLines.CloseableIterator<SourceRecord> records =
                    PageFiles.open(Files.newInputStream(file), name, maxBodyBytes);
            return new RawRecords() {
                @Override
                public RawLines.Line next() {
                    if (!records.hasNext()) {
                        return null;
                    }
                    SourceRecord record = records.next();
                    return new RawLines.Line(utf8(record.value()), record.origin());
                }

                @Override
                public void close() throws IOException {
                    records.close();
                }
            };
        }
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** A raw record as text, for the rare marker that quotes it. */
    private static SourceRecord text(RawLines.Line record) {
        return new SourceRecord(new String(record.bytes(), StandardCharsets.UTF_8), record.origin());
    }

    /** What stands for a record too large for the topic: its size, origin and first chars, dead-lettered by the job. */
    static String tooLargeMarker(SourceRecord record, long bytes, String url) {
        return JsonLines.readerError(
                "body-too-large",
                "record " + record.origin() + " of " + bytes + " bytes exceeds the pages topic's record limit of "
                        + KafkaLimits.MAX_RECORD_BYTES + " bytes; not produced (record_prefix holds its start)",
                record.value(),
                url);
    }

    /**
     * The top-level {@code url} field of a JSON object line, or {@code null} when there is none (not JSON, not
     * an object, no string url). Streams the line and stops at the field, so a large body after it costs
     * nothing and one before it is skipped without being decoded.
     */
    static String urlKey(byte[] line) {
        try (JsonParser parser = JSON.createParser(line)) {
            return urlKey(parser);
        } catch (IOException e) {
            // not valid JSON, or not valid UTF-8: read as the job will, with malformed bytes replaced
            return urlKey(new String(line, StandardCharsets.UTF_8));
        }
    }

    static String urlKey(String line) {
        try (JsonParser parser = JSON.createParser(line)) {
            return urlKey(parser);
        } catch (IOException e) {
            return null;
        }
    }

    private static String urlKey(JsonParser parser) throws IOException {
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
    }

    private static Map<String, Object> producerSettings() {
        return Map.of(
                // large batches and a little lingering: replay is about throughput, not latency
                ProducerConfig.BATCH_SIZE_CONFIG,
                1024 * 1024,
                ProducerConfig.LINGER_MS_CONFIG,
                50,
                ProducerConfig.MAX_REQUEST_SIZE_CONFIG,
                KafkaLimits.MAX_RECORD_BYTES,
                ProducerConfig.BUFFER_MEMORY_CONFIG,
                4L * KafkaLimits.MAX_RECORD_BYTES);
    }

    private static void logRate(Path file, String topic, Result result) {
        double seconds = Math.max(result.elapsed().toNanos() / 1e9, 1e-3);
        double mib = result.bytes() / (1024.0 * 1024.0);
        LOG.info(
                "Replayed {} records ({} MiB) from {} to topic {} in {} s: {} records/s, {} MiB/s; {} without url key, {} too large",
                result.records(),
                String.format("%.1f", mib),
                file,
                topic,
                String.format("%.1f", seconds),
                Math.round(result.records() / seconds),
                String.format("%.1f", mib / seconds),
                result.keyless(),
                result.tooLarge());
    }
}
