package org.reusedetector.cli;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.reusedetector.detection.Metrics;
import org.reusedetector.util.Progress;

/**
 * Runs a job and shows its progress on the terminal: pages and MB of HTML parsed so far, rate, and an ETA
 * when the input size is known, from the job's accumulators (reported by the task managers as it runs).
 */
final class JobProgress {
    private JobProgress() {}

    static JobExecutionResult execute(StreamExecutionEnvironment env, String name, long estimatedHtmlBytes)
            throws Exception {
        return execute(env, name, estimatedHtmlBytes, null);
    }

    /**
     * As {@link #execute(StreamExecutionEnvironment, String, long)}; with a {@link StreamStatus}, a stream's
     * status line replaces the progress line.
     */
    static JobExecutionResult execute(
            StreamExecutionEnvironment env, String name, long estimatedHtmlBytes, StreamStatus status)
            throws Exception {
        JobClient client = env.executeAsync(name);
        CompletableFuture<JobExecutionResult> result = client.getJobExecutionResult();
        Progress progress = new Progress(name, estimatedHtmlBytes);
        long pages = 0;
        long bytes = 0;
        while (!result.isDone()) {
            try {
                result.get(2, TimeUnit.SECONDS);
            } catch (TimeoutException stillRunning) {
                try {
                    Map<String, Object> accumulators = client.getAccumulators().get(5, TimeUnit.SECONDS);
                    long p = number(
                            accumulators.get(Metrics.PAGES_PARSED), number(accumulators.get(Metrics.PAGES_SCORED), 0));
                    long b = number(accumulators.get(Metrics.PAGE_BYTES_PARSED), 0);
                    if (status == null) {
                        progress.add(Math.max(0, p - pages), Math.max(0, b - bytes));
                    }
                    pages = Math.max(p, pages);
                    bytes = Math.max(b, bytes);
                    if (status == null) {
                        progress.maybePrint();
                    } else {
                        status.maybeLog(accumulators);
                    }
                } catch (TimeoutException | ExecutionException | IllegalStateException ignored) {
                    // progress is best effort; the job's own result decides (a local cluster may already be shut down)
                }
            }
        }
        JobExecutionResult done = result.get();
        if (status != null) {
            status.logFinal(done.getAllAccumulatorResults());
        }
        return done;
    }

    private static long number(Object value, long otherwise) {
        return value instanceof Number n ? n.longValue() : otherwise;
    }
}
