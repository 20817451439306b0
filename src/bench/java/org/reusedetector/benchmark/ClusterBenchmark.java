package org.reusedetector.benchmark;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.reusedetector.cli.JobSummary;
import org.reusedetector.cli.StreamCommand;
import org.reusedetector.cluster.StandaloneCluster;
import org.reusedetector.config.ConfigArguments;
import org.reusedetector.local.EmbeddedKafkaBroker;

/**
 * {@code benchmark stream --cluster}: the streaming job submitted ({@code stream --submit}, thin jar) to a
 * standalone cluster of child JVMs (target/cluster-lib), once with 1 TaskManager of {@code parallelism} slots
 * and once with 2 TaskManagers sharing them, so that the second run really spans two processes. Both runs replay
 * the same pages into fresh topics of one broker in this process; the figure is pages over the job's net runtime.
 */
final class ClusterBenchmark {

    /** One run's figures. */
    record Figure(int taskManagers, int slotsPerTaskManager, long pages, double megabytes, double seconds) {
        double pagesPerSecond() {
            return pages / seconds;
        }

        @Override
        public String toString() {
            return String.format(
                    "  standalone cluster, %d TaskManager%s x %d slot%s (JVMs of their own, thin jar): %.0f pages/s, %.1f MB/s  (%d pages, %.1f MB, %.1f s)",
                    taskManagers,
                    taskManagers == 1 ? "" : "s",
                    slotsPerTaskManager,
                    slotsPerTaskManager == 1 ? "" : "s",
                    pagesPerSecond(),
                    megabytes / seconds,
                    pages,
                    megabytes,
                    seconds);
        }
    }

    private ClusterBenchmark() {}

    static List<Figure> run(
            ConfigArguments options, Path input, Path labels, Path clusterLib, int parallelism, Path work)
            throws Exception {
        List<Figure> figures = new ArrayList<>();
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start(0, work.resolve("cluster-kafka"))) {
            for (int taskManagers : new int[] {1, 2}) {
                int slots = Math.max(1, parallelism / taskManagers);
                try (StandaloneCluster cluster = StandaloneCluster.start(
                        clusterLib,
                        work.resolve("cluster-" + taskManagers),
                        Map.of("taskmanager.numberOfTaskSlots", String.valueOf(slots)),
                        taskManagers)) {
                    String run = "bench-" + taskManagers + "tm";
                    JobSummary job = BenchmarkCommand.parsed(
                                    new StreamCommand(),
                                    options,
                                    "--submit",
                                    cluster.restAddress(),
                                    "--bounded",
                                    "--replay",
                                    input.toString(),
                                    "--labels",
                                    labels.toString(),
                                    "--set",
                                    "kafka.bootstrap-servers=" + broker.bootstrapServers(),
                                    "--set",
                                    "kafka.topics.pages=" + run + "-pages",
                                    "--set",
                                    "kafka.topics.labels=" + run + "-labels",
                                    "--set",
                                    "kafka.topics.alerts=" + run + "-alerts",
                                    "--set",
                                    "kafka.topics.dead-letters=" + run + "-dead-letters",
                                    "--set",
                                    "kafka.group-id=" + run,
                                    "--set",
                                    "job.state-dir=" + work.resolve(run))
                            .run();
                    figures.add(new Figure(taskManagers, slots, job.pages(), job.bytes() / 1e6, job.seconds()));
                }
            }
        }
        return figures;
    }
}
