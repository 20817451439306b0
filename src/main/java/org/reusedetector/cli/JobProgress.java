package org.reusedetector.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.zip.GZIPInputStream;
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

    static JobExecutionResult execute(StreamExecutionEnvironment env, String name, long estimatedHtmlBytes) throws Exception {
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
                    long p = number(accumulators.get(Metrics.PAGES_PARSED), number(accumulators.get(Metrics.PAGES_SCORED), 0));
                    long b = number(accumulators.get(Metrics.PAGE_BYTES_PARSED), 0);
                    progress.add(Math.max(0, p - pages), Math.max(0, b - bytes));
                    pages = Math.max(p, pages);
                    bytes = Math.max(b, bytes);
                    progress.maybePrint();
                } catch (TimeoutException | java.util.concurrent.ExecutionException | IllegalStateException ignored) {
                    // progress is best effort; the job's own result decides (a local cluster may already be shut down)
                }
            }
        }
        return result.get();
    }

    private static long number(Object value, long otherwise) {
        return value instanceof Number n ? n.longValue() : otherwise;
    }

    /**
     * The HTML bytes the input will yield, estimated: stored size, times the compression ratio of a prefix of
     * each gzip file. Good to a few percent for an ETA; 0 (unknown) for a hash index.
     */
    static long estimateHtmlBytes(List<Path> files) throws IOException {
        long total = 0;
        byte[] buffer = new byte[1 << 16];
        for (Path file : files) {
            long stored = Files.size(file);
            if (!file.getFileName().toString().endsWith(".gz")) {
                total += stored;
                continue;
            }
            long sampleCompressed = Math.min(stored, 4L << 20);
            long inflated = 0;
            try (InputStream raw = new java.io.BufferedInputStream(Files.newInputStream(file));
                    CountingStream counted = new CountingStream(raw, sampleCompressed);
                    InputStream in = new GZIPInputStream(counted)) {
                int n;
                while (counted.count < sampleCompressed && (n = in.read(buffer)) > 0) {
                    inflated += n;
                }
                total += (long) (stored * (inflated / (double) Math.max(1, counted.count)));
            } catch (IOException e) {
                total += stored * 5; // a typical ratio for HTML
            }
        }
        return total;
    }

    private static final class CountingStream extends java.io.FilterInputStream {
        long count;

        CountingStream(InputStream in, long limit) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }
    }
}
