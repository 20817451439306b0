package org.reusedetector.detection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.config.ReuseDetectorConfig;

/**
 * A failure that recurs on every restart (a record a sink cannot write, say) ends the job with its error after
 * {@code job.max-restarts} restarts, instead of restarting for ever: a bounded stream would otherwise never end.
 */
class JobEnvironmentITCase {

    static final AtomicInteger ATTEMPTS = new AtomicInteger();

    @TempDir
    Path dir;

    @Test
    @Timeout(120) // without a bound on restarts the job would never end
    void aFailureThatRecursEndsTheJobAfterTheConfiguredRestarts() {
        ATTEMPTS.set(0);
        ReuseDetectorConfig config = ReuseDetectorConfig.load(
                null,
                List.of(
                        "job.max-restarts=2",
                        "job.parallelism=1",
                        "job.state-dir=" + dir,
                        "flink.restart-strategy.exponential-delay.initial-backoff=10 ms",
                        "flink.restart-strategy.exponential-delay.max-backoff=20 ms"));
        StreamExecutionEnvironment env = JobEnvironment.create(config, RuntimeExecutionMode.STREAMING);
        env.fromData("poison")
                .map(
                        record -> {
                            ATTEMPTS.incrementAndGet();
                            throw new IllegalStateException("cannot write " + record);
                        },
                        Types.STRING)
                .uid("fail")
                .name("fail")
                .sinkTo(new DiscardingSink<>())
                .uid("discard")
                .name("discard");

        assertThatThrownBy(() -> env.execute("fails every time")).hasStackTraceContaining("cannot write poison");
        assertThat(ATTEMPTS.get()).isEqualTo(3); // the first run and two restarts
    }
}
