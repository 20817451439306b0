package org.reusedetector.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.cli.Main;
import org.reusedetector.format.Json;
import org.reusedetector.index.HashIndex;
import org.reusedetector.index.HashIndexReader;
import org.reusedetector.kafka.PageReplayer;
import org.reusedetector.local.KafkaBrokerMain;
import org.reusedetector.local.TopicContents;
import org.reusedetector.model.Alert;
import org.reusedetector.model.AlertType;
import org.reusedetector.model.DeadLetter;

/**
 * The streaming job on a real standalone cluster, every part in its own JVM: a Kafka broker, a JobManager and two
 * TaskManagers (one slot each, so that the job at parallelism 2 runs on both), on the Maven-built cluster classpath
 * (target/cluster-lib) with the thin job jar. Half the crawl is replayed, the job runs and checkpoints (RocksDB, a
 * shared local directory), one TaskManager is killed with SIGKILL, the second half is replayed, a new TaskManager
 * joins and the job recovers. Its committed alerts, dead letters and hash index must then equal those of a
 * failure-free run of the same input on a local mini cluster.
 */
class ClusterITCase {

    private static final Duration STEP_TIMEOUT = Duration.ofMinutes(3);

    @TempDir
    Path dir;

    @Test
    void jobRecoversFromAKilledTaskManagerWithTheAlertsOfAFailureFreeRun() throws Exception {
        CrawlFixture crawl = CrawlFixture.write(dir, 8, 8, 50, 11);
        assertThat(crawl.pages()).isGreaterThanOrEqualTo(500);
        Process broker = startBroker(dir.resolve("broker.log"));
        Thread brokerHook = new Thread(broker::destroyForcibly);
        Runtime.getRuntime().addShutdownHook(brokerHook);
        StandaloneCluster cluster = null;
        String[] job = new String[1];
        String[] bootstrapAddress = new String[1];
        try {
            String bootstrap = awaitBootstrap(broker);
            bootstrapAddress[0] = bootstrap;

            // the reference: a failure-free bounded run on a local mini cluster
            Run reference = new Run("reference", bootstrap, dir, labelsMode());
            assertThat(Main.run(reference.args(
                            "--bounded",
                            "--replay",
                            crawl.all().toString(),
                            "--labels",
                            crawl.labels().toString())))
                    .isZero();
            // the last commit markers reach the partitions just after the job ends
            StandaloneCluster.await(
                    () -> settled(bootstrap, reference.topic("alerts"))
                            && settled(bootstrap, reference.topic("dead-letters")),
                    STEP_TIMEOUT,
                    "no open transactions");
            Outcome expected = reference.outcome();
            log(
                    "reference run: %d alerts (%s), %d dead letters, %d pages in the index",
                    expected.alerts().size(),
                    countByType(expected.alerts()),
                    expected.deadLetters().size(),
                    expected.indexedPages());
            assertThat(expected.indexedPages()).isEqualTo(crawl.pages());
            assertThat(expected.deadLetters()).hasSize(crawl.badRecords());
            assertThat(expected.alerts()).extracting(Alert::type).contains(AlertType.PAGE, AlertType.NEIGHBORHOOD);

            // the cluster: JobManager and two one-slot TaskManagers, each a JVM of its own
            cluster = StandaloneCluster.start(
                    Path.of("target", "cluster-lib"),
                    dir.resolve("cluster"),
                    Map.of("taskmanager.numberOfTaskSlots", "1"),
                    2);
            log(
                    "cluster at %s: JobManager pid %d, TaskManager pids %s",
                    cluster.restAddress(),
                    cluster.jobManagerPid(),
                    cluster.taskManagers().stream().map(Process::pid).toList());
            Run onCluster = new Run("cluster", bootstrap, dir, labelsMode());
            assertThat(Main.run(onCluster.args(
                            "--submit",
                            cluster.restAddress(),
                            "--fresh",
                            "--replay",
                            crawl.firstHalf().toString(),
                            "--labels",
                            crawl.labels().toString())))
                    .isZero();
            StandaloneCluster c = cluster;
            StandaloneCluster.await(() -> (job[0] = c.jobIn("RUNNING")) != null, STEP_TIMEOUT, "the job to run");
            // mid-stream: a checkpoint is done and alerts are committed, and half the crawl is still to come
            StandaloneCluster.await(
                    () -> c.completedCheckpoints(job[0]) >= 2, STEP_TIMEOUT, "two completed checkpoints");
            StandaloneCluster.await(() -> !onCluster.alerts().isEmpty(), STEP_TIMEOUT, "committed alerts");
            int alertsBeforeKill = onCluster.alerts().size();
            Process victim = cluster.taskManagers().get(0);
            long killed = cluster.kill(victim);
            log(
                    "killed TaskManager pid %d (kill -9) after %d checkpoints, %d committed alerts",
                    killed, cluster.completedCheckpoints(job[0]), alertsBeforeKill);

            PageReplayer.replay(crawl.secondHalf(), bootstrap, onCluster.topic("pages"));
            Process replacement = cluster.addTaskManager();
            log("started TaskManager pid %d", replacement.pid());
            StandaloneCluster.await(
                    () -> c.restarts(job[0]) >= 1 && job[0].equals(c.jobIn("RUNNING")),
                    STEP_TIMEOUT,
                    "the job to restart");
            try {
                StandaloneCluster.await(
                        () -> onCluster.outcome().sameCountsAs(expected), STEP_TIMEOUT, "all output committed");
            } catch (IllegalStateException timedOut) {
                Outcome sofar = onCluster.outcome();
                throw new IllegalStateException(
                        timedOut.getMessage()
                                + String.format(
                                        ": alerts %d of %d (%s), dead letters %d of %d, indexed pages %d of %d",
                                        sofar.alerts().size(),
                                        expected.alerts().size(),
                                        countByType(sofar.alerts()),
                                        sofar.deadLetters().size(),
                                        expected.deadLetters().size(),
                                        sofar.indexedPages(),
                                        expected.indexedPages()),
                        timedOut);
            }
            // a few more checkpoints: anything emitted twice would show now
            long checkpoints = cluster.completedCheckpoints(job[0]);
            StandaloneCluster.await(
                    () -> c.completedCheckpoints(job[0]) >= checkpoints + 3, STEP_TIMEOUT, "three more checkpoints");
            Outcome actual = onCluster.outcome();
            long restarts = cluster.restarts(job[0]);
            cluster.cancel(job[0]);
            log(
                    "cluster run: %d alerts (%s), %d dead letters, %d pages in the index; restarts %d; TaskManager pid %d killed, %d started",
                    actual.alerts().size(),
                    countByType(actual.alerts()),
                    actual.deadLetters().size(),
                    actual.indexedPages(),
                    restarts,
                    killed,
                    replacement.pid());

            assertThat(restarts).isGreaterThanOrEqualTo(1);
            assertThat(actual.alertKeys()).containsExactlyInAnyOrderElementsOf(expected.alertKeys());
            assertThat(actual.alerts())
                    .filteredOn(a -> a.type().equals(AlertType.NEIGHBORHOOD))
                    .extracting(Alert::prefix)
                    .doesNotHaveDuplicates();
            assertThat(actual.deadLetterReasons()).isEqualTo(expected.deadLetterReasons());
            assertThat(actual.indexedPages()).isEqualTo(expected.indexedPages());
            assertThat(actual.indexedUrls()).isEqualTo(actual.indexedPages()); // no page indexed twice
        } catch (Exception | AssertionError e) {
            if (cluster != null) {
                keepDiagnostics(cluster, job[0], bootstrapAddress[0], e);
            }
            throw e;
        } finally {
            if (cluster != null) {
                cluster.close();
            }
            broker.getOutputStream().close(); // the broker stops at the end of its input
            if (!broker.waitFor(30, TimeUnit.SECONDS)) {
                broker.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            Runtime.getRuntime().removeShutdownHook(brokerHook);
        }
    }

    /**
     * A failed run leaves its evidence: the job's exceptions and checkpoint counts, and the processes' logs, copied to
     * target/cluster-it-logs (the temporary directory goes with the test) and their warnings printed.
     */
    private void keepDiagnostics(StandaloneCluster cluster, String jobId, String bootstrap, Throwable failure) {
        try {
            Path kept = Path.of("target", "cluster-it-logs", String.valueOf(System.currentTimeMillis()))
                    .toAbsolutePath();
            Files.createDirectories(kept);
            StringBuilder report = new StringBuilder("ClusterITCase failed: " + failure + "\n");
            report.append("processes: ").append(cluster.processes()).append('\n');
            Path index = dir.resolve("cluster-index");
            if (Files.isDirectory(index)) {
                try (Stream<Path> files = Files.list(index)) {
                    report.append("index files: ")
                            .append(files.map(f -> f.getFileName().toString())
                                    .sorted()
                                    .toList())
                            .append('\n');
                }
            }
            if (jobId != null) {
                for (String path : List.of(
                        "/jobs/" + jobId,
                        "/jobs/" + jobId + "/checkpoints",
                        "/jobs/" + jobId + "/exceptions?maxExceptions=5")) {
                    var node = cluster.get(path);
                    String text = String.valueOf(node);
                    report.append("GET ")
                            .append(path)
                            .append(": ")
                            .append(text.length() > 4000 ? text.substring(0, 4000) + "..." : text)
                            .append('\n');
                }
            }
            if (bootstrap != null) {
                try {
                    report.append("alerts end offsets, read_committed ")
                            .append(endOffsets(bootstrap, "cluster-alerts", IsolationLevel.READ_COMMITTED))
                            .append(", read_uncommitted ")
                            .append(endOffsets(bootstrap, "cluster-alerts", IsolationLevel.READ_UNCOMMITTED))
                            .append('\n');
                    report.append("open transactions: ")
                            .append(TopicContents.openTransactions(bootstrap))
                            .append('\n');
                } catch (RuntimeException e) {
                    report.append("broker state unavailable: ").append(e).append('\n');
                }
            }
            Path logs = dir.resolve("cluster").resolve("log");
            if (Files.isDirectory(logs)) {
                try (Stream<Path> files = Stream.concat(Files.list(logs), Stream.of(dir.resolve("broker.log")))) {
                    for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                        Files.copy(f, kept.resolve(f.getFileName()));
                        List<String> warnings = Files.readAllLines(f, StandardCharsets.UTF_8).stream()
                                .filter(l -> l.contains(" WARN ") || l.contains(" ERROR ") || l.contains("Exception"))
                                .toList();
                        report.append("== ")
                                .append(f.getFileName())
                                .append(": ")
                                .append(warnings.size())
                                .append(" warnings, last 15:\n");
                        warnings.subList(Math.max(0, warnings.size() - 15), warnings.size())
                                .forEach(l -> report.append("  ").append(l).append('\n'));
                    }
                }
            }
            Files.writeString(kept.resolve("report.txt"), report);
            System.out.println(report);
            System.out.println("ClusterITCase: logs kept in " + kept);
        } catch (Exception e) {
            System.out.println("ClusterITCase: could not keep diagnostics: " + e);
        }
    }

    /** One run's topics, consumer group, state and index directories, and what it wrote. */
    /**
     * Options of the label mode under test, for every run; none here (broadcast). {@link KeyedClusterITCase} runs the
     * same test with the labelled set in keyed state.
     */
    List<String> labelsMode() {
        return List.of();
    }

    private record Run(String name, String bootstrap, Path dir, List<String> modeOptions) {

        String topic(String kind) {
            return name + "-" + kind;
        }

        String[] args(String... options) {
            List<String> args = new ArrayList<>(List.of("stream"));
            args.addAll(List.of(options));
            args.addAll(List.of("--index-out", dir.resolve(name + "-index").toString()));
            Stream.of("pages", "labels", "alerts", "dead-letters")
                    .forEach(t -> args.addAll(List.of("--set", "kafka.topics." + t + "=" + topic(t))));
            args.addAll(List.of(
                    "--set", "kafka.bootstrap-servers=" + bootstrap,
                    "--set", "kafka.group-id=" + name,
                    "--set", "job.state-dir=" + dir.resolve(name + "-state"),
                    "--set", "job.checkpoint-interval=1s",
                    // a transaction orphaned by a killed TaskManager pins read_committed readers until the broker
                    // aborts it
                    "--set", "kafka.transaction-timeout=60s",
                    "--set", "job.parallelism=2",
                    "--set", "neighborhood.fixed-threshold=0.3",
                    "--set", "neighborhood.min-pages=5",
                    // the fixture's fetch times follow page numbers, not file order: within this bound the
                    // neighbourhoods take their pages in fetch order, so a recovered run equals a failure-free one
                    "--set", "job.out-of-orderness=1d"));
            args.addAll(modeOptions);
            return args.toArray(String[]::new);
        }

        List<Alert> alerts() {
            return TopicContents.readAll(bootstrap, topic("alerts")).stream()
                    .map(r -> read(r, Alert.class))
                    .toList();
        }

        Outcome outcome() {
            List<DeadLetter> dead = TopicContents.readAll(bootstrap, topic("dead-letters")).stream()
                    .map(r -> read(r, DeadLetter.class))
                    .toList();
            List<String> urls = new ArrayList<>();
            try {
                Path index = dir.resolve(name + "-index");
                if (Files.isDirectory(index)) {
                    for (Path file : HashIndex.list(index)) {
                        try (HashIndexReader reader = HashIndexReader.open(file)) {
                            reader.forEachRemaining(p -> urls.add(p.url()));
                        }
                    }
                }
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            return new Outcome(
                    alerts(), dead, urls.size(), urls.stream().distinct().count());
        }
    }

    private record Outcome(List<Alert> alerts, List<DeadLetter> deadLetters, long indexedPages, long indexedUrls) {

        /** Type, URL or prefix, badness and page count: what the alert says, without its timing and evidence. */
        List<String> alertKeys() {
            return alerts.stream()
                    .map(a -> String.join(
                            " ",
                            a.type().wireName(),
                            String.valueOf(a.url()),
                            String.valueOf(a.prefix()),
                            String.format("%.6f", a.badness()),
                            String.valueOf(a.pages())))
                    .toList();
        }

        Map<String, Long> deadLetterReasons() {
            return deadLetters.stream()
                    .collect(Collectors.groupingBy(DeadLetter::reason, TreeMap::new, Collectors.counting()));
        }

        boolean sameCountsAs(Outcome other) {
            return alerts.size() >= other.alerts.size()
                    && deadLetters.size() >= other.deadLetters.size()
                    && indexedPages >= other.indexedPages;
        }
    }

    /** No open transaction on the topic: its last stable offsets are its high watermarks (every commit marker is written). */
    private static boolean settled(String bootstrap, String topic) {
        return endOffsets(bootstrap, topic, IsolationLevel.READ_COMMITTED)
                .equals(endOffsets(bootstrap, topic, IsolationLevel.READ_UNCOMMITTED));
    }

    private static Map<TopicPartition, Long> endOffsets(String bootstrap, String topic, IsolationLevel isolation) {
        Map<String, Object> config = Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrap,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                isolation.toString().toLowerCase(Locale.ROOT),
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class);
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config)) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                    .map(p -> new TopicPartition(topic, p.partition()))
                    .toList();
            return consumer.endOffsets(partitions, Duration.ofSeconds(30));
        }
    }

    private Process startBroker(Path log) throws IOException {
        // the test's own classpath holds the broker (Kafka's test kit); it runs in a JVM of its own
        return new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx384m",
                        "-Djava.net.preferIPv4Stack=true",
                        "-cp",
                        System.getProperty("java.class.path"),
                        KafkaBrokerMain.class.getName(),
                        "0",
                        KafkaBrokerMain.UNTIL_INPUT_ENDS)
                .redirectError(log.toFile())
                .start();
    }

    private static String awaitBootstrap(Process broker) throws Exception {
        BufferedReader out = new BufferedReader(new InputStreamReader(broker.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
            try {
                for (String l = out.readLine(); l != null; l = out.readLine()) {
                    if (l.startsWith(KafkaBrokerMain.READY_PREFIX)) {
                        return l.substring(KafkaBrokerMain.READY_PREFIX.length())
                                .trim();
                    }
                }
                throw new IllegalStateException("the broker process ended without starting");
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        String bootstrap = line.get(2, TimeUnit.MINUTES);
        log("Kafka broker pid %d at %s", broker.pid(), bootstrap);
        return bootstrap;
    }

    private static Map<String, Long> countByType(List<Alert> alerts) {
        return alerts.stream()
                .collect(Collectors.groupingBy(a -> a.type().wireName(), TreeMap::new, Collectors.counting()));
    }

    private static <T> T read(ConsumerRecord<String, String> record, Class<T> type) {
        try {
            return Json.read(record.value(), type);
        } catch (Exception e) {
            throw new AssertionError(record.value(), e);
        }
    }

    private static void log(String format, Object... args) {
        System.out.printf("ClusterITCase: " + format + "%n", args);
    }
}
