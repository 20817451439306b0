package org.reusedetector.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListTransactionsOptions;
import org.apache.kafka.clients.admin.TransactionState;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.detection.JobEnvironment;
import org.reusedetector.detection.Metrics;
import org.reusedetector.format.Json;
import org.reusedetector.kafka.ConsumerLag;
import org.reusedetector.kafka.KafkaConnection;
import org.reusedetector.kafka.KafkaTopics;
import org.reusedetector.local.TopicContents;

/**
 * The streaming job as the checkpoint fixture under {@code src/test/resources/checkpoints/} was written and is
 * restored: the same topics, settings and label-snapshot run, so that a savepoint of one run fits the job of the other
 * (the Kafka sources' offsets in it are offsets of these topics as {@link #loadTopics} fills them).
 */
final class StateFixture {

    static final String PAGES = "pages";
    static final String LABELS = "labels";
    /** The label-snapshot run of the job that wrote the fixture: its markers sit in the labels topic before the cut. */
    static final String FIXTURE_RUN = "state-fixture-run";

    static final String PAGES_BEFORE = "pages-before.jsonl.gz";
    static final String PAGES_AFTER = "pages-after.jsonl.gz";
    static final String LABELS_FILE = "labels.jsonl.gz";
    static final String ALERTS_BEFORE = "alerts-before.jsonl";
    static final String SAVEPOINT = "savepoint";

    private StateFixture() {}

    /** The job's settings for a run named {@code name} (its own group, output topics and state directory). */
    static ReuseDetectorConfig config(String bootstrap, String name, Path stateDir, Map<String, String> extra) {
        Map<String, String> settings = new HashMap<>(Map.of(
                "kafka.bootstrap-servers",
                bootstrap,
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
                stateDir.toString(),
                "job.checkpoint-interval",
                "500 ms",
                "kafka.transaction-timeout",
                "20 s",
                "job.status-interval",
                "0 s"));
        settings.putAll(extra);
        return ReuseDetectorConfig.defaults().with(settings);
    }

    /** The streaming job without hash index or alerts file (their file sinks would put local paths into the state). */
    static StreamExecutionEnvironment job(
            String bootstrap, ReuseDetectorConfig config, String run, int labelPartitions, boolean bounded) {
        KafkaTopics.ensure(bootstrap, KafkaTopics.detectorTopics(config));
        StreamExecutionEnvironment env = JobEnvironment.create(config, RuntimeExecutionMode.STREAMING);
        StreamingJob.define(env, config, new StreamingJob.Wiring(bootstrap, run, labelPartitions, bounded, null, null));
        return env;
    }

    /**
     * Waits until a running job has read its pages topic to the end (its consumer committed the end offsets at a
     * checkpoint, which completes only when every operator has processed what came before its barrier) and has
     * matched every page it parsed (pages held for the label snapshot would otherwise stay in the state unmatched).
     */
    static void awaitAllRead(JobClient job, String bootstrap, ReuseDetectorConfig config) throws Exception {
        try (ConsumerLag lag =
                new ConsumerLag(KafkaConnection.plain(bootstrap), StreamingJob.groupId(config, PAGES), PAGES)) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
            while ((lag.records().orElse(-1) != 0 || !allParsedPagesMatched(job)) && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            assertThat(lag.records()).hasValue(0);
            assertThat(allParsedPagesMatched(job))
                    .as("every parsed page matched")
                    .isTrue();
        }
    }

    /** Waits until a running job has read its pages topic to the end (see {@link #awaitAllRead}). */
    static void awaitRead(String bootstrap, ReuseDetectorConfig config) throws Exception {
        try (ConsumerLag lag =
                new ConsumerLag(KafkaConnection.plain(bootstrap), StreamingJob.groupId(config, PAGES), PAGES)) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
            while (lag.records().orElse(-1) != 0 && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            assertThat(lag.records()).hasValue(0);
        }
    }

    private static boolean allParsedPagesMatched(JobClient job) throws Exception {
        Map<String, Object> counts = job.getAccumulators().get(30, TimeUnit.SECONDS);
        return counts.get(Metrics.PAGES_PARSED) instanceof Long parsed
                && counts.get(Metrics.PAGES_SCORED) instanceof Long scored
                && scored >= parsed;
    }

    /**
     * The committed alerts of run {@code name} as {@code key<TAB>json} lines in topic order, once no transaction of
     * its sinks is open any more (a read before the commit markers are written misses committed alerts).
     */
    static List<String> committedAlerts(String bootstrap, String name) throws Exception {
        List<TransactionState> unsettled = List.of(
                TransactionState.ONGOING,
                TransactionState.PREPARE_COMMIT,
                TransactionState.PREPARE_ABORT,
                TransactionState.PREPARE_EPOCH_FENCE);
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (true) {
                boolean open =
                        admin
                                .listTransactions(new ListTransactionsOptions().filterStates(unsettled))
                                .all()
                                .get()
                                .stream()
                                .anyMatch(t -> t.transactionalId().startsWith("detector-" + name + "-"));
                if (!open) {
                    break;
                }
                assertThat(System.nanoTime()).as("sink transactions still open").isLessThan(deadline);
                Thread.sleep(500);
            }
        }
        return TopicContents.readAll(bootstrap, "alerts-" + name).stream()
                .map(r -> r.key() + "\t" + r.value())
                .toList();
    }

    /**
     * Whether a crawl line goes to Kafka with a key (a string {@code url}): keyed lines land on the partition of their
     * key's hash, the same in every run, so they alone may come before the cut whose offsets the savepoint holds.
     */
    static boolean keyed(String line) {
        try {
            return Json.read(line, Map.class).get("url") instanceof String url && !url.isBlank();
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
