package org.reusedetector.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.DetectionWorkflow;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.PageScore;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.page.Sha1;

/**
 * {@code benchmark labels --mode broadcast|keyed}: the streaming label match in a local mini cluster with RocksDB
 * state and incremental checkpoints. It loads N synthetic chunk labels (random SHA-1s, through the labels path the
 * stream uses: JSON records, the label snapshot marker), while a trickle of pages waits for the snapshot; once the
 * first page is scored the set is in, and it measures the JVM heap after a GC (the mini cluster's TaskManager runs in
 * this JVM), RocksDB's size on disk and the next checkpoint's size, then runs pages at full speed for a while and
 * counts the hashes looked up per second.
 */
final class LabelsJobBenchmark {

    /** Pages per second while the labels load: enough to be held and released, few enough not to matter. */
    private static final long TRICKLE_SLEEP_MILLIS = 100;

    static final int CHUNKS_PER_PAGE = 40;
    static final int LABELLED_PER_PAGE = 10;

    private final String mode;
    private final long labels;
    private final int partitions;
    private final int parallelism;
    private final Duration measure;
    private final Duration checkpointInterval;
    private final Path dir;

    LabelsJobBenchmark(
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
    }

    /** What the job shares with this thread: the mini cluster runs in this JVM, so plain statics do. */
    static final class Probe {
        static volatile boolean loaded;
        static final AtomicLong SCORED = new AtomicLong();
        static final AtomicLong MATCHED = new AtomicLong();

        static void reset() {
            loaded = false;
            SCORED.set(0);
            MATCHED.set(0);
        }
    }

    void run(BenchmarkFigures figures) throws Exception {
        Probe.reset();
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
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(flink);

        ReuseDetectorConfig config = ReuseDetectorConfig.load(
                null, List.of("labels.mode=" + mode.toUpperCase(), "labels.keyed.partitions=" + partitions));
        DetectionSettings settings = DetectionSettings.from(config, "bench", 1);
        long count = labels;
        DataStream<SourceRecord> labelRecords = env.fromSequence(0, count)
                .setParallelism(1)
                .name("synthetic-labels")
                .map(i -> i < count ? labelRecord(i) : marker(), TypeInformation.of(SourceRecord.class))
                .setParallelism(1)
                .name("label-records");
        DataStream<HashedPage> pages = env.fromSequence(0, Long.MAX_VALUE)
                .setParallelism(1)
                .name("synthetic-pages")
                .map(new Pages(count), TypeInformation.of(HashedPage.class))
                .setParallelism(1)
                .name("pages");
        DetectionWorkflow.Scored scored = DetectionWorkflow.score(pages, labelRecords, settings, Duration.ofHours(1));
        scored.scores()
                .map(LabelsJobBenchmark::probe, Types.BOOLEAN)
                .name("probe")
                .sinkTo(new DiscardingSink<>())
                .name("discard");

        long start = System.nanoTime();
        JobClient job = env.executeAsync("benchmark labels " + mode);
        try {
            while (!Probe.loaded) {
                if (job.getJobStatus().get().isGloballyTerminalState()) {
                    throw new IllegalStateException("the job ended before the labels were in: "
                            + job.getJobExecutionResult().get());
                }
                Thread.sleep(200);
            }
            double loadSeconds = (System.nanoTime() - start) / 1e9;
            long loadedAt = System.currentTimeMillis();
            long heap = usedHeapAfterGc();
            long disk = sizeOf(rocksdb);
            figures.line(
                    "benchmark labels --mode %s: %d labels in %.1f s (%.0f labels/s, job start included); heap after GC %d MB, RocksDB on disk %d MB",
                    mode, labels, loadSeconds, labels / loadSeconds, heap >> 20, disk >> 20);
            Thread.sleep(Math.min(5_000, measure.toMillis() / 4)); // held pages out, JIT warm
            long scoredBefore = Probe.SCORED.get();
            long t0 = System.nanoTime();
            Thread.sleep(measure.toMillis());
            long scoredPages = Probe.SCORED.get() - scoredBefore;
            double seconds = (System.nanoTime() - t0) / 1e9;
            double lookups = scoredPages * (double) (CHUNKS_PER_PAGE + 1) / seconds;
            figures.line(
                    "  pages at full speed: %.0f pages/s, %.0f hash lookups/s (%d chunks and a file hash per page)",
                    scoredPages / seconds, lookups, CHUNKS_PER_PAGE);
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
                    .put("matched_chunks_per_page", Probe.MATCHED.get() / (double) Math.max(1, Probe.SCORED.get()));
        } finally {
            job.cancel().get();
            try {
                job.getJobExecutionResult().get(); // the tasks have let go of their RocksDB directories
            } catch (Exception cancelled) {
                // cancelled, as asked
            }
        }
    }

    private static boolean probe(PageScore score) {
        Probe.loaded = true;
        Probe.SCORED.incrementAndGet();
        Probe.MATCHED.addAndGet(score.matchedChunks());
        return true;
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

    /** Label {@code i}'s hash: 20 bytes of a SplitMix64 sequence seeded by {@code i} (random, and made again by the pages). */
    static byte[] labelHash(long i) {
        SplittableRandom random = new SplittableRandom(0x9E3779B97F4A7C15L * (i + 1));
        byte[] hash = new byte[Sha1.LENGTH];
        random.nextBytes(hash);
        return hash;
    }

    static SourceRecord labelRecord(long i) {
        // a thousand example pages of one expert site: origins as an informed labelling's
        String json = "{\"hash\":\"" + Sha1.hex(labelHash(i))
                + "\",\"kind\":\"chunk\",\"op\":\"add\",\"source\":\"bench\",\"example_url\":\"https://expert.example/p"
                + (i % 1000) + ".html\"}";
        return new SourceRecord(json, "labels/0/" + i);
    }

    static SourceRecord marker() {
        return new SourceRecord("{\"op\":\"snapshot\",\"run\":\"bench\",\"partition\":0}", "labels/0/marker");
    }

    /** Synthetic pages: 40 chunk hashes of which 10 are labels; a trickle until the labels are in. */
    static final class Pages implements MapFunction<Long, HashedPage> {
        private static final long serialVersionUID = 1L;
        private final long labels;
        private transient SplittableRandom random;

        Pages(long labels) {
            this.labels = labels;
        }

        @Override
        public HashedPage map(Long i) throws Exception {
            if (!Probe.loaded) {
                Thread.sleep(TRICKLE_SLEEP_MILLIS);
            }
            if (random == null) {
                random = new SplittableRandom(42);
            }
            byte[] hashes = new byte[CHUNKS_PER_PAGE * Sha1.LENGTH];
            random.nextBytes(hashes);
            for (int k = 0; k < LABELLED_PER_PAGE; k++) {
                System.arraycopy(labelHash(random.nextLong(labels)), 0, hashes, k * 4 * Sha1.LENGTH, Sha1.LENGTH);
            }
            int[] lengths = new int[CHUNKS_PER_PAGE];
            java.util.Arrays.fill(lengths, 200);
            byte[] file = new byte[Sha1.LENGTH];
            random.nextBytes(file);
            return new HashedPage(
                    "https://site" + (i % 1000) + ".example/p" + i + ".html",
                    1_767_225_600_000L + i,
                    file,
                    hashes,
                    lengths,
                    8_000);
        }
    }
}
