package org.reusedetector.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.IsolationLevel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.detection.JobEnvironment;
import org.reusedetector.detection.Metrics;
import org.reusedetector.format.Json;
import org.reusedetector.index.HashIndex;
import org.reusedetector.index.HashIndexReader;
import org.reusedetector.kafka.ConsumerLag;
import org.reusedetector.kafka.KafkaConnection;
import org.reusedetector.kafka.KafkaTopics;
import org.reusedetector.kafka.LabelsPublisher;
import org.reusedetector.kafka.PageReplayer;
import org.reusedetector.labels.InformedLabelling;
import org.reusedetector.local.EmbeddedKafkaBroker;
import org.reusedetector.local.TopicContents;
import org.reusedetector.model.Alert;
import org.reusedetector.model.AlertType;
import org.reusedetector.model.DeadLetter;
import org.reusedetector.model.SourceRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Exactly-once under failures: the bounded stream over a generated crawl of 540 records (with labels) runs once
 * without faults, then
 * <ol>
 *   <li>with three induced failures: an operator exception after 100 records, a task failure while a checkpoint
 *       is taken, and a crash once the restart strategy is used up, after which a new job starts from the retained
 *       checkpoint (what a process kill and a restart do);</li>
 *   <li>with the Kafka broker stopped and started again in the middle of the stream.</li>
 * </ol>
 * Each time the alerts (read committed) must be those of the failure-free run: the same keys, types and page
 * verdicts, no neighbourhood alerted twice in a row; and the dead letters and the pages written to the hash
 * index (an exactly-once file sink) must be as many.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class RecoveryITCase {

    private static final Logger LOG = LoggerFactory.getLogger(RecoveryITCase.class);
    private static final String PAGES = "pages";
    private static final String LABELS = "labels";
    /** Fault plans by run name: the injector is serialised into the job, the plan stays in this JVM. */
    private static final Map<String, Faults> FAULTS = new ConcurrentHashMap<>();

    @TempDir
    static Path dir;

    private EmbeddedKafkaBroker broker;
    private Path brokerData;
    private int port;
    private RecoveryCrawl.Files crawl;
    private int labelPartitions;
    private Outcome baseline;
    private final long testStartMillis = System.currentTimeMillis();

    @BeforeAll
    void startBrokerLoadTopicsAndRunWithoutFaults() throws Exception {
        brokerData = dir.resolve("kafka");
        broker = EmbeddedKafkaBroker.start(0, brokerData);
        port = broker.port();
        crawl = RecoveryCrawl.write(Files.createDirectories(dir.resolve("crawl")), 30, 15, 3);
        ReuseDetectorConfig defaults = ReuseDetectorConfig.defaults();
        Path labels = dir.resolve("labels.jsonl");
        InformedLabelling.label(
                new InformedLabelling.Settings(
                        defaults.chunking(),
                        defaults.get(ReuseDetectorOptions.STOP_MIN_LENGTH),
                        defaults.get(ReuseDetectorOptions.MAX_BODY_BYTES),
                        defaults.get(ReuseDetectorOptions.TEMPLATE_MIN_SHARE),
                        defaults.get(ReuseDetectorOptions.TEMPLATE_MIN_PAGES)),
                crawl.reference(),
                labels,
                "informed:recovery-reference");
        KafkaTopics.ensure(
                bootstrap(), KafkaTopics.detectorTopics(PAGES, LABELS, "alerts-unused", "dead-unused", 2, (short) 1));
        LabelsPublisher.publish(labels, bootstrap(), LABELS);
        PageReplayer.replay(crawl.pages(), bootstrap(), PAGES);

        FAULTS.put("baseline", Faults.none(0));
        baseline = outcome("baseline", execute(job("baseline", newRun(), Map.of(), true)));
        LOG.info("Failure-free run: {}", baseline);
        assertThat(crawl.records()).isGreaterThanOrEqualTo(500);
        assertThat(baseline.pagesIndexed()).isEqualTo(crawl.records() - crawl.brokenRecords());
        assertThat(baseline.deadLetters()).hasSize(crawl.brokenRecords());
        // 3 clone sites × 20 ripped pages, the phishing copy and the mirror; the clones' hosts and /wiki/ prefixes
        assertThat(baseline.alerts())
                .filteredOn(a -> a.type() == AlertType.PAGE || a.type() == AlertType.FILE)
                .hasSizeGreaterThanOrEqualTo(62);
        assertThat(baseline.neighbourhoodKeys())
                .contains("https://wiki0.clone-farm.example/wiki/", "https://wiki2.clone-farm.example/");
    }

    @AfterAll
    void stopBroker() {
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void anOperatorExceptionAndATaskFailureDuringACheckpointLeaveTheAlertsOfAFailureFreeRun() throws Exception {
        String name = "failovers";
        Faults faults = Faults.induced(100, 250, 10, false);
        FAULTS.put(name, faults);
        Map<String, String> restarts = Map.of(
                "flink.restart-strategy.type",
                "fixed-delay",
                "flink.restart-strategy.fixed-delay.attempts",
                "5",
                "flink.restart-strategy.fixed-delay.delay",
                "200 ms",
                "flink.execution.checkpointing.tolerable-failed-checkpoints",
                "0");
        Outcome recovered = outcome(name, execute(job(name, newRun(), restarts, true)));
        LOG.info(
                "Run with an operator exception and a failure during a checkpoint (restarts seen: {}): {}",
                faults.maxAttempt.get(),
                recovered);
        assertThat(faults.fired()).containsExactly(true, true, false);
        assertThat(faults.maxAttempt.get()).isEqualTo(2);
        assertSameAsBaseline(recovered);
    }

    /**
     * The crash and the resume. It lacked 2 to 7 of 71 alerts in about 1 run of 3 until the alerts' Kafka records
     * stopped carrying their pages' fetch time (February, here) as timestamp: the broker's first retention check, 30 s
     * after it started, deleted every alert written before it as older than 7 days (see {@link #outcome}'s check of
     * the timestamps). Two causes were in the test: alerts read before the broker had written the last transactions'
     * commit markers (see {@link #awaitSettledTransactions}), and a resumed job stopped while it still held pages for
     * its own run's label snapshot (hence {@link #allParsedPagesMatched}).
     */
    @Test
    void threeInducedFailuresLeaveTheAlertsOfAFailureFreeRun() throws Exception {
        String name = "faults";
        Faults faults = Faults.induced(100, 250, 10, true);
        FAULTS.put(name, faults);
        String run = newRun();
        // at most two restarts: the third failure ends the job, as a killed process would
        Map<String, String> restarts = Map.of(
                "flink.restart-strategy.type",
                "fixed-delay",
                "flink.restart-strategy.fixed-delay.attempts",
                "2",
                "flink.restart-strategy.fixed-delay.delay",
                "200 ms",
                "flink.execution.checkpointing.tolerable-failed-checkpoints",
                "0");
        // unbounded, as a stream runs in production: a bounded Kafka source restored from a checkpoint in which its
        // partitions are all assigned never finishes (its enumerator skips signalling the end when discovery finds
        // nothing new: flink-connector-kafka 5.0.0-2.2), which is also why a --bounded run never resumes
        Job crashed = job(name, run, restarts, false);
        assertThatThrownBy(() -> execute(crashed)).hasStackTraceContaining("induced crash");
        assertThat(faults.fired()).containsExactly(true, true, true);
        int restartsInFirstJob = faults.maxAttempt.get();

        // a new job from the retained checkpoint, as the next start after a kill does
        Optional<Path> checkpoint =
                RetainedCheckpoints.latest(dir.resolve(name).resolve("state").resolve("checkpoints"));
        assertThat(checkpoint).isPresent();
        faults.disarm();
        Map<String, String> resume = Map.of(
                "flink.execution.state-recovery.path", checkpoint.get().toUri().toString());
        // as `stream` does at every start, the resumed job has a run of its own, whose markers it waits for
        JobClient resumed = job(name, newRun(), resume, false).env().executeAsync("recovery " + name + " resumed");
        // the resumed stream has read everything once its pages consumer has committed the end offsets at a checkpoint
        // (a checkpoint completes only when every operator has processed what came before its barrier); then stop
        // it draining, so that end-of-input timers fire as they do at the end of the bounded run
        // and once every page it parsed has been matched: pages held until its run's label snapshot has loaded count as
        // read (they are in the checkpoint) but would be left in the final savepoint, unmatched, if it stopped first
        try (ConsumerLag lag = new ConsumerLag(
                KafkaConnection.plain(bootstrap()), StreamingJob.groupId(resumedConfig(name), PAGES), PAGES)) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while ((lag.records().orElse(-1) != 0 || !allParsedPagesMatched(resumed)) && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            assertThat(lag.records()).hasValue(0);
            assertThat(allParsedPagesMatched(resumed))
                    .as("every page the resumed job parsed was matched")
                    .isTrue();
        }
        resumed.stopWithSavepoint(
                        true, dir.resolve(name).resolve("savepoints").toUri().toString(), SavepointFormatType.CANONICAL)
                .get(2, TimeUnit.MINUTES);
        Outcome recovered = outcome(name, resumed.getJobExecutionResult().get(2, TimeUnit.MINUTES));
        List<String> written =
                TopicContents.readAll(bootstrap(), "alerts-" + name, IsolationLevel.READ_UNCOMMITTED).stream()
                        .map(ConsumerRecord::key)
                        .toList();
        List<String> committed =
                TopicContents.readAll(bootstrap(), "alerts-" + name, IsolationLevel.READ_COMMITTED).stream()
                        .map(ConsumerRecord::key)
                        .toList();
        LOG.info(
                "Alerts written (read_uncommitted): {}, committed: {}; baseline keys missing from everything written: {}",
                written.size(),
                committed.size(),
                baseline.alerts().stream()
                        .map(KeyedAlert::key)
                        .filter(k -> !written.contains(k))
                        .toList());
        LOG.info(
                "Run with 3 induced failures (restarts in the first job: {}, then resumed from {}): {}",
                restartsInFirstJob,
                checkpoint.get(),
                recovered);

        assertThat(restartsInFirstJob).isEqualTo(2);
        assertSameAsBaseline(recovered);
    }

    @Test
    void aBrokerRestartInTheMiddleOfTheStreamLosesNothing() throws Exception {
        String name = "broker-restart";
        Faults slow = Faults.none(15); // slow enough that the stream is still running when the broker goes
        FAULTS.put(name, slow);
        Map<String, String> patient = Map.of(
                "flink.restart-strategy.type",
                "fixed-delay",
                "flink.restart-strategy.fixed-delay.attempts",
                "60",
                "flink.restart-strategy.fixed-delay.delay",
                "1 s");
        Job job = job(name, newRun(), patient, true);
        JobClient client = job.env().executeAsync("recovery " + name);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (slow.seen.get() < 150 && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        long seenAtStop = slow.seen.get();
        assertThat(client.getJobExecutionResult()).isNotDone();
        broker.close();
        Thread.sleep(2000);
        broker = EmbeddedKafkaBroker.start(port, brokerData);
        LOG.info("Broker restarted after {} records", seenAtStop);
        JobExecutionResult result = client.getJobExecutionResult().get(3, TimeUnit.MINUTES);
        Outcome afterRestart = outcome(name, result);
        LOG.info(
                "Run with a broker restart after {} records (restarts seen: {}): {}",
                seenAtStop,
                slow.maxAttempt.get(),
                afterRestart);
        assertThat(seenAtStop).isLessThan(crawl.records());
        assertSameAsBaseline(afterRestart);
    }

    private void assertSameAsBaseline(Outcome outcome) {
        assertThat(outcome.pageVerdicts()).containsExactlyInAnyOrderElementsOf(baseline.pageVerdicts());
        assertThat(outcome.neighbourhoodAlerts()).containsExactlyInAnyOrderElementsOf(baseline.neighbourhoodAlerts());
        assertThat(outcome.repeatedNeighbourhoodAlerts()).isEmpty();
        assertThat(outcome.deadLetters()).containsExactlyInAnyOrderElementsOf(baseline.deadLetters());
        assertThat(outcome.pagesIndexed()).isEqualTo(baseline.pagesIndexed());
    }

    // --- running the job ----------------------------------------------------------------------------------

    private record Job(StreamExecutionEnvironment env, String name) {}

    private String bootstrap() {
        return broker.bootstrapServers();
    }

    /**
     * Options of the label mode under test, for every run; none here (broadcast). {@link KeyedRecoveryITCase} runs the
     * same failures with the labelled set in keyed state.
     */
    Map<String, String> labelsMode() {
        return Map.of();
    }

    /** A fresh label-snapshot run: its markers go to every labels partition now. */
    private String newRun() {
        String run = UUID.randomUUID().toString();
        labelPartitions = LabelsPublisher.writeSnapshotMarkers(bootstrap(), LABELS, run);
        return run;
    }

    private ReuseDetectorConfig resumedConfig(String name) {
        return ReuseDetectorConfig.defaults().with(Map.of("kafka.group-id", "detector-" + name));
    }

    private Job job(String name, String run, Map<String, String> extra, boolean bounded) {
        Map<String, String> settings = new HashMap<>(Map.of(
                "kafka.bootstrap-servers",
                bootstrap(),
                "kafka.topics.pages",
                PAGES,
                "kafka.topics.labels",
                LABELS,
                "kafka.topics.alerts",
                "alerts-" + name,
                "kafka.topics.dead-letters",
                "dead-letters-" + name,
                "kafka.group-id",
                "detector-" + name,
                "job.state-dir",
                dir.resolve(name).resolve("state").toString(),
                "job.checkpoint-interval",
                "500 ms",
                "kafka.transaction-timeout",
                "20 s",
                "job.status-interval",
                "0 s"));
        // a few pages arrive before the label snapshot: past 2 they are held in RocksDB, checkpointed and restored with
        // the rest
        settings.put("job.held-pages.max", "2");
        settings.putAll(labelsMode());
        settings.putAll(extra);
        ReuseDetectorConfig config = ReuseDetectorConfig.defaults().with(settings);
        KafkaTopics.ensure(bootstrap(), KafkaTopics.detectorTopics(config));
        StreamExecutionEnvironment env = JobEnvironment.create(config, RuntimeExecutionMode.STREAMING);
        StreamingJob.define(
                env,
                config,
                new StreamingJob.Wiring(
                        bootstrap(),
                        run,
                        labelPartitions,
                        bounded,
                        null,
                        dir.resolve(name).resolve("index")),
                pages -> pages.map(new FaultInjector(name), pages.getType())
                        .uid("fault-injector")
                        .name("fault-injector"));
        return new Job(env, name);
    }

    /**
     * Whether a running job has matched (scored) every page it parsed (this crawl has no crawler-recursion page; pages
     * held in the checkpoint it resumed from, parsed before, would count as scored only).
     */
    private static boolean allParsedPagesMatched(JobClient job) throws Exception {
        Map<String, Object> counts = job.getAccumulators().get(30, TimeUnit.SECONDS);
        return counts.get(Metrics.PAGES_PARSED) instanceof Long parsed
                && counts.get(Metrics.PAGES_SCORED) instanceof Long scored
                && scored >= parsed;
    }

    private static JobExecutionResult execute(Job job) throws Exception {
        return job.env().execute("recovery " + job.name());
    }

    /**
     * Waits until no transaction of the run's sinks is open or being completed on the broker, then until every
     * partition of its output topics has its last stable offset at its log end. A sink transaction left open by a
     * failed attempt pins the partition's last stable offset, and read_committed readers see nothing after it until
     * the broker aborts it at {@code kafka.transaction-timeout} (20 s here); and a committed transaction is visible
     * only once the broker has written its markers, after {@code commitTransaction} has returned: reading before
     * either has settled misses committed alerts (the cause of this test's earlier red runs). Returns the
     * transactions seen at first.
     */
    private List<String> awaitSettledTransactions(String name) throws Exception {
        List<String> first = null;
        List<org.apache.kafka.clients.admin.TransactionState> unsettled = List.of(
                org.apache.kafka.clients.admin.TransactionState.ONGOING,
                org.apache.kafka.clients.admin.TransactionState.PREPARE_COMMIT,
                org.apache.kafka.clients.admin.TransactionState.PREPARE_ABORT,
                org.apache.kafka.clients.admin.TransactionState.PREPARE_EPOCH_FENCE);
        try (org.apache.kafka.clients.admin.Admin admin =
                org.apache.kafka.clients.admin.Admin.create(Map.of("bootstrap.servers", bootstrap()))) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (true) {
                List<String> open = admin
                        .listTransactions(
                                new org.apache.kafka.clients.admin.ListTransactionsOptions().filterStates(unsettled))
                        .all()
                        .get()
                        .stream()
                        .filter(t -> t.transactionalId().startsWith("detector-" + name + "-"))
                        .map(t -> t.transactionalId() + " " + t.state())
                        .sorted()
                        .toList();
                if (first == null) {
                    first = open;
                }
                if (open.isEmpty() || System.nanoTime() > deadline) {
                    assertThat(open).as("sink transactions still open").isEmpty();
                    break;
                }
                Thread.sleep(500);
            }
            for (String topic : List.of("alerts-" + name, "dead-letters-" + name)) {
                Map<org.apache.kafka.common.TopicPartition, org.apache.kafka.clients.admin.OffsetSpec> latest =
                        new HashMap<>();
                admin.describeTopics(List.of(topic))
                        .allTopicNames()
                        .get()
                        .get(topic)
                        .partitions()
                        .forEach(p -> latest.put(
                                new org.apache.kafka.common.TopicPartition(topic, p.partition()),
                                org.apache.kafka.clients.admin.OffsetSpec.latest()));
                while (true) {
                    var stable = admin.listOffsets(
                                    latest,
                                    new org.apache.kafka.clients.admin.ListOffsetsOptions(
                                            IsolationLevel.READ_COMMITTED))
                            .all()
                            .get();
                    var end = admin.listOffsets(
                                    latest,
                                    new org.apache.kafka.clients.admin.ListOffsetsOptions(
                                            IsolationLevel.READ_UNCOMMITTED))
                            .all()
                            .get();
                    boolean settled = latest.keySet().stream()
                            .allMatch(
                                    tp -> stable.get(tp).offset() == end.get(tp).offset());
                    if (settled || System.nanoTime() > deadline) {
                        assertThat(settled)
                                .as("last stable offsets of %s at the log end", topic)
                                .isTrue();
                        break;
                    }
                    Thread.sleep(200);
                }
            }
        }
        return first;
    }

    private Outcome outcome(String name, JobExecutionResult result) throws Exception {
        // what the job counted (of its last attempt), to tell alerts not produced from alerts not read
        Map<String, Object> counts = result.getAllAccumulatorResults();
        LOG.info(
                "Run {}: pages parsed {}, scored {}; page alerts produced {}, neighbourhood alerts produced {}",
                name,
                counts.get(Metrics.PAGES_PARSED),
                counts.get(Metrics.PAGES_SCORED),
                counts.get(Metrics.PAGE_ALERTS),
                counts.get(Metrics.NEIGHBORHOOD_ALERTS));
        List<String> open = awaitSettledTransactions(name);
        if (!open.isEmpty()) {
            LOG.info(
                    "Run {}: {} sink transactions were still open when the job ended, until the broker aborted them: {}",
                    name,
                    open.size(),
                    open);
        }
        List<ConsumerRecord<String, String>> alerts =
                TopicContents.readAll(bootstrap(), "alerts-" + name, IsolationLevel.READ_COMMITTED);
        // stamped when written, not with the page's fetch time: retention would delete alerts of pages older than 7
        // days
        assertThat(alerts)
                .allSatisfy(r -> assertThat(r.timestamp())
                        .as("Kafka timestamp of %s", r.key())
                        .isGreaterThanOrEqualTo(testStartMillis));
        List<String> dead =
                TopicContents.readAll(bootstrap(), "dead-letters-" + name, IsolationLevel.READ_COMMITTED).stream()
                        .map(r -> read(r.value(), DeadLetter.class).reason())
                        .toList();
        return new Outcome(
                alerts.stream()
                        .map(r -> new KeyedAlert(r.key(), read(r.value(), Alert.class)))
                        .toList(),
                dead,
                countIndexed(dir.resolve(name).resolve("index")));
    }

    private static long countIndexed(Path index) throws IOException {
        long pages = 0;
        try (Stream<Path> files = Files.walk(index)) {
            for (Path file : files.filter(
                            f -> HashIndex.isIndexFile(f.getFileName().toString()))
                    .toList()) {
                try (HashIndexReader reader = HashIndexReader.open(file)) {
                    while (reader.hasNext()) {
                        reader.next();
                        pages++;
                    }
                }
            }
        }
        return pages;
    }

    private static <T> T read(String json, Class<T> type) {
        try {
            return Json.read(json, type);
        } catch (Exception e) {
            throw new AssertionError(json, e);
        }
    }

    record KeyedAlert(String key, Alert alert) {
        AlertType type() {
            return alert.type();
        }
    }

    /** What a run left: its committed alerts in topic order, its dead letters' reasons, the pages in its hash index. */
    record Outcome(List<KeyedAlert> keyedAlerts, List<String> deadLetters, long pagesIndexed) {

        List<KeyedAlert> alerts() {
            return keyedAlerts;
        }

        /** Page, file and phish alerts: key, type, badness and matched chunks (their verdict does not depend on order). */
        List<String> pageVerdicts() {
            return keyedAlerts.stream()
                    .filter(a -> !isNeighbourhood(a))
                    .map(a -> a.key() + " " + a.type() + " " + a.alert().badness() + " "
                            + a.alert().matchedChunks())
                    .toList();
        }

        /** Neighbourhood alerts and clearances: key and type. */
        List<String> neighbourhoodAlerts() {
            return keyedAlerts.stream()
                    .filter(RecoveryITCase.Outcome::isNeighbourhood)
                    .map(a -> a.key() + " " + a.type())
                    .toList();
        }

        List<String> neighbourhoodKeys() {
            return keyedAlerts.stream()
                    .filter(a -> a.type() == AlertType.NEIGHBORHOOD)
                    .map(KeyedAlert::key)
                    .toList();
        }

        /** Prefixes alerted twice with no clearance between: a replayed alert that escaped the transaction. */
        List<String> repeatedNeighbourhoodAlerts() {
            Map<String, List<AlertType>> byKey = keyedAlerts.stream()
                    .filter(RecoveryITCase.Outcome::isNeighbourhood)
                    .collect(Collectors.groupingBy(
                            KeyedAlert::key, Collectors.mapping(KeyedAlert::type, Collectors.toList())));
            List<String> repeated = new ArrayList<>();
            byKey.forEach((key, types) -> {
                for (int i = 1; i < types.size(); i++) {
                    if (types.get(i).equals(types.get(i - 1))) {
                        repeated.add(key);
                    }
                }
            });
            return repeated;
        }

        private static boolean isNeighbourhood(KeyedAlert a) {
            return a.type() == AlertType.NEIGHBORHOOD || a.type() == AlertType.CLEARED;
        }

        @Override
        public String toString() {
            Map<AlertType, Long> byType = keyedAlerts.stream()
                    .collect(Collectors.groupingBy(KeyedAlert::type, java.util.TreeMap::new, Collectors.counting()));
            return keyedAlerts.size() + " alerts " + byType + ", " + pagesIndexed + " pages indexed, "
                    + deadLetters.size() + " dead letters";
        }
    }

    // --- fault injection ----------------------------------------------------------------------------------

    /** A run's fault plan and what happened, shared by all subtasks and attempts of its job (one JVM). */
    static final class Faults {
        final long firstAfter;
        final long secondAfter;
        final long sleepMillis;
        volatile boolean armed;
        volatile boolean crashAfterCheckpointFault;
        final AtomicLong seen = new AtomicLong();
        final AtomicBoolean operatorFault = new AtomicBoolean();
        final AtomicBoolean checkpointFault = new AtomicBoolean();
        final AtomicBoolean crash = new AtomicBoolean();
        final AtomicInteger maxAttempt = new AtomicInteger();

        private Faults(long firstAfter, long secondAfter, long sleepMillis, boolean armed) {
            this.firstAfter = firstAfter;
            this.secondAfter = secondAfter;
            this.sleepMillis = sleepMillis;
            this.armed = armed;
        }

        static Faults none(long sleepMillis) {
            return new Faults(Long.MAX_VALUE, Long.MAX_VALUE, sleepMillis, false);
        }

        static Faults induced(long firstAfter, long secondAfter, long sleepMillis, boolean crash) {
            Faults faults = new Faults(firstAfter, secondAfter, sleepMillis, true);
            faults.crashAfterCheckpointFault = crash;
            return faults;
        }

        void disarm() {
            armed = false;
        }

        List<Boolean> fired() {
            return List.of(operatorFault.get(), checkpointFault.get(), crash.get());
        }
    }

    /**
     * Passes page records through, a little slowly, and fails as its run's plan says: (1) in the first attempt, an
     * exception after {@code firstAfter} records; (2) in the second, once {@code secondAfter} records have passed, an
     * exception while a checkpoint is taken; (3) in the third, after its first completed checkpoint, an exception again
     * (the crash).
     */
    static final class FaultInjector extends RichMapFunction<SourceRecord, SourceRecord>
            implements CheckpointedFunction, CheckpointListener {
        private final String run;
        private transient Faults faults;
        /** Each fault fires in an attempt of its own, so that two cannot fall into one restart (a crash must end the job). */
        private transient int attempt;

        private transient boolean checkpointCompletedInThisAttempt;

        FaultInjector(String run) {
            this.run = run;
        }

        @Override
        public void open(OpenContext context) {
            faults = FAULTS.get(run);
            attempt = getRuntimeContext().getTaskInfo().getAttemptNumber();
            faults.maxAttempt.accumulateAndGet(attempt, Math::max);
        }

        @Override
        public SourceRecord map(SourceRecord record) throws Exception {
            long n = faults.seen.incrementAndGet();
            if (faults.sleepMillis > 0) {
                Thread.sleep(faults.sleepMillis);
            }
            if (faults.armed) {
                if (attempt == 0 && n >= faults.firstAfter && faults.operatorFault.compareAndSet(false, true)) {
                    throw new IllegalStateException("induced fault 1: operator exception after " + n + " records");
                }
                if (faults.crashAfterCheckpointFault
                        && attempt >= 2
                        && checkpointCompletedInThisAttempt
                        && faults.crash.compareAndSet(false, true)) {
                    throw new IllegalStateException("induced crash after " + n + " records");
                }
            }
            return record;
        }

        @Override
        public void snapshotState(FunctionSnapshotContext context) {
            if (faults.armed
                    && attempt == 1
                    && faults.seen.get() >= faults.secondAfter
                    && faults.checkpointFault.compareAndSet(false, true)) {
                throw new IllegalStateException(
                        "induced fault 2: task failure during checkpoint " + context.getCheckpointId());
            }
        }

        @Override
        public void initializeState(FunctionInitializationContext context) {}

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            checkpointCompletedInThisAttempt = true;
        }
    }
}
