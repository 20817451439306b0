package org.reusedetector.benchmark;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.reusedetector.config.ConfigArguments;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.detection.JobEnvironment;
import org.reusedetector.detection.Metrics;
import org.reusedetector.format.JsonLines;
import org.reusedetector.format.PageFiles;
import org.reusedetector.kafka.ConsumerLag;
import org.reusedetector.kafka.KafkaConnection;
import org.reusedetector.kafka.KafkaLimits;
import org.reusedetector.kafka.KafkaTopics;
import org.reusedetector.kafka.LabelsPublisher;
import org.reusedetector.local.EmbeddedKafkaBroker;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.stream.StreamingJob;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code benchmark soak}: the streaming job (embedded Kafka, exactly once, unbounded) over generated pages until it
 * has parsed a given volume, with the heap after a GC, RocksDB's size on disk, the checkpoints' size and the MB/s of
 * each interval printed, to show whether memory stays flat and throughput steady.
 *
 * <p>The pages are a crawl replayed in rounds, each round a new crawl of new pages: round {@code k} puts {@code rk.} in
 * front of every URL's host (a subdomain, so the registrable domain and a page's site stay what they were) and moves
 * every fetch time to round {@code k}'s place: rounds follow each other at the crawl's span plus
 * {@code neighborhood.url-retention} plus a day, the last ending a day before now (the job refuses fetch times in the
 * future). So each
 * round's URLs and neighbourhoods are new, and those of the round before expire by event time while it runs: the state
 * that grows is the state the TTLs and timers must bound. A producer keeps at most {@code --backlog} pages ahead of
 * what the job has committed, so the broker's log stays small, and the broker deletes what is far behind.
 */
@Command(
        name = "soak",
        mixinStandardHelpOptions = true,
        description =
                "The streaming job over generated pages (a crawl replayed in rounds of new URLs and later fetch times) until it"
                        + " has parsed --gigabytes: heap after GC, RocksDB on disk, checkpoints and MB/s per interval.")
final class SoakBenchmark implements Callable<Integer> {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonFactory JSON = new JsonFactory();
    private static final long DAY_MILLIS = TimeUnit.DAYS.toMillis(1);

    @Mixin
    ConfigArguments configOptions;

    @Option(
            names = "--input",
            required = true,
            paramLabel = "FILE",
            description = "A JSONL(.gz) crawl, replayed in rounds.")
    Path input;

    @Option(names = "--labels", required = true, paramLabel = "FILE", description = "A labels file.")
    Path labels;

    @Option(
            names = "--gigabytes",
            defaultValue = "10",
            description = "HTML the job parses before the soak ends, in GB (10^9 bytes) (default: ${DEFAULT-VALUE}).")
    double gigabytes;

    @Option(
            names = "--interval",
            defaultValue = "60",
            description = "Seconds between two lines of figures (default: ${DEFAULT-VALUE}).")
    int intervalSeconds;

    @Option(
            names = "--backlog",
            defaultValue = "10000",
            description = "Pages produced ahead of the job's committed offsets at most (default: ${DEFAULT-VALUE}).")
    long backlog;

    @Option(
            names = "--dir",
            paramLabel = "DIR",
            description =
                    "Directory for the broker's log, RocksDB and checkpoints (default: a temporary one, deleted after).")
    Path dir;

    @Mixin
    BenchmarkFigures figures;

    @Override
    public Integer call() throws Exception {
        ReuseDetectorConfig config = configOptions.load();
        Path work = dir != null ? dir : Files.createTempDirectory("reuse-detector-soak");
        try {
            soak(config, work);
        } finally {
            if (dir == null) {
                LabelsJobBenchmark.deleteTree(work);
            }
        }
        figures.finish();
        return 0;
    }

    private void soak(ReuseDetectorConfig config, Path work) throws Exception {
        Map<String, Object> brokerSettings = Map.of(
                // consumed pages go: the producer stays within --backlog of the job, far inside this
                "log.retention.bytes", String.valueOf(1L << 30),
                "log.segment.bytes", String.valueOf(128 << 20),
                "log.retention.check.interval.ms", "30000");
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start(0, work.resolve("kafka"), brokerSettings)) {
            String bootstrap = broker.bootstrapServers();
            KafkaConnection connection = KafkaConnection.plain(bootstrap);
            KafkaTopics.ensure(bootstrap, KafkaTopics.detectorTopics(config));
            String labelsTopic = config.get(ReuseDetectorOptions.TOPIC_LABELS);
            String pagesTopic = config.get(ReuseDetectorOptions.TOPIC_PAGES);
            LabelsPublisher.publish(labels, bootstrap, labelsTopic);
            String run = UUID.randomUUID().toString();
            int labelPartitions = LabelsPublisher.writeSnapshotMarkers(bootstrap, labelsTopic, run);
            Path stateDir = work.resolve("flink");
            Path checkpoints = work.resolve("checkpoints");
            config = config.with(Map.of(
                    "flink.execution.checkpointing.dir", checkpoints.toUri().toString(),
                    "job.state-dir", stateDir.toString()));
            long shift =
                    config.get(ReuseDetectorOptions.NEIGHBORHOOD_URL_RETENTION).toMillis() + DAY_MILLIS;
            StreamExecutionEnvironment env = JobEnvironment.create(config, RuntimeExecutionMode.STREAMING);
            StreamingJob.define(
                    env, config, new StreamingJob.Wiring(bootstrap, run, labelPartitions, false, null, null));
            JobClient job = env.executeAsync("reuse-detector soak");
            Producer producer = new Producer(
                    connection, pagesTopic, StreamingJob.groupId(config, pagesTopic), shift, (long) (gigabytes * 1e9));
            Thread producing = new Thread(producer, "soak-producer");
            producing.setDaemon(true);
            producing.start();
            figures.line(
                    "benchmark soak: %s in rounds (new hosts, fetch times %d days on per round), labels %s, parallelism %d,"
                            + " until %.1f GB of HTML are parsed",
                    input, shift / DAY_MILLIS, labels, config.get(ReuseDetectorOptions.PARALLELISM), gigabytes);
            // {seconds, GB, MB/s, pages/s, heap MB, RocksDB MB, checkpoints MB, RocksDB info logs MB}
            List<double[]> intervals = new ArrayList<>();
            try {
                measure(job, producer, stateDir.resolve("rocksdb"), checkpoints, intervals);
            } finally {
                producer.stop.set(true);
                producing.join(30_000);
                job.cancel().get(120, TimeUnit.SECONDS);
            }
            if (producer.failure.get() != null) {
                throw producer.failure.get();
            }
            summarise(intervals, producer, config);
        }
    }

    private void measure(JobClient job, Producer producer, Path rocksdb, Path checkpoints, List<double[]> intervals)
            throws Exception {
        long target = (long) (gigabytes * 1e9);
        long start = System.nanoTime();
        long lastBytes = 0;
        long lastPages = 0;
        long lastNanos = start;
        long next = start + TimeUnit.SECONDS.toNanos(intervalSeconds);
        while (lastBytes < target) {
            if (job.getJobStatus().get().isGloballyTerminalState()) {
                throw new IllegalStateException(
                        "the job ended: " + job.getJobExecutionResult().get());
            }
            if (producer.failure.get() != null) {
                throw producer.failure.get();
            }
            long wait = next - System.nanoTime();
            if (wait > 0) {
                Thread.sleep(Math.min(TimeUnit.NANOSECONDS.toMillis(wait) + 1, 1_000));
                continue;
            }
            next += TimeUnit.SECONDS.toNanos(intervalSeconds);
            Map<String, Object> accumulators = job.getAccumulators().get(30, TimeUnit.SECONDS);
            long bytes = number(accumulators.get(Metrics.PAGE_BYTES_PARSED));
            long pages = number(accumulators.get(Metrics.PAGES_PARSED));
            long now = System.nanoTime();
            double seconds = (now - lastNanos) / 1e9;
            System.gc(); // one full collection per interval: the heap figure is what survives it
            Runtime runtime = Runtime.getRuntime();
            double[] row = {
                (now - start) / 1e9,
                bytes / 1e9,
                (bytes - lastBytes) / 1e6 / seconds,
                (pages - lastPages) / seconds,
                (runtime.totalMemory() - runtime.freeMemory()) / 1048576.0,
                LabelsJobBenchmark.sizeOf(rocksdb) / 1048576.0,
                LabelsJobBenchmark.sizeOf(checkpoints) / 1048576.0,
                infoLogSize(rocksdb) / 1048576.0
            };
            intervals.add(row);
            figures.line(
                    "  %6.0f s: %6.2f GB parsed, %5.1f MB/s, %5.0f pages/s; heap after GC %4.0f MB; RocksDB %5.0f MB"
                            + " (%.0f MB of it info logs); checkpoints %5.0f MB; round %d, backlog %d pages;"
                            + " load average %.1f",
                    row[0],
                    row[1],
                    row[2],
                    row[3],
                    row[4],
                    row[5],
                    row[7],
                    row[6],
                    producer.round.get(),
                    producer.lastBacklog.get(),
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                            .getSystemLoadAverage());
            lastBytes = bytes;
            lastPages = pages;
            lastNanos = now;
        }
    }

    private void summarise(List<double[]> intervals, Producer producer, ReuseDetectorConfig config) {
        if (intervals.isEmpty()) {
            return;
        }
        double[] last = intervals.get(intervals.size() - 1);
        // the first interval holds the job's start and the JIT's warm-up: steadiness is judged after it
        List<double[]> steady = intervals.size() > 2 ? intervals.subList(1, intervals.size()) : intervals;
        int half = steady.size() / 2;
        figures.put("gigabytes", last[1])
                .put("seconds", last[0])
                .put("mb_s", last[1] * 1e3 / last[0])
                .put("mb_s_min", steady.stream().mapToDouble(r -> r[2]).min().orElse(0))
                .put("mb_s_max", steady.stream().mapToDouble(r -> r[2]).max().orElse(0))
                .put("mb_s_first_half", mean(steady.subList(0, Math.max(1, half)), 2))
                .put("mb_s_second_half", mean(steady.subList(half, steady.size()), 2))
                .put("heap_mb_first", steady.get(0)[4])
                .put("heap_mb_last", last[4])
                .put(
                        "heap_mb_max",
                        intervals.stream().mapToDouble(r -> r[4]).max().orElse(0))
                .put("rocksdb_mb_first", steady.get(0)[5])
                .put("rocksdb_mb_last", last[5])
                .put(
                        "rocksdb_mb_max",
                        intervals.stream().mapToDouble(r -> r[5]).max().orElse(0))
                .put("rocksdb_info_logs_mb_last", last[7])
                .put("checkpoints_mb_last", last[6])
                .put("rounds", producer.round.get() + 1)
                .put("intervals", intervals.size())
                .put("parallelism", config.get(ReuseDetectorOptions.PARALLELISM))
                .put("cores", Runtime.getRuntime().availableProcessors());
        figures.line(
                "  %.2f GB in %.0f s: %.1f MB/s; per interval after the first %.1f to %.1f MB/s (halves %.1f, %.1f);"
                        + " heap after GC %.0f MB at the second interval, %.0f MB at the end; RocksDB %.0f to %.0f MB",
                last[1],
                last[0],
                last[1] * 1e3 / last[0],
                steady.stream().mapToDouble(r -> r[2]).min().orElse(0),
                steady.stream().mapToDouble(r -> r[2]).max().orElse(0),
                mean(steady.subList(0, Math.max(1, half)), 2),
                mean(steady.subList(half, steady.size()), 2),
                steady.get(0)[4],
                last[4],
                steady.get(0)[5],
                last[5]);
    }

    /**
     * RocksDB's information logs ({@code LOG}, {@code LOG.old.*}) in the state directory: they grow with every flush and
     * compaction whatever the state holds (rolled by Flink's {@code state.backend.rocksdb.log.*}), so the RocksDB figure
     * says how much of it is state only with them told apart.
     */
    static long infoLogSize(Path root) throws IOException {
        if (!Files.isDirectory(root)) {
            return 0;
        }
        List<Path> logs = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(p -> {
                        String name = p.getFileName().toString();
                        return name.equals("LOG") || name.startsWith("LOG.old");
                    })
                    .forEach(logs::add);
        } catch (UncheckedIOException e) {
            return infoLogSize(root); // a directory removed while walked: walk again
        }
        long total = 0;
        for (Path log : logs) {
            try {
                total += Files.size(log);
            } catch (IOException gone) {
                // rolled away since the walk
            }
        }
        return total;
    }

    private static double mean(List<double[]> rows, int column) {
        return rows.stream().mapToDouble(r -> r[column]).average().orElse(0);
    }

    private static long number(Object value) {
        return value instanceof Number n ? n.longValue() : 0;
    }

    /** The top-level {@code url} and {@code fetched_at} strings of a JSON line, or {@code null}. */
    static String[] urlAndFetchTime(String line) {
        String url = null;
        String fetched = null;
        try (JsonParser parser = JSON.createParser(line)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            while ((url == null || fetched == null) && parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if ("url".equals(field) && value == JsonToken.VALUE_STRING) {
                    url = parser.getText();
                } else if ("fetched_at".equals(field) && value == JsonToken.VALUE_STRING) {
                    fetched = parser.getText();
                } else {
                    parser.skipChildren();
                }
            }
        } catch (IOException e) {
            return null;
        }
        return url == null || fetched == null ? null : new String[] {url, fetched};
    }

    /** The page of round {@code k}: host {@code rk.} + host, fetch time + {@code shift}; {@code null} if not a page. */
    static String rewrite(String line, long k, long shift) {
        String[] fields = urlAndFetchTime(line);
        if (fields == null) {
            return null;
        }
        String url = fields[0];
        String fetched = fields[1];
        long at;
        try {
            at = Instant.parse(fetched).toEpochMilli();
        } catch (DateTimeParseException e) {
            return null;
        }
        int scheme = url.indexOf("://");
        String newUrl = scheme < 0 ? url : url.substring(0, scheme + 3) + "r" + k + "." + url.substring(scheme + 3);
        String newFetched = Instant.ofEpochMilli(at + shift).toString();
        String quotedUrl = "\"" + url + "\"";
        String quotedFetched = "\"" + fetched + "\"";
        int u = line.indexOf(quotedUrl);
        int f = line.indexOf(quotedFetched);
        if (u >= 0 && f >= 0 && (f > u + quotedUrl.length() || f + quotedFetched.length() < u)) {
            // the common case: both values as written, no escapes; the body is copied, not parsed
            StringBuilder out = new StringBuilder(line.length() + 16);
            int first = Math.min(u, f);
            boolean urlFirst = u < f;
            String firstOld = urlFirst ? quotedUrl : quotedFetched;
            String secondOld = urlFirst ? quotedFetched : quotedUrl;
            int second = Math.max(u, f);
            out.append(line, 0, first)
                    .append('"')
                    .append(urlFirst ? newUrl : newFetched)
                    .append('"')
                    .append(line, first + firstOld.length(), second)
                    .append('"')
                    .append(urlFirst ? newFetched : newUrl)
                    .append('"')
                    .append(line, second + secondOld.length(), line.length());
            return out.toString();
        }
        try {
            ObjectNode node = (ObjectNode) MAPPER.readTree(line.getBytes(StandardCharsets.UTF_8));
            node.put("url", newUrl);
            node.put("fetched_at", newFetched);
            return MAPPER.writeValueAsString(node);
        } catch (IOException | ClassCastException e) {
            return null;
        }
    }

    /** Produces the crawl round after round, within the backlog, until stopped or the target volume is produced. */
    private final class Producer implements Runnable {
        final AtomicBoolean stop = new AtomicBoolean();
        final AtomicReference<RuntimeException> failure = new AtomicReference<>();
        final AtomicLong round = new AtomicLong();
        final AtomicLong lastBacklog = new AtomicLong();
        private final KafkaConnection connection;
        private final String topic;
        private final String group;
        private final long retentionShift;
        private final long targetBytes;
        private long produced;
        private long minFetch = Long.MAX_VALUE;
        private long maxFetch = Long.MIN_VALUE;

        Producer(KafkaConnection connection, String topic, String group, long retentionShift, long targetBytes) {
            this.connection = connection;
            this.topic = topic;
            this.group = group;
            this.retentionShift = retentionShift;
            this.targetBytes = targetBytes;
        }

        @Override
        public void run() {
            Map<String, Object> settings = new HashMap<>();
            settings.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4");
            settings.put(ProducerConfig.LINGER_MS_CONFIG, 20);
            settings.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, KafkaLimits.MAX_RECORD_BYTES);
            settings.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
            settings.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
            long sentBytes = 0;
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(connection.clientConfig(settings));
                    ConsumerLag lag = new ConsumerLag(connection, group, topic)) {
                // the rounds lie in the past, the last ending a day ago: the job refuses fetch times in the future
                fetchRange();
                long step = Math.max(0, maxFetch - minFetch) + retentionShift;
                long rounds =
                        (long) Math.ceil(targetBytes * 1.5 / Math.max(1, PageFiles.estimateHtmlBytes(List.of(input))))
                                + 2;
                long first = System.currentTimeMillis() - DAY_MILLIS - maxFetch - (rounds - 1) * step;
                for (long k = 0; k < rounds && !stop.get(); k++) {
                    round.set(k);
                    long shift = first + k * step;
                    try (JsonLines.CloseableIterator<SourceRecord> records = JsonLines.records(input)) {
                        while (records.hasNext() && !stop.get()) {
                            String line = rewrite(records.next().value(), k, shift);
                            if (line == null || line.length() * 3L > KafkaLimits.MAX_RECORD_BYTES) {
                                continue;
                            }
                            awaitBacklog(lag);
                            producer.send(new ProducerRecord<>(topic, line));
                            produced++;
                            sentBytes += line.length();
                        }
                    }
                    producer.flush();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (IOException | RuntimeException e) {
                failure.compareAndSet(null, new IllegalStateException("producing the soak's pages failed", e));
            }
        }

        /** The earliest and latest fetch time of the crawl's pages. */
        private void fetchRange() throws IOException {
            try (JsonLines.CloseableIterator<SourceRecord> records = JsonLines.records(input)) {
                while (records.hasNext() && !stop.get()) {
                    String[] fields = urlAndFetchTime(records.next().value());
                    if (fields != null) {
                        try {
                            long at = Instant.parse(fields[1]).toEpochMilli();
                            minFetch = Math.min(minFetch, at);
                            maxFetch = Math.max(maxFetch, at);
                        } catch (DateTimeParseException e) {
                            // not a page the rounds carry
                        }
                    }
                }
            }
            if (minFetch > maxFetch) {
                throw new IllegalStateException("no page with a url and an ISO-8601 fetched_at in " + input);
            }
        }

        private void awaitBacklog(ConsumerLag lag) throws InterruptedException {
            if (produced % 500 != 0) {
                return;
            }
            while (!stop.get()) {
                OptionalLong behind = lag.records();
                long backlogNow = behind.isPresent() ? behind.getAsLong() : produced;
                lastBacklog.set(backlogNow);
                if (backlogNow < backlog) {
                    return;
                }
                Thread.sleep(500);
            }
        }
    }
}
