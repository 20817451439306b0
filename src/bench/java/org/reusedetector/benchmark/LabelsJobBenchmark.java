package org.reusedetector.benchmark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.detection.DetectionSettings;

/**
 * {@code benchmark labels --mode broadcast|keyed}: the streaming label match in a local mini cluster with RocksDB
 * state and incremental checkpoints. It loads N synthetic chunk labels (random SHA-1s, through the labels path the
 * stream uses: JSON records, the label snapshot marker), while a trickle of pages waits for the snapshot; once the
 * first page is scored the set is in, and it measures the JVM heap after a GC (the mini cluster's TaskManager runs in
 * this JVM), RocksDB's size on disk and the next checkpoint's size, then runs pages at full speed for a while and
 * counts the hashes looked up per second.
 */
final class LabelsJobBenchmark {

    private static final long PROGRESS_NANOS = 60_000_000_000L;

    private final String mode;
    private final long labels;
    private final int partitions;
    private final int parallelism;
    private final Duration measure;
    private final Duration checkpointInterval;
    private final Path dir;
    private final ReuseDetectorConfig base;

    LabelsJobBenchmark(
            ReuseDetectorConfig base,
            String mode,
            long labels,
            int partitions,
            int parallelism,
            Duration measure,
            Duration checkpointInterval,
            Path dir) {
        this.mode = mode;
        this.labels = labels;
        this.partitions = partitions;
        this.parallelism = parallelism;
        this.measure = measure;
        this.checkpointInterval = checkpointInterval;
        this.dir = dir;
        this.base = base;
    }

    /**
     * RocksDB settings for a large labelled set, under the {@code flink.*} keys a stream's configuration would give
     * them (and {@code --set} overrides here). Bloom filters: a new label's write is preceded by a read of its key, which
     * without them searches every level of the sorted files, so that the load slows as the set grows; with them a
     * missing key costs a filter probe per file. Partitioned: a file's filter and index in blocks of their own, so
     * that a cache smaller than all filters reads one small block for a probe, not a whole file's filter each time
     * (without it the load slows by an order of magnitude once the filters no longer fit: docs/benchmarks.md).
     * Managed memory: RocksDB's block cache and write buffers, off the heap;
     * the local mini cluster's own default cannot keep the filters and indexes of a set of
     * tens of millions of keys cached.
     */
    static final Map<String, String> ROCKSDB_DEFAULTS = Map.of(
            "state.backend.rocksdb.use-bloom-filter", "true",
            "state.backend.rocksdb.memory.partitioned-index-filters", "true",
            "taskmanager.memory.managed.size", "1g");

    void run(BenchmarkFigures figures) throws Exception {
        LabelsBenchmarkJob.Probe.reset();
        Path rocksdb = dir.resolve("rocksdb");
        Path checkpoints = dir.resolve("checkpoints");
        Files.createDirectories(rocksdb);
        Files.createDirectories(checkpoints);
        Configuration flink = new Configuration();
        flink.setString("state.backend.type", "rocksdb");
        flink.setString("state.backend.rocksdb.localdir", rocksdb.toString());
        flink.setString("execution.checkpointing.dir", checkpoints.toUri().toString());
        flink.setString("execution.checkpointing.interval", checkpointInterval.toMillis() + " ms");
        flink.setString("execution.checkpointing.incremental", "true");
        flink.setString("execution.checkpointing.timeout", "30 min");
        flink.setString("pipeline.generic-types", "false");
        flink.setString("parallelism.default", String.valueOf(parallelism));
        ROCKSDB_DEFAULTS.forEach(flink::setString);
        flink.addAll(base.flinkConfiguration()); // --set flink.* wins
        figures.line(
                "  RocksDB: bloom filters %s, partitioned index and filters %s, managed memory %s (off the heap)",
                flink.toMap().getOrDefault("state.backend.rocksdb.use-bloom-filter", "false"),
                flink.toMap().getOrDefault("state.backend.rocksdb.memory.partitioned-index-filters", "false"),
                flink.toMap().getOrDefault("taskmanager.memory.managed.size", "the mini cluster's default"));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(flink);

        ReuseDetectorConfig config = base.with(
                Map.of("labels.mode", mode.toUpperCase(), "labels.keyed.partitions", String.valueOf(partitions)));
        DetectionSettings settings = DetectionSettings.from(config, "bench", 1);
        LabelsBenchmarkJob.define(env, settings, labels);

        long start = System.nanoTime();
        JobClient job = env.executeAsync("benchmark labels " + mode);
        try {
            long nextProgress = System.nanoTime() + PROGRESS_NANOS;
            long sentBefore = 0;
            while (!LabelsBenchmarkJob.Probe.loaded) {
                if (job.getJobStatus().get().isGloballyTerminalState()) {
                    throw new IllegalStateException("the job ended before the labels were in: "
                            + job.getJobExecutionResult().get());
                }
                Thread.sleep(200);
                if (System.nanoTime() > nextProgress) {
                    nextProgress += PROGRESS_NANOS;
                    Runtime runtime = Runtime.getRuntime();
                    long sent = LabelsBenchmarkJob.Probe.LABELS_SENT.get();
                    figures.line(
                            "  loading: %d labels sent in %.0f s (%.0f labels/s in the last minute); heap %d MB (no GC), RocksDB %d MB",
                            sent,
                            (System.nanoTime() - start) / 1e9,
                            (sent - sentBefore) / (PROGRESS_NANOS / 1e9),
                            (runtime.totalMemory() - runtime.freeMemory()) >> 20,
                            sizeOf(rocksdb) >> 20);
                    sentBefore = sent;
                }
            }
            double loadSeconds = (System.nanoTime() - start) / 1e9;
            long loadedAt = System.currentTimeMillis();
            long heap = usedHeapAfterGc();
            long disk = sizeOf(rocksdb);
            figures.line(
                    "benchmark labels --mode %s: %d labels in %.1f s (%.0f labels/s, job start included); heap after GC %d MB, RocksDB on disk %d MB",
                    mode, labels, loadSeconds, labels / loadSeconds, heap >> 20, disk >> 20);
            Thread.sleep(Math.min(5_000, measure.toMillis() / 4)); // held pages out, JIT warm
            long scoredBefore = LabelsBenchmarkJob.Probe.SCORED.get();
            long t0 = System.nanoTime();
            Thread.sleep(measure.toMillis());
            long scoredPages = LabelsBenchmarkJob.Probe.SCORED.get() - scoredBefore;
            double seconds = (System.nanoTime() - t0) / 1e9;
            double lookups = scoredPages * (double) (LabelsBenchmarkJob.CHUNKS_PER_PAGE + 1) / seconds;
            figures.line(
                    "  pages at full speed: %.0f pages/s, %.0f hash lookups/s (%d chunks and a file hash per page)",
                    scoredPages / seconds, lookups, LabelsBenchmarkJob.CHUNKS_PER_PAGE);
            Optional<Long> checkpoint = checkpointAfter(checkpoints, loadedAt, job);
            figures.line(
                    "  checkpoint after loading: %s",
                    checkpoint
                            .map(b -> (b >> 20) + " MB (incremental; shared files included)")
                            .orElse("none completed in time"));
            figures.put("mode", mode)
                    .put("labels", labels)
                    .put("partitions", partitions)
                    .put("parallelism", parallelism)
                    .put("load_s", loadSeconds)
                    .put("heap_mb", heap / 1048576.0)
                    .put("disk_mb", disk / 1048576.0)
                    .put("checkpoint_mb", checkpoint.map(b -> b / 1048576.0).orElse(Double.NaN))
                    .put("pages_per_s", scoredPages / seconds)
                    .put("lookups_per_s", lookups)
                    .put(
                            "matched_chunks_per_page",
                            LabelsBenchmarkJob.Probe.MATCHED.get()
                                    / (double) Math.max(1, LabelsBenchmarkJob.Probe.SCORED.get()));
        } finally {
            job.cancel().get();
            try {
                job.getJobExecutionResult().get(); // the tasks have let go of their RocksDB directories
            } catch (Exception cancelled) {
                // cancelled, as asked
            }
        }
    }

    /** The size of the job's checkpoint directory once a checkpoint completed after the load (waits for one). */
    private Optional<Long> checkpointAfter(Path checkpoints, long loadedAt, JobClient job) throws Exception {
        long deadline = System.currentTimeMillis() + checkpointInterval.toMillis() * 3 + 600_000;
        while (System.currentTimeMillis() < deadline
                && !job.getJobStatus().get().isGloballyTerminalState()) {
            try (Stream<Path> files = Files.walk(checkpoints)) {
                Optional<Path> done = files.filter(
                                p -> p.getFileName().toString().equals("_metadata"))
                        .filter(p -> p.toFile().lastModified() > loadedAt)
                        .findAny();
                if (done.isPresent()) {
                    return Optional.of(sizeOf(checkpoints));
                }
            } catch (UncheckedIOException e) {
                // a checkpoint directory removed while walked: look again
            }
            Thread.sleep(500);
        }
        return Optional.empty();
    }

    static long usedHeapAfterGc() {
        Runtime runtime = Runtime.getRuntime();
        for (int i = 0; i < 4; i++) {
            System.gc();
        }
        return runtime.totalMemory() - runtime.freeMemory();
    }

    static long sizeOf(Path root) throws IOException {
        List<Path> all = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.forEach(all::add);
        } catch (UncheckedIOException e) {
            return sizeOf(root); // a file removed while walked (a compaction): walk again
        }
        long total = 0;
        for (Path p : all) {
            try {
                if (Files.isRegularFile(p)) {
                    total += Files.size(p);
                }
            } catch (IOException gone) {
                // removed since the walk
            }
        }
        return total;
    }

    /** Deletes a directory tree; what cannot be deleted (still being written) stays, as a temporary directory may. */
    static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> files = Files.walk(root)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException busy) {
                    // left behind
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // left behind
        }
    }
}
