package org.reusedetector.benchmark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.reusedetector.config.ConfigArguments;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.detection.JobEnvironment;
import org.reusedetector.format.JsonLines;
import org.reusedetector.kafka.KafkaTopics;
import org.reusedetector.kafka.LabelsPublisher;
import org.reusedetector.local.EmbeddedKafkaBroker;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.stream.StreamingJob;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code benchmark latency}: pages are produced at a fixed rate into the pages topic of an embedded broker
 * while the streaming job runs (exactly once), and a read_committed consumer of the alerts topic takes, for
 * every page or file alert, the time from the page's send to the alert's arrival (ingest → alert) and to the
 * alert's {@code detected_at} (ingest → detection, before the transaction commits).
 */
@Command(
        name = "latency",
        mixinStandardHelpOptions = true,
        description =
                "Ingest-to-alert latency (p50, p99) of the streaming job at given fractions of a maximum rate, with exactly-once output; "
                        + "also ingest-to-detection, which leaves out the wait for the checkpoint that commits the alert.")
final class LatencyBenchmark implements Callable<Integer> {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Mixin
    ConfigArguments configOptions;

    @Option(
            names = "--input",
            required = true,
            paramLabel = "FILE",
            description = "A JSONL(.gz) crawl; each page is sent once, in file order.")
    Path input;

    @Option(names = "--labels", required = true, paramLabel = "FILE", description = "A labels file.")
    Path labels;

    @Option(
            names = "--max-rate",
            required = true,
            paramLabel = "PAGES_S",
            description = "The job's measured maximum rate (benchmark stream).")
    double maxRate;

    @Option(
            names = "--loads",
            split = ",",
            defaultValue = "0.5,0.8",
            description = "Fractions of --max-rate to measure (default: ${DEFAULT-VALUE}).")
    List<Double> loads;

    @Option(
            names = "--warm-up",
            defaultValue = "1000",
            description = "Pages sent first at the lowest load, not measured (default: ${DEFAULT-VALUE}).")
    int warmUp;

    @Mixin
    BenchmarkFigures figures;

    @Override
    public Integer call() throws Exception {
        ReuseDetectorConfig config = configOptions.load();
        Path work = Files.createTempDirectory("reuse-detector-latency");
        List<SourceRecord> pages = pagesWithUrls(input);
        Duration checkpoints = config.get(ReuseDetectorOptions.CHECKPOINT_INTERVAL);
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start(0, work.resolve("kafka"))) {
            String bootstrap = broker.bootstrapServers();
            KafkaTopics.ensure(bootstrap, KafkaTopics.detectorTopics(config));
            String labelsTopic = config.get(ReuseDetectorOptions.TOPIC_LABELS);
            LabelsPublisher.publish(labels, bootstrap, labelsTopic);
            String run = UUID.randomUUID().toString();
            int labelPartitions = LabelsPublisher.writeSnapshotMarkers(bootstrap, labelsTopic, run);
            config = config.with(Map.of(
                    "flink.execution.checkpointing.dir",
                    work.resolve("checkpoints").toUri().toString(),
                    "job.state-dir",
                    work.resolve("flink").toString()));
            StreamExecutionEnvironment env = JobEnvironment.create(config, RuntimeExecutionMode.STREAMING);
            StreamingJob.define(
                    env, config, new StreamingJob.Wiring(bootstrap, run, labelPartitions, false, null, null));
            JobClient job = env.executeAsync("reuse-detector latency");
            Map<String, Long> sent = new ConcurrentHashMap<>();
            List<long[]> arrivals =
                    Collections.synchronizedList(new ArrayList<>()); // {sent ms, arrived ms, detected ms}
            AtomicBoolean stop = new AtomicBoolean();
            String alertsTopic = config.get(ReuseDetectorOptions.TOPIC_ALERTS);
            Thread consumer =
                    new Thread(() -> consume(bootstrap, alertsTopic, sent, arrivals, stop), "alerts-consumer");
            consumer.start();
            String pagesTopic = config.get(ReuseDetectorOptions.TOPIC_PAGES);
            Duration drain = checkpoints.multipliedBy(3).plusSeconds(5);
            try (KafkaProducer<String, String> producer = producer(bootstrap)) {
                int next = produce(
                        producer, pagesTopic, pages, 0, Math.min(warmUp, pages.size()), maxRate * loads.get(0), sent);
                Thread.sleep(drain.toMillis());
                int perLoad = (pages.size() - next) / loads.size();
                figures.put("max_rate_pages_s", maxRate)
                        .put("checkpoint_interval_ms", checkpoints.toMillis())
                        .put("parallelism", config.get(ReuseDetectorOptions.PARALLELISM));
                figures.line(
                        "benchmark latency: %s, exactly once, checkpoint interval %d ms, parallelism %d, max rate %.0f pages/s",
                        input, checkpoints.toMillis(), config.get(ReuseDetectorOptions.PARALLELISM), maxRate);
                for (double load : loads) {
                    arrivals.clear();
                    long start = System.nanoTime();
                    int end = Math.min(pages.size(), next + perLoad);
                    next = produce(producer, pagesTopic, pages, next, end, maxRate * load, sent);
                    double seconds = (System.nanoTime() - start) / 1e9;
                    Thread.sleep(drain.toMillis());
                    List<long[]> measured;
                    synchronized (arrivals) {
                        measured = new ArrayList<>(arrivals);
                    }
                    long[] toAlert = measured.stream()
                            .mapToLong(a -> a[1] - a[0])
                            .sorted()
                            .toArray();
                    long[] toDetection = measured.stream()
                            .mapToLong(a -> a[2] - a[0])
                            .sorted()
                            .toArray();
                    String key = "load_" + Math.round(load * 100);
                    figures.put(key + "_pages_s", perLoad / seconds)
                            .put(key + "_alerts", toAlert.length)
                            .put(key + "_p50_ms", percentile(toAlert, 0.5))
                            .put(key + "_p99_ms", percentile(toAlert, 0.99))
                            .put(key + "_detect_p50_ms", percentile(toDetection, 0.5))
                            .put(key + "_detect_p99_ms", percentile(toDetection, 0.99));
                    figures.line(
                            "  %.0f %% load (%.0f pages/s sent, %d pages, %d alerts): ingest -> alert p50 %d ms, p99 %d ms; "
                                    + "ingest -> detection p50 %d ms, p99 %d ms",
                            load * 100,
                            perLoad / seconds,
                            perLoad,
                            toAlert.length,
                            percentile(toAlert, 0.5),
                            percentile(toAlert, 0.99),
                            percentile(toDetection, 0.5),
                            percentile(toDetection, 0.99));
                }
            } finally {
                stop.set(true);
                consumer.join(10_000);
                job.cancel().get(60, TimeUnit.SECONDS);
            }
        }
        BenchmarkCommand.Discovery.deleteTree(work); // the broker's log of the whole crawl
        figures.finish();
        return 0;
    }

    /** Sends pages {@code from} to {@code to} at {@code rate} pages/s (URLs as keys, worked out beforehand); returns {@code to}. */
    private static int produce(
            KafkaProducer<String, String> producer,
            String topic,
            List<SourceRecord> pages,
            int from,
            int to,
            double rate,
            Map<String, Long> sent) {
        long start = System.nanoTime();
        for (int i = from; i < to; i++) {
            long due = start + (long) ((i - from) * 1e9 / rate);
            long wait = due - System.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(wait);
            }
            SourceRecord page = pages.get(i);
            sent.put(page.origin(), System.currentTimeMillis());
            producer.send(new ProducerRecord<>(topic, page.origin(), page.value()));
        }
        producer.flush();
        return to;
    }

    /** The pages with a URL, each as (JSON, URL), in file order; a URL seen before is left out (its alert would be ambiguous). */
    private static List<SourceRecord> pagesWithUrls(Path input) throws Exception {
        List<SourceRecord> pages = new ArrayList<>();
        java.util.Set<String> urls = new java.util.HashSet<>();
        try (JsonLines.CloseableIterator<SourceRecord> records = JsonLines.records(input)) {
            while (records.hasNext()) {
                SourceRecord record = records.next();
                try {
                    String url = MAPPER.readTree(record.value()).path("url").asText(null);
                    if (url != null && urls.add(url)) {
                        pages.add(new SourceRecord(record.value(), url));
                    }
                } catch (Exception e) {
                    // not a page: not sent
                }
            }
        }
        return pages;
    }

    private static void consume(
            String bootstrap, String topic, Map<String, Long> sent, List<long[]> arrivals, AtomicBoolean stop) {
        Properties properties = new Properties();
        properties.put("bootstrap.servers", bootstrap);
        properties.put("group.id", "latency-" + UUID.randomUUID());
        properties.put("isolation.level", "read_committed");
        properties.put("auto.offset.reset", "earliest");
        properties.put("key.deserializer", StringDeserializer.class.getName());
        properties.put("value.deserializer", StringDeserializer.class.getName());
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(properties)) {
            consumer.subscribe(List.of(topic));
            while (!stop.get()) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(50))) {
                    long arrived = System.currentTimeMillis();
                    try {
                        JsonNode alert = MAPPER.readTree(record.value());
                        Long at = sent.get(alert.path("url").asText(""));
                        if (at != null && alert.hasNonNull("detected_at")) {
                            arrivals.add(new long[] {
                                at,
                                arrived,
                                Instant.parse(alert.get("detected_at").asText()).toEpochMilli()
                            });
                        }
                    } catch (Exception e) {
                        // not an alert of a page: not measured
                    }
                }
            }
        }
    }

    private static KafkaProducer<String, String> producer(String bootstrap) {
        Properties properties = new Properties();
        properties.put("bootstrap.servers", bootstrap);
        properties.put("linger.ms", 0); // latency, not throughput
        properties.put("key.serializer", StringSerializer.class.getName());
        properties.put("value.serializer", StringSerializer.class.getName());
        return new KafkaProducer<>(properties);
    }

    static long percentile(long[] sorted, double p) {
        if (sorted.length == 0) {
            return -1;
        }
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)];
    }
}
