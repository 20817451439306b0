package org.reusedetector.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.reusedetector.config.ConfigArguments;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.detection.JobEnvironment;
import org.reusedetector.format.PageFiles;
import org.reusedetector.kafka.ConsumerLag;
import org.reusedetector.kafka.KafkaConnection;
import org.reusedetector.kafka.KafkaTopics;
import org.reusedetector.kafka.LabelsPublisher;
import org.reusedetector.kafka.PageReplayer;
import org.reusedetector.local.EmbeddedKafkaBroker;
import org.reusedetector.local.SampleCrawl;
import org.reusedetector.stream.ReplayBarrier;
import org.reusedetector.stream.RetainedCheckpoints;
import org.reusedetector.stream.StreamingJob;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code stream}: the streaming detector, on a Kafka cluster or on the embedded default. */
@Command(
        name = "stream",
        mixinStandardHelpOptions = true,
        description = {
            "Run the streaming detector: pages topic + labels topic in, alerts, verdicts (compacted, by URL prefix) and dead letters out (exactly once).",
            "Without kafka.bootstrap-servers it starts a real single-node Kafka broker in-process and a local Flink mini cluster;",
            "with neither --replay nor --labels it then loads a small generated sample crawl and its labels."
        })
public final class StreamCommand implements Callable<Integer> {

    @Mixin
    ConfigArguments configOptions;

    @Option(
            names = "--replay",
            paramLabel = "FILE",
            description = "Produce this JSONL(.gz) crawl into the pages topic before starting.")
    Path replay;

    @Option(
            names = "--labels",
            paramLabel = "FILE",
            description = "Load this labels JSONL(.gz) file into the labels topic before starting.")
    Path labels;

    @Option(
            names = "--replay-first",
            hidden = true,
            description = "With --bounded: end the replay before the job starts (the job's runtime is then its own).")
    boolean replayFirst;

    @Option(
            names = "--alerts-out",
            paramLabel = "FILE",
            description = "Also append the alerts to this local JSONL file.")
    Path alertsOut;

    @Option(
            names = "--index-out",
            paramLabel = "DIR",
            description =
                    "Also write the hash index of every page to this directory, continuously (rolling .rdx part files, committed at checkpoints).")
    Path indexOut;

    @Option(
            names = "--bounded",
            description = "Stop after the records that were in the topics at start (a replay run ends by itself).")
    boolean bounded;

    @Option(
            names = "--fresh",
            description = {
                "Start with empty state even if a stopped or crashed run left a checkpoint under job.state-dir.",
                "(Without --bounded, a run resumes from such a checkpoint; a --bounded run always starts with empty state.)"
            })
    boolean fresh;

    @Option(
            names = "--no-sample",
            description =
                    "On the embedded broker with neither --replay nor --labels, do not load the generated sample crawl.")
    boolean noSample;

    @Option(
            names = "--submit",
            paramLabel = "HOST:PORT",
            description = {
                "Submit the job to this Flink session cluster (its REST address) instead of a local mini cluster.",
                "The job carries its configuration; the cluster needs the Kafka connector beside Flink (docs/deployment.md).",
                "Without --bounded the command returns once the job runs; with --bounded it waits for the job's end."
            })
    String submit;

    @Option(
            names = "--job-jar",
            paramLabel = "FILE",
            description =
                    "The jar shipped to the cluster with --submit (default: reuse-detector-thin.jar beside the running jar).")
    Path jobJar;

    @Override
    public Integer call() throws Exception {
        ReuseDetectorConfig config = configOptions.load();
        if (config.get(ReuseDetectorOptions.KAFKA_BOOTSTRAP_SERVERS).isBlank() && submit == null) {
            // the embedded default: in a JVM sized for this machine, unless the command line sized this one
            OptionalInt exit = EmbeddedJvm.relaunchIfUnsized();
            if (exit.isPresent()) {
                return exit.getAsInt();
            }
        }
        run();
        return 0;
    }

    private PageReplayer.Result replay(ReuseDetectorConfig config, KafkaConnection connection) throws IOException {
        return PageReplayer.replay(
                replay,
                connection,
                config.get(ReuseDetectorOptions.TOPIC_PAGES),
                config.get(ReuseDetectorOptions.MAX_BODY_BYTES));
    }

    /** The replay on a thread of its own, passing {@code barrier} when it ends (or failing it). */
    private CompletableFuture<PageReplayer.Result> replayBesideTheJob(
            ReuseDetectorConfig config, KafkaConnection connection, String barrier) {
        CompletableFuture<PageReplayer.Result> result = new CompletableFuture<>();
        Thread thread = new Thread(
                () -> {
                    try {
                        PageReplayer.Result replayed = replay(config, connection);
                        printReplayed(config, replayed);
                        ReplayBarrier.passed(barrier);
                        result.complete(replayed);
                    } catch (IOException | RuntimeException e) {
                        ReplayBarrier.failed(barrier, e);
                        result.completeExceptionally(e);
                    }
                },
                "replay");
        thread.setDaemon(true);
        thread.start();
        return result;
    }

    private static void printReplayed(ReuseDetectorConfig config, PageReplayer.Result replayed) {
        System.out.printf(
                "Pages: %d records (%.1f MB) produced to '%s' in %.1f s%s%n",
                replayed.records(),
                replayed.bytes() / 1e6,
                config.get(ReuseDetectorOptions.TOPIC_PAGES),
                replayed.elapsed().toMillis() / 1000.0,
                replayed.tooLarge() == 0
                        ? ""
                        : "; " + replayed.tooLarge()
                                + " too large for the topic went as markers (dead-lettered as body-too-large)");
    }

    /** Runs the job (until stopped, or to the end of the topics with {@code --bounded}); returns its totals. */
    public JobSummary run() throws Exception {
        ReuseDetectorConfig config = configOptions.load();
        String bootstrap = config.get(ReuseDetectorOptions.KAFKA_BOOTSTRAP_SERVERS);
        EmbeddedKafkaBroker broker = null;
        boolean sample = false;
        String replayBarrier = null;
        CompletableFuture<PageReplayer.Result> replaying = null;
        try {
            if (bootstrap.isBlank()) {
                broker = EmbeddedKafkaBroker.start(config);
                bootstrap = broker.bootstrapServers();
                System.out.println("Embedded Kafka broker at " + bootstrap);
                if (!noSample && replay == null && labels == null) {
                    Path dir = Path.of(config.get(ReuseDetectorOptions.STATE_DIR))
                            .toAbsolutePath()
                            .resolveSibling("sample");
                    Files.createDirectories(dir);
                    Path[] files = SampleCrawl.write(dir);
                    sample = true;
                    replay = files[0];
                    labels = dir.resolve("labels.jsonl");
                    System.out.println("Sample crawl: " + replay + "; "
                            + LabelCommand.label(config, files[1], labels, "informed:sample-reference"));
                }
            }
            KafkaConnection connection = KafkaConnection.of(bootstrap, config);
            if (!connection.properties().isEmpty()) {
                System.out.println("Kafka client properties: " + KafkaConnection.redacted(connection.properties()));
            }
            Map<String, Integer> partitions = KafkaTopics.ensure(connection, KafkaTopics.detectorTopics(config));
            String labelsTopic = config.get(ReuseDetectorOptions.TOPIC_LABELS);
            if (labels != null) {
                LabelsPublisher.Result published = LabelsPublisher.publish(labels, connection, labelsTopic);
                System.out.printf(
                        "Labels: %d published to '%s', %d invalid lines%n",
                        published.published(), labelsTopic, published.invalidCount());
                published.invalid().stream()
                        .limit(20)
                        .forEach(line -> System.err.printf("  invalid label %s: %s%n", line.origin(), line.error()));
            }
            if (sample) {
                // the embedded broker keeps its topics between runs: a second quickstart would read the sample twice
                long held = KafkaTopics.recordCount(connection, config.get(ReuseDetectorOptions.TOPIC_PAGES));
                if (held > 0) {
                    System.out.printf(
                            "Pages: '%s' already holds %d records from an earlier run on this broker; the sample crawl is not produced again%n",
                            config.get(ReuseDetectorOptions.TOPIC_PAGES), held);
                    replay = null;
                }
            }
            if (replay != null) {
                if (bounded && submit == null && !replayFirst) {
                    // the replay runs while the local job starts; the job's pages source waits for its end
                    replayBarrier = ReplayBarrier.open();
                    replaying = replayBesideTheJob(config, connection, replayBarrier);
                } else {
                    printReplayed(config, replay(config, connection));
                }
            }
            // the job holds pages until it has read this run's marker on every labels partition
            String run = UUID.randomUUID().toString();
            int labelPartitions = LabelsPublisher.writeSnapshotMarkers(connection, labelsTopic, run);
            String pagesTopic = config.get(ReuseDetectorOptions.TOPIC_PAGES);
            // the sources commit their offsets at the first checkpoint: have the group coordinators ready by then
            KafkaTopics.awaitGroupCoordinators(
                    connection,
                    List.of(StreamingJob.groupId(config, pagesTopic), StreamingJob.groupId(config, labelsTopic)),
                    Duration.ofSeconds(30));

            Path stateDir = Path.of(config.get(ReuseDetectorOptions.STATE_DIR)).toAbsolutePath();
            // a bounded run is a replay of what the topics hold now: it never resumes, and its checkpoints (which
            // carry stopping offsets) live apart so that an unbounded run never resumes from them either
            Path checkpoints = stateDir.resolve(bounded ? "checkpoints-bounded" : "checkpoints");
            Optional<Path> resume = fresh || bounded ? Optional.empty() : RetainedCheckpoints.latest(checkpoints);
            Map<String, String> flink = new HashMap<>(Map.of(
                    "flink.execution.checkpointing.dir", checkpoints.toUri().toString()));
            if (resume.isPresent()) {
                // state (labels, URLs, neighbourhoods) and source offsets continue from where the last run stopped;
                // state of an operator the new run does not have (say, no --index-out this time) is dropped
                flink.put(
                        "flink.execution.state-recovery.path",
                        resume.get().toUri().toString());
                flink.put("flink.execution.state-recovery.ignore-unclaimed-state", "true");
                System.out.println("Resuming from checkpoint " + resume.get() + " (--fresh to start empty)");
            }
            if (submit != null) {
                flink.putAll(ClusterSubmission.settings(submit, jobJar));
            }
            config = config.with(flink);
            StreamExecutionEnvironment env = JobEnvironment.create(config, RuntimeExecutionMode.STREAMING);
            StreamingJob.define(
                    env,
                    config,
                    new StreamingJob.Wiring(
                            bootstrap, run, labelPartitions, bounded, alertsOut, indexOut, replayBarrier));
            System.out.printf(
                    "Streaming job %s: pages '%s', labels '%s' (%d partitions) -> alerts '%s', verdicts '%s', dead letters '%s'%s%n",
                    bounded ? "(bounded)" : "(until stopped)",
                    config.get(ReuseDetectorOptions.TOPIC_PAGES),
                    labelsTopic,
                    partitions.get(labelsTopic),
                    config.get(ReuseDetectorOptions.TOPIC_ALERTS),
                    config.get(ReuseDetectorOptions.TOPIC_VERDICTS),
                    config.get(ReuseDetectorOptions.TOPIC_DEAD_LETTERS),
                    alertsOut == null ? "" : ", and " + alertsOut);
            if (submit != null && !bounded) {
                System.out.println("Submitted job "
                        + env.executeAsync("reuse-detector stream").getJobID() + " to " + submit);
                return JobSummary.of(new JobExecutionResult(null, 0, Map.of()));
            }
            JobExecutionResult result;
            try (StreamStatus status = new StreamStatus(
                    config.get(ReuseDetectorOptions.STATUS_INTERVAL),
                    new ConsumerLag(connection, StreamingJob.groupId(config, pagesTopic), pagesTopic))) {
                result = JobProgress.execute(
                        env,
                        "reuse-detector stream",
                        replay == null ? 0 : PageFiles.estimateHtmlBytes(List.of(replay)),
                        status.enabled() ? status : null);
            }
            if (replaying != null) {
                replaying.join(); // ended before the job could end; a failure is the replay's
            }
            JobSummary summary = JobSummary.of(result);
            System.out.println(summary);
            return summary;
        } finally {
            if (replaying != null) {
                try {
                    replaying.join(); // a job that failed early: the replay ends before the broker does
                } catch (RuntimeException ignored) {
                    // the failure that ends the command is the job's
                }
                ReplayBarrier.close(replayBarrier);
            }
            if (broker != null) {
                broker.close();
            }
        }
    }
}
