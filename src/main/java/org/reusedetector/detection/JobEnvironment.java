package org.reusedetector.detection;

import java.nio.file.Path;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.reusedetector.config.LabelsMode;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;

/**
 * The Flink environment the detector runs in: RocksDB state and checkpoints under the configured state
 * directory, exactly-once checkpoints, no Kryo fallback. Run from the command line this is a local mini
 * cluster; submitted to a cluster ({@code flink run}) it is that cluster's environment.
 */
public final class JobEnvironment {
    private JobEnvironment() {}

    public static StreamExecutionEnvironment create(ReuseDetectorConfig config, RuntimeExecutionMode mode) {
        Configuration flink = new Configuration();
        Path stateDir = Path.of(config.get(ReuseDetectorOptions.STATE_DIR)).toAbsolutePath();
        flink.setString("state.backend.type", "rocksdb");
        flink.setString(
                "state.backend.rocksdb.localdir", stateDir.resolve("rocksdb").toString());
        flink.setString(
                "execution.checkpointing.dir",
                stateDir.resolve("checkpoints").toUri().toString());
        flink.setString(
                "execution.checkpointing.interval",
                config.get(ReuseDetectorOptions.CHECKPOINT_INTERVAL).toMillis() + " ms");
        flink.setString("execution.checkpointing.mode", "EXACTLY_ONCE");
        flink.setString("pipeline.generic-types", "false");
        flink.setString("parallelism.default", String.valueOf(config.get(ReuseDetectorOptions.PARALLELISM)));
        flink.setString("execution.runtime-mode", mode.name());
        if (mode == RuntimeExecutionMode.STREAMING) {
            // a stopped or crashed stream leaves its last checkpoint for the next start (see RetainedCheckpoints)
            flink.setString("execution.checkpointing.externalized-checkpoint-retention", "RETAIN_ON_CANCELLATION");
        }
        config.getOptional(ReuseDetectorOptions.METRICS_PROMETHEUS_PORT).ifPresent(port -> {
            flink.setString(
                    "metrics.reporter.prom.factory.class",
                    "org.apache.flink.metrics.prometheus.PrometheusReporterFactory");
            flink.setString(
                    "metrics.reporter.prom.port", port); // the mini cluster's jobmanager and taskmanager share it
        });
        Configuration own = config.flinkConfiguration();
        boolean remote = "remote".equals(own.get(DeploymentOptions.TARGET));
        if (!remote && !own.containsKey("restart-strategy.type") && !own.containsKey("restart-strategy")) {
            // Flink's default with checkpoints restarts for ever: a record whose failure recurs would loop with no end
            // (a bounded run would never finish); a bounded number of restarts ends the job with the error instead
            flink.setString("restart-strategy.type", "exponential-delay");
            flink.setString("restart-strategy.exponential-delay.initial-backoff", "1 s");
            flink.setString("restart-strategy.exponential-delay.backoff-multiplier", "2.0");
            flink.setString("restart-strategy.exponential-delay.max-backoff", "1 min");
            flink.setString(
                    "restart-strategy.exponential-delay.attempts-before-reset-backoff",
                    String.valueOf(config.get(ReuseDetectorOptions.MAX_RESTARTS)));
        }
        // RocksDB's information log grows by itself, up to Flink's rolling bound of files per instance, whatever the
        // state holds (docs/benchmarks.md, the soak); its header says how each instance was opened, which is what an
        // operator reads
        flink.setString("state.backend.rocksdb.log.level", "HEADER_LEVEL");
        if (config.get(ReuseDetectorOptions.LABELS_MODE) == LabelsMode.KEYED) {
            // a labelled set in keyed state is far larger than the rest: without bloom filters every new label's read
            // searches every level of RocksDB's files, and with unpartitioned filters the load collapses once they
            // outgrow the block cache (docs/benchmarks.md, the keyed label mode)
            flink.setString("state.backend.rocksdb.use-bloom-filter", "true");
            flink.setString("state.backend.rocksdb.memory.partitioned-index-filters", "true");
        }
        flink.addAll(own); // flink.* keys from the detector's configuration win
        if (remote) {
            // stream --submit: the remote executor (flink-clients) sends the job graph and the job jar to a session
            // cluster; getExecutionEnvironment would run a local mini cluster outside `flink run`
            return new StreamExecutionEnvironment(flink);
        }
        return StreamExecutionEnvironment.getExecutionEnvironment(flink);
    }
}
