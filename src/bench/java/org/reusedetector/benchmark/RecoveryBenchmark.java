package org.reusedetector.benchmark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.reusedetector.cli.StreamCommand;
import org.reusedetector.cluster.StandaloneCluster;
import org.reusedetector.config.ConfigArguments;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.detection.Metrics;
import org.reusedetector.local.EmbeddedKafkaBroker;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code benchmark recovery}: the streaming job submitted ({@code stream --submit}, thin jar) to a standalone cluster of
 * child JVMs, one slot per TaskManager, over a crawl replayed beforehand. It measures the start-up (submission to the
 * first page parsed: a restore of {@code flink.execution.state-recovery.path} and the labels' load included), the MB/s
 * of the crawl, every checkpoint's size and duration, and, once the crawl is done and a checkpoint has completed, the
 * time from a TaskManager's SIGKILL (a replacement started at once) to the job running again with every task, and to
 * its next completed checkpoint. The figures come from the JobManager's REST API.
 */
@Command(
        name = "recovery",
        mixinStandardHelpOptions = true,
        description =
                "The streaming job on a standalone cluster of child JVMs: start-up, MB/s over a crawl, checkpoint sizes and"
                        + " times, and the time to recover after a TaskManager is killed (SIGKILL).")
final class RecoveryBenchmark implements Callable<Integer> {

    private static final Duration STEP_TIMEOUT = Duration.ofMinutes(30);

    @Mixin
    ConfigArguments configOptions;

    @Option(names = "--input", required = true, paramLabel = "FILE", description = "A JSONL(.gz) crawl.")
    Path input;

    @Option(names = "--labels", required = true, paramLabel = "FILE", description = "A labels file.")
    Path labels;

    @Option(
            names = "--cluster-lib",
            paramLabel = "DIR",
            defaultValue = "target/cluster-lib",
            description = "The cluster's jars, copied from Maven by the build (default: ${DEFAULT-VALUE}).")
    Path clusterLib;

    @Option(
            names = "--dir",
            paramLabel = "DIR",
            description =
                    "Directory for the broker, the cluster and the job's state (default: a temporary one, deleted after).")
    Path dir;

    @Mixin
    BenchmarkFigures figures;

    @Override
    public Integer call() throws Exception {
        ReuseDetectorConfig config = configOptions.load();
        int parallelism = config.get(ReuseDetectorOptions.PARALLELISM);
        Path work = dir != null ? dir : Files.createTempDirectory("reuse-detector-recovery");
        Map<String, String> clusterSettings = new LinkedHashMap<>();
        clusterSettings.put("taskmanager.numberOfTaskSlots", "1");
        // TaskManager settings given as flink.* (say, managed memory for RocksDB) are the cluster's, not the job's
        config.flinkConfiguration().toMap().forEach((key, value) -> {
            if (key.startsWith("taskmanager.") || key.startsWith("state.backend.rocksdb.")) {
                clusterSettings.put(key, value);
            }
        });
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start(0, work.resolve("kafka"));
                StandaloneCluster cluster =
                        StandaloneCluster.start(clusterLib, work.resolve("cluster"), clusterSettings, parallelism)) {
            figures.line(
                    "benchmark recovery: %s, labels %s, %d TaskManagers of 1 slot (JVMs of their own), labels.mode %s",
                    input, labels, parallelism, config.get(ReuseDetectorOptions.LABELS_MODE));
            long submitted = System.nanoTime();
            BenchmarkCommand.parsed(
                            new StreamCommand(),
                            configOptions,
                            "--submit",
                            cluster.restAddress(),
                            "--fresh",
                            "--replay",
                            input.toString(),
                            "--labels",
                            labels.toString(),
                            "--set",
                            "kafka.bootstrap-servers=" + broker.bootstrapServers(),
                            "--set",
                            "job.state-dir=" + work.resolve("state"))
                    .run();
            String[] job = new String[1];
            StandaloneCluster.await(() -> (job[0] = cluster.jobIn("RUNNING")) != null, STEP_TIMEOUT, "the job to run");
            String id = job[0];
            // the crawl: from the first page parsed to the last change of the count of parsed HTML
            long[] firstParse = new long[1];
            StandaloneCluster.await(
                    () -> {
                        boolean started = accumulator(cluster, id, Metrics.PAGES_PARSED) > 0;
                        firstParse[0] = System.nanoTime();
                        return started;
                    },
                    STEP_TIMEOUT,
                    "the first page parsed");
            double startup = (firstParse[0] - submitted) / 1e9;
            figures.line("  start-up: %.1f s from submission to the first page parsed", startup);
            long bytes = 0;
            long lastChange = System.nanoTime();
            while (System.nanoTime() - lastChange < 15_000_000_000L) {
                Thread.sleep(250);
                long now = accumulator(cluster, id, Metrics.PAGE_BYTES_PARSED);
                if (now > bytes) {
                    bytes = now;
                    lastChange = System.nanoTime();
                }
            }
            long pages = accumulator(cluster, id, Metrics.PAGES_PARSED);
            double crawlSeconds = Math.max(1e-3, (lastChange - firstParse[0]) / 1e9);
            figures.line(
                    "  crawl: %d pages, %.1f MB of HTML in %.1f s: %.1f MB/s, %.0f pages/s",
                    pages, bytes / 1e6, crawlSeconds, bytes / 1e6 / crawlSeconds, pages / crawlSeconds);
            long doneAt = System.currentTimeMillis();
            StandaloneCluster.await(
                    () -> latestCompleted(cluster, id)
                                    .path("latest_ack_timestamp")
                                    .asLong()
                            > doneAt,
                    STEP_TIMEOUT,
                    "a checkpoint after the crawl");
            JsonNode checkpoint = latestCompleted(cluster, id);
            long checkpointId = checkpoint.path("id").asLong();
            figures.line(
                    "  checkpoint %d after the crawl: %.1f MB of state, %.1f MB written, %.1f s",
                    checkpointId,
                    checkpoint.path("state_size").asLong() / 1048576.0,
                    checkpoint.path("checkpointed_size").asLong() / 1048576.0,
                    checkpoint.path("end_to_end_duration").asLong() / 1000.0);
            Process victim = cluster.taskManagers().get(0);
            long killedAt = System.currentTimeMillis();
            long pid = cluster.kill(victim);
            cluster.addTaskManager();
            // done when the job has restored a checkpoint taken before the kill, every task runs and a checkpoint
            // has completed since; the times are the JobManager's own (the tasks' RUNNING timestamps, the
            // checkpoint's acknowledgement), so that how often this polls does not enter them
            long[] progressAt = {System.currentTimeMillis()};
            StandaloneCluster.await(
                    () -> {
                        JsonNode restored =
                                checkpoints(cluster, id).path("latest").path("restored");
                        boolean done = restored.path("restore_timestamp").asLong() > killedAt
                                && allRunning(cluster, id)
                                && latestCompleted(cluster, id).path("id").asLong()
                                        > restored.path("id").asLong();
                        if (!done && System.currentTimeMillis() - progressAt[0] > 30_000) {
                            progressAt[0] = System.currentTimeMillis();
                            figures.line(
                                    "  waiting for the recovery: job %s, restored %s, latest completed checkpoint %d",
                                    jobState(cluster, id),
                                    restored.isMissingNode()
                                            ? "none"
                                            : restored.path("id").asText(),
                                    latestCompleted(cluster, id).path("id").asLong());
                        }
                        return done;
                    },
                    STEP_TIMEOUT,
                    "the job to restore, run every task and complete a checkpoint");
            JsonNode restored = checkpoints(cluster, id).path("latest").path("restored");
            double recovery = (lastTaskRunning(cluster, id) - killedAt) / 1000.0;
            double recoveryCheckpoint =
                    (firstCompletedAfter(cluster, id, restored.path("id").asLong()) - killedAt) / 1000.0;
            figures.line(
                    "  TaskManager pid %d killed (SIGKILL), a new one started: checkpoint %d restored, every task running"
                            + " %.1f s after the kill, the next checkpoint completed after %.1f s",
                    pid, restored.path("id").asLong(), recovery, recoveryCheckpoint);
            JsonNode history = cluster.get("/jobs/" + id + "/checkpoints");
            StringBuilder all = new StringBuilder();
            if (history != null) {
                for (JsonNode c : history.path("history")) {
                    all.append(String.format(
                            "%n    checkpoint %d: %s, %.1f MB of state, %.1f MB written, %.1f s",
                            c.path("id").asLong(),
                            c.path("status").asText(),
                            c.path("state_size").asLong() / 1048576.0,
                            c.path("checkpointed_size").asLong() / 1048576.0,
                            c.path("end_to_end_duration").asLong() / 1000.0));
                }
            }
            figures.line("  checkpoints (latest first):%s", all);
            figures.put("startup_s", startup)
                    .put("pages", pages)
                    .put("mb", bytes / 1e6)
                    .put("stream_mb_s", bytes / 1e6 / crawlSeconds)
                    .put("stream_pages_s", pages / crawlSeconds)
                    .put("checkpoint_mb", checkpoint.path("state_size").asLong() / 1048576.0)
                    .put("checkpointed_mb", checkpoint.path("checkpointed_size").asLong() / 1048576.0)
                    .put("checkpoint_s", checkpoint.path("end_to_end_duration").asLong() / 1000.0)
                    .put("recovery_s", recovery)
                    .put("recovery_checkpoint_s", recoveryCheckpoint)
                    .put("task_managers", parallelism)
                    .put("parallelism", parallelism);
            cluster.cancel(id);
        } finally {
            if (dir == null) {
                LabelsJobBenchmark.deleteTree(work);
            }
        }
        figures.finish();
        return 0;
    }

    /** A user accumulator of the job (the tasks report them with their heartbeats), 0 until there is one. */
    private static long accumulator(StandaloneCluster cluster, String job, String name) {
        JsonNode accumulators = cluster.get("/jobs/" + job + "/accumulators");
        if (accumulators == null) {
            return 0;
        }
        for (JsonNode a : accumulators.path("user-task-accumulators")) {
            if (name.equals(a.path("name").asText())) {
                try {
                    return Long.parseLong(a.path("value").asText().trim());
                } catch (NumberFormatException e) {
                    return 0;
                }
            }
        }
        return 0;
    }

    private static JsonNode checkpoints(StandaloneCluster cluster, String job) {
        JsonNode checkpoints = cluster.get("/jobs/" + job + "/checkpoints");
        return checkpoints == null ? MissingNode.getInstance() : checkpoints;
    }

    private static String jobState(StandaloneCluster cluster, String job) {
        JsonNode details = cluster.get("/jobs/" + job);
        if (details == null) {
            return "unknown (no answer)";
        }
        StringBuilder out = new StringBuilder(details.path("state").asText());
        for (JsonNode vertex : details.path("vertices")) {
            if (!"RUNNING".equals(vertex.path("status").asText())) {
                out.append(", ")
                        .append(vertex.path("name").asText())
                        .append(' ')
                        .append(vertex.path("status").asText());
            }
        }
        return out.toString();
    }

    /** When the last of the job's tasks (current attempts) switched to RUNNING, by the JobManager's clock. */
    private static long lastTaskRunning(StandaloneCluster cluster, String job) {
        JsonNode details = cluster.get("/jobs/" + job);
        long last = 0;
        if (details == null) {
            return last;
        }
        for (JsonNode vertex : details.path("vertices")) {
            JsonNode times = cluster.get(
                    "/jobs/" + job + "/vertices/" + vertex.path("id").asText() + "/subtasktimes");
            if (times == null) {
                continue;
            }
            for (JsonNode subtask : times.path("subtasks")) {
                last = Math.max(last, subtask.path("timestamps").path("RUNNING").asLong());
            }
        }
        return last;
    }

    /** The acknowledgement time of the first checkpoint completed after the one with id {@code after}. */
    private static long firstCompletedAfter(StandaloneCluster cluster, String job, long after) {
        long first = Long.MAX_VALUE;
        long at = 0;
        for (JsonNode c : checkpoints(cluster, job).path("history")) {
            long id = c.path("id").asLong();
            if (id > after && id < first && "COMPLETED".equals(c.path("status").asText())) {
                first = id;
                at = c.path("latest_ack_timestamp").asLong();
            }
        }
        return at;
    }

    private static JsonNode latestCompleted(StandaloneCluster cluster, String job) {
        return checkpoints(cluster, job).path("latest").path("completed");
    }

    private static boolean allRunning(StandaloneCluster cluster, String job) {
        JsonNode details = cluster.get("/jobs/" + job);
        if (details == null || !"RUNNING".equals(details.path("state").asText())) {
            return false;
        }
        for (JsonNode vertex : details.path("vertices")) {
            if (!"RUNNING".equals(vertex.path("status").asText())) {
                return false;
            }
        }
        return true;
    }
}
