package org.reusedetector.benchmark;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import org.reusedetector.cli.DiscoverCommand;
import org.reusedetector.cli.IndexCommand;
import org.reusedetector.cli.JobSummary;
import org.reusedetector.cli.StreamCommand;
import org.reusedetector.config.ConfigArguments;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.format.PageFiles;
import org.reusedetector.index.HashIndex;
import org.reusedetector.labels.LabelIndex;
import org.reusedetector.labels.MapLabelStore;
import org.reusedetector.model.PageRecord;
import org.reusedetector.page.ChunkerDifferential;
import org.reusedetector.page.PageRecordParser;
import org.reusedetector.page.Sha1;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code benchmark}: throughput, latency and memory figures of whole jobs, printed (targets are met in benchmarks, not
 * in timed tests), for users to measure their own hardware. Each figure is one run on the machine at hand: run twice and
 * compare before trusting a difference. The per-page and per-hash work (chunker, page hasher, signers, label lookups)
 * is measured by the JMH micro-benchmarks of {@code src/jmh/java} instead (docs/benchmarks.md), which a loop timed
 * here could not measure without the JIT's help or hindrance.
 */
@Command(
        name = "benchmark",
        mixinStandardHelpOptions = true,
        description =
                "Throughput, latency and memory figures of whole jobs, printed (micro-benchmarks: JMH, see docs/benchmarks.md).",
        subcommands = {
            BenchmarkCommand.Stream.class,
            BenchmarkCommand.Chunker.class,
            BenchmarkCommand.Discover.class,
            BenchmarkCommand.Discovery.class,
            LatencyBenchmark.class,
            BenchmarkCommand.Labels.class,
            BenchmarkCommand.Imatch.class,
            ShinglesBenchmark.class,
            BenchmarkCommand.NearCopy.class,
            SignalsBenchmark.class,
            SoakBenchmark.class,
            RecoveryBenchmark.class
        })
public final class BenchmarkCommand {

    /** Whole streaming job on the embedded broker vs jsoup parsing alone, on the same pages. */
    @Command(
            name = "stream",
            mixinStandardHelpOptions = true,
            description = "Pages/s and MB/s of the whole streaming job (embedded Kafka, bounded replay).")
    static final class Stream implements Callable<Integer> {
        @Mixin
        ConfigArguments configOptions;

        @Option(names = "--input", required = true, paramLabel = "FILE", description = "A JSONL(.gz) crawl.")
        Path input;

        @Option(names = "--labels", required = true, paramLabel = "FILE", description = "A labels file.")
        Path labels;

        @Option(
                names = "--cluster",
                description =
                        "Also submit the job to a standalone Flink cluster of child JVMs, with 1 and with 2 TaskManagers.")
        boolean cluster;

        @Option(
                names = "--cluster-lib",
                paramLabel = "DIR",
                defaultValue = "target/cluster-lib",
                description = "The cluster's jars, copied from Maven by the build (default: ${DEFAULT-VALUE}).")
        Path clusterLib;

        @Option(
                names = "--runs",
                defaultValue = "3",
                description =
                        "Timed runs of the job per parallelism, after one cold run (first JIT, fresh page cache), alternating the "
                                + "parallelisms; the median is reported (default: ${DEFAULT-VALUE}; 0 = the cold run only).")
        int runs;

        @Option(
                names = "--parallelism",
                split = ",",
                paramLabel = "P[,P...]",
                defaultValue = "1,2",
                description =
                        "Parallelisms to time, run by run in turn (default: ${DEFAULT-VALUE}); stream_mb_s is that of the last.")
        List<Integer> parallelisms;

        @Mixin
        BenchmarkFigures figures;

        @Override
        public Integer call() throws Exception {
            ReuseDetectorConfig config = configOptions.load();
            Path work = Files.createTempDirectory("reuse-detector-bench");
            int last = parallelisms.get(parallelisms.size() - 1);
            // each run on a broker of its own, so that no run reads what an earlier one left in the page cache of
            // Kafka's log
            JobSummary cold = run(work.resolve("cold"), last);
            Map<Integer, double[]> seconds = new LinkedHashMap<>();
            Map<Integer, JobSummary> summaries = new LinkedHashMap<>();
            for (int p : runs > 0 ? parallelisms : List.<Integer>of()) { // no warm runs: only the cold run is reported
                seconds.put(p, new double[runs]);
            }
            for (int r = 0; r < runs; r++) {
                for (int p : parallelisms) {
                    JobSummary job = run(work.resolve("run" + r + "-p" + p), p);
                    seconds.get(p)[r] = job.seconds();
                    summaries.put(p, job);
                }
            }
            System.out.println();
            JobSummary reported = runs > 0 ? summaries.get(last) : cold;
            double reportedSeconds = runs > 0 ? median(seconds.get(last)) : cold.seconds();
            report(figures, input, last, reported, reportedSeconds);
            figures.put("cold_stream_mb_s", cold.bytes() / 1e6 / cold.seconds()).put("runs", runs);
            figures.line(
                    "  cold run (first in this JVM, parallelism %d): %.1f MB/s (%.1f s)",
                    last, cold.bytes() / 1e6 / cold.seconds(), cold.seconds());
            for (var entry : seconds.entrySet()) {
                double median = median(entry.getValue());
                double mbs = summaries.get(entry.getKey()).bytes() / 1e6 / median;
                figures.put("stream_mb_s_p" + entry.getKey(), mbs);
                figures.line(
                        "  parallelism %d: %.1f MB/s (median of %d warm runs; run times %s s)",
                        entry.getKey(),
                        mbs,
                        runs,
                        Arrays.toString(Arrays.stream(entry.getValue())
                                .map(v -> Math.round(v * 10) / 10.0)
                                .toArray()));
            }
            if (cluster) {
                for (ClusterBenchmark.Figure figure : ClusterBenchmark.run(
                        configOptions, input, labels, clusterLib, config.get(ReuseDetectorOptions.PARALLELISM), work)) {
                    String key = "cluster_tm" + figure.taskManagers() + "_";
                    figures.put(key + "pages_s", figure.pagesPerSecond())
                            .put(key + "mb_s", figure.megabytes() / figure.seconds());
                    figures.line(figure.toString());
                }
            }
            figures.finish();
            return 0;
        }

        private JobSummary run(Path work, int parallelism) throws Exception {
            return parsed(
                            new StreamCommand(),
                            configOptions,
                            "--bounded",
                            "--replay-first", // the job's runtime is its own, not the replay's
                            "--replay",
                            input.toString(),
                            "--labels",
                            labels.toString(),
                            "--set",
                            "embedded.kafka-port=0",
                            "--set",
                            "embedded.data-dir=" + work.resolve("kafka"),
                            "--set",
                            "job.state-dir=" + work.resolve("flink"),
                            "--set",
                            "job.parallelism=" + parallelism)
                    .run();
        }

        static void report(BenchmarkFigures figures, Path input, int parallelism, JobSummary job, double seconds) {
            double pagesPerSecond = job.pages() / seconds;
            double mbPerSecond = job.bytes() / 1e6 / seconds;
            figures.put("pages", job.pages())
                    .put("mb", job.bytes() / 1e6)
                    .put("seconds", seconds)
                    .put("parallelism", parallelism)
                    .put("stream_pages_s", pagesPerSecond)
                    .put("stream_mb_s", mbPerSecond)
                    .put("cores", Runtime.getRuntime().availableProcessors());
            figures.line("benchmark stream: " + input);
            figures.line(
                    "  streaming job (parallelism %s, Kafka in, Kafka out, exactly once): %.0f pages/s, %.1f MB/s  (%d pages, %.1f MB, %.1f s)",
                    parallelism, pagesPerSecond, mbPerSecond, job.pages(), job.bytes() / 1e6, seconds);
            figures.line("  cores: %d", Runtime.getRuntime().availableProcessors());
        }
    }

    /**
     * The one-pass chunker's TEXT-form chunk hashes against the jsoup chunker's (the reference), page by page: a check,
     * not a timing (the chunkers' speed is measured by the JMH benchmarks, docs/benchmarks.md).
     */
    @Command(
            name = "chunker",
            mixinStandardHelpOptions = true,
            description =
                    "With --verify, compares the chunk hashes of the one-pass chunker and the jsoup chunker (TEXT form) page by page. "
                            + "The chunkers' speed is measured by the JMH micro-benchmarks (docs/benchmarks.md).")
    static final class Chunker implements Callable<Integer> {
        @Mixin
        ConfigArguments configOptions;

        @Option(
                names = "--input",
                required = true,
                paramLabel = "PATH",
                description = "Pages: a JSONL(.gz)/WARC file or directory.")
        Path input;

        @Option(
                names = "--verify",
                required = true,
                description =
                        "Compare the chunk hashes of the new and the jsoup chunker on every page; exit 1 on a difference.")
        boolean verify;

        @Mixin
        BenchmarkFigures figures;

        @Override
        public Integer call() throws Exception {
            ReuseDetectorConfig config = configOptions.load();
            DetectionSettings settings = DetectionSettings.from(config, null, 0);
            List<String> urls = new ArrayList<>();
            List<String> bodies = new ArrayList<>();
            long bytes = readPages(input, settings, urls, bodies);
            Set<String> tags = Set.copyOf(config.chunking().tags());
            figures.put("pages", bodies.size()).put("mb", bytes / 1e6);
            figures.line("benchmark chunker: %s (%d pages, %.1f MB of HTML)", input, bodies.size(), bytes / 1e6);
            ChunkerDifferential differential = new ChunkerDifferential(tags);
            for (int i = 0; i < bodies.size(); i++) {
                differential.compare(urls.get(i), bodies.get(i));
            }
            figures.put("verified_pages", differential.pages()).put("identical_pages", differential.identical());
            figures.line(
                    "  verify: %d pages compared, %d identical, %d differ",
                    differential.pages(),
                    differential.identical(),
                    differential.differences().size());
            for (ChunkerDifferential.Difference d : differential.differences()) {
                figures.line(
                        "    %s chunk %d%n      jsoup:     %s%n      tokenizer: %s",
                        d.url(), d.chunkIndex(), clip(d.jsoupChunk()), clip(d.tokenizerChunk()));
            }
            figures.finish();
            return differential.differences().isEmpty() ? 0 : 1;
        }

        private static long readPages(Path input, DetectionSettings settings, List<String> urls, List<String> bodies)
                throws Exception {
            PageRecordParser parser = new PageRecordParser(settings.maxBodyBytes());
            long bytes = 0;
            for (Path file : PageFiles.list(input)) {
                try (var records = PageFiles.open(file, settings.maxBodyBytes())) {
                    while (records.hasNext()) {
                        try {
                            PageRecord page = parser.parse(records.next().value());
                            urls.add(page.url());
                            bodies.add(page.body());
                            bytes += page.body().getBytes(StandardCharsets.UTF_8).length;
                        } catch (PageRecordParser.Rejected ignored) {
                            // not a page: not part of the comparison
                        }
                    }
                }
            }
            return bytes;
        }

        private static String clip(String chunk) {
            if (chunk == null) {
                return "(none)";
            }
            return chunk.length() <= 300 ? chunk : chunk.substring(0, 300) + "…";
        }
    }

    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    /** Discovery throughput from raw pages and from the hash index of the same pages. */
    @Command(
            name = "discover",
            mixinStandardHelpOptions = true,
            description =
                    "Discovery throughput (pages/s, MB/s, chunk hashes/s) from raw pages and from a hash index of the same pages.")
    static final class Discover implements Callable<Integer> {
        @Mixin
        ConfigArguments configOptions;

        @Option(
                names = "--input",
                required = true,
                paramLabel = "PATH",
                description = "Pages: a JSONL/WARC file or directory.")
        Path input;

        @Mixin
        BenchmarkFigures figures;

        @Override
        public Integer call() throws Exception {
            Path work = Files.createTempDirectory("reuse-detector-bench");
            JobSummary index = parsed(
                            new IndexCommand(),
                            configOptions,
                            "--input",
                            input.toString(),
                            "--out",
                            work.resolve("index").toString())
                    .run();
            JobSummary raw = parsed(
                            new DiscoverCommand(),
                            configOptions,
                            "--input",
                            input.toString(),
                            "--out",
                            work.resolve("raw").toString(),
                            "--no-texts")
                    .run();
            JobSummary idx = parsed(
                            new DiscoverCommand(),
                            configOptions,
                            "--input",
                            work.resolve("index").toString(),
                            "--out",
                            work.resolve("indexed").toString())
                    .run();
            long indexBytes = 0;
            for (Path f : HashIndex.list(work.resolve("index"))) {
                indexBytes += Files.size(f);
            }
            System.out.println();
            double rawSeconds = raw.seconds();
            double indexedSeconds = idx.seconds();
            figures.put("pages", raw.pages())
                    .put("mb", raw.bytes() / 1e6)
                    .put("chunks", raw.chunks())
                    .put("raw_pages_s", raw.pages() / rawSeconds)
                    .put("raw_mb_s", raw.bytes() / 1e6 / rawSeconds)
                    .put("raw_hashes_s", raw.chunks() / rawSeconds)
                    .put("raw_seconds", rawSeconds)
                    .put("index_mb", indexBytes / 1e6)
                    .put("indexed_pages_s", raw.pages() / indexedSeconds)
                    .put("indexed_hashes_s", raw.chunks() / indexedSeconds)
                    .put("indexed_seconds", indexedSeconds)
                    .put("index_build_pages_s", index.pages() / index.seconds())
                    .put("index_build_mb_s", index.bytes() / 1e6 / index.seconds());
            figures.line("benchmark discover: " + input);
            figures.line(
                    "  from raw pages: %.0f pages/s, %.1f MB/s of HTML, %.0f chunk hashes/s  (%.1f s)",
                    raw.pages() / rawSeconds, raw.bytes() / 1e6 / rawSeconds, raw.chunks() / rawSeconds, rawSeconds);
            figures.line(
                    "  from the hash index (%.1f MB, %.1f%% of the HTML): %.0f pages/s, %.1f MB/s of index, %.0f chunk hashes/s  (%.1f s)",
                    indexBytes / 1e6,
                    100.0 * indexBytes / Math.max(1, raw.bytes()),
                    raw.pages() / indexedSeconds,
                    indexBytes / 1e6 / indexedSeconds,
                    raw.chunks() / indexedSeconds,
                    indexedSeconds);
            figures.line(
                    "  building the index: %.0f pages/s, %.1f MB/s  (%.1f s)",
                    index.pages() / index.seconds(), index.bytes() / 1e6 / index.seconds(), index.seconds());
            figures.finish();
            return 0;
        }
    }

    /** Discovery from a synthetic hash index of many chunk hashes: the rate the whole Flink BATCH job reaches, start-up excluded. */
    @Command(
            name = "discovery",
            mixinStandardHelpOptions = true,
            description =
                    "Chunk hashes/s of discovery from a synthetic hash index (written first; see SyntheticIndex), net of job start-up "
                            + "(a one-page run's time), in total and per core, and per CPU-second of the process (net of the one-page run's).")
    static final class Discovery implements Callable<Integer> {
        @Mixin
        ConfigArguments configOptions;

        @Option(
                names = "--hashes",
                defaultValue = "20000000",
                description = "Chunk hashes in the synthetic index (default: ${DEFAULT-VALUE}).")
        long hashes;

        @Option(
                names = "--chunks-per-page",
                defaultValue = "40",
                description = "Mean chunks per page (default: ${DEFAULT-VALUE}).")
        int chunksPerPage;

        @Option(
                names = "--index",
                paramLabel = "DIR",
                description = "Where to write the index (default: a temporary directory); reused if it holds one.")
        Path indexDir;

        @Mixin
        BenchmarkFigures figures;

        @Override
        public Integer call() throws Exception {
            ReuseDetectorConfig config = configOptions.load();
            int parallelism = config.get(ReuseDetectorOptions.PARALLELISM);
            Path work = Files.createTempDirectory("reuse-detector-bench");
            Path index = indexDir != null ? indexDir : work.resolve("index");
            long start = System.nanoTime();
            SyntheticIndex.Written written;
            if (Files.isDirectory(index) && !HashIndex.list(index).isEmpty()) {
                written = null;
            } else {
                written = SyntheticIndex.write(
                        Files.createDirectories(index), hashes, chunksPerPage, Math.max(1, parallelism), 1);
            }
            double generateSeconds = (System.nanoTime() - start) / 1e9;
            Path tiny = Files.createDirectories(work.resolve("tiny"));
            SyntheticIndex.write(tiny, 1, 1, 1, 2);
            // process CPU time as well as wall time: on a shared machine the load inflates wall time but not CPU time
            long cpu0 = processCpuNanos();
            JobSummary startup = parsed(
                            new DiscoverCommand(),
                            configOptions,
                            "--input",
                            tiny.toString(),
                            "--out",
                            work.resolve("tiny-out").toString())
                    .run();
            long cpu1 = processCpuNanos();
            JobSummary job = parsed(
                            new DiscoverCommand(),
                            configOptions,
                            "--input",
                            index.toString(),
                            "--out",
                            work.resolve("out").toString())
                    .run();
            double jobCpu = (processCpuNanos() - cpu1) / 1e9;
            double startupCpu = (cpu1 - cpu0) / 1e9;
            double netCpu = jobCpu > startupCpu ? jobCpu - startupCpu : Double.NaN;
            long chunkHashes = written != null ? written.chunkHashes() : countHashes(index);
            long pages = job.pages() > 0 ? job.pages() : written != null ? written.pages() : 0;
            // NaN when the run was no longer than start-up: too small an index to tell
            double net = job.seconds() > startup.seconds() ? job.seconds() - startup.seconds() : Double.NaN;
            int cores = Math.min(parallelism, Runtime.getRuntime().availableProcessors());
            System.out.println();
            figures.put("hashes", chunkHashes)
                    .put("pages", pages)
                    .put("parallelism", parallelism)
                    .put("cores", Runtime.getRuntime().availableProcessors())
                    .put("seconds", job.seconds())
                    .put("startup_seconds", startup.seconds())
                    .put("hashes_s", chunkHashes / net)
                    .put("hashes_s_per_core", chunkHashes / net / cores)
                    .put("gross_hashes_s", chunkHashes / job.seconds())
                    .put("cpu_seconds", jobCpu)
                    .put("startup_cpu_seconds", startupCpu)
                    .put("hashes_per_cpu_s", chunkHashes / netCpu);
            figures.line(
                    "benchmark discovery: synthetic index %s (%,d chunk hashes%s)",
                    index,
                    chunkHashes,
                    written == null
                            ? ""
                            : String.format(
                                    ", %,d pages, %.1f MB, written in %.1f s",
                                    written.pages(), written.bytes() / 1e6, generateSeconds));
            figures.line(
                    "  discovery job (parallelism %d): %.1f s, of which %.1f s start-up (a one-page run)",
                    parallelism, job.seconds(), startup.seconds());
            figures.line(
                    "  %,.0f chunk hashes/s net of start-up, %,.0f per core (%d cores used); %,.0f gross",
                    chunkHashes / net, chunkHashes / net / cores, cores, chunkHashes / job.seconds());
            figures.line(
                    "  process CPU: %.1f s, of which %.1f s start-up: %,.0f chunk hashes per CPU-second net of start-up (per core, whatever the load)",
                    jobCpu, startupCpu, chunkHashes / netCpu);
            figures.finish();
            deleteTree(work); // the generated index is ~21 bytes a hash: 20 M hashes leave 0.5 GB behind otherwise
            // (--index keeps one)
            return 0;
        }

        private static long processCpuNanos() {
            return ((com.sun.management.OperatingSystemMXBean)
                            java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                    .getProcessCpuTime();
        }

        /** Best effort: a file a stopping job still writes may be left behind. */
        static void deleteTree(Path dir) {
            try (var paths = Files.walk(dir)) {
                for (Path path :
                        paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(path);
                }
            } catch (java.io.IOException | java.io.UncheckedIOException e) {
                System.err.println("could not remove all of " + dir + ": " + e.getMessage());
            }
        }

        private static long countHashes(Path index) throws Exception {
            long count = 0;
            for (Path file : HashIndex.list(index)) {
                try (var reader =
                        new org.reusedetector.index.HashIndexReader(Files.newInputStream(file), file.toString())) {
                    while (reader.hasNext()) {
                        count += reader.next().chunkCount();
                    }
                }
            }
            return count;
        }
    }

    /**
     * Heap per label of the compact label index, in a plain-heap store and in a map-backed store laid out as Flink's
     * heap broadcast state (a {@code HashMap<Integer, byte[]>}), against hex strings in a HashSet; and a check that
     * every label is found and no other hash is. The lookup time is measured by the JMH benchmarks (docs/benchmarks.md).
     */
    @Command(
            name = "labels",
            mixinStandardHelpOptions = true,
            description =
                    "Measured heap bytes per label of the compact label index (plain-heap store and broadcast-state layout), "
                            + "against a HashSet<String> of hex hashes; lookup times: the JMH micro-benchmarks (docs/benchmarks.md).")
    static final class Labels implements Callable<Integer> {
        @Option(
                names = {"--count", "--labels"},
                defaultValue = "1000000",
                description = "Labels to load (default: ${DEFAULT-VALUE}).")
        long count;

        @Option(
                names = "--mode",
                description =
                        "broadcast or keyed: load the labels into the streaming label match of that mode (labels.mode) in a local"
                                + " mini cluster with RocksDB, run pages through it, and report heap after GC, RocksDB on disk,"
                                + " checkpoint size and hash lookups per second; RocksDB with bloom filters, partitioned index and filters and 1g of managed memory"
                                + " unless --set flink.* says otherwise. Without it: heap bytes per label of the index alone.")
        String mode;

        @Option(
                names = "--partitions",
                defaultValue = "16",
                description = "With --mode keyed: labels.keyed.partitions (default: ${DEFAULT-VALUE}).")
        int partitions;

        @Option(
                names = "--parallelism",
                defaultValue = "2",
                description = "With --mode: the job's parallelism (default: ${DEFAULT-VALUE}).")
        int parallelism;

        @Option(
                names = "--seconds",
                defaultValue = "30",
                description =
                        "With --mode: seconds of pages at full speed after the labels are in (default: ${DEFAULT-VALUE}).")
        int seconds;

        @Option(
                names = "--checkpoint-interval",
                defaultValue = "60",
                description = "With --mode: seconds between checkpoints (default: ${DEFAULT-VALUE}).")
        int checkpointSeconds;

        @Option(
                names = "--dir",
                description =
                        "With --mode: directory for RocksDB and checkpoints (default: a temporary one, deleted after).")
        Path dir;

        @Mixin
        ConfigArguments configOptions;

        @Mixin
        BenchmarkFigures figures;

        @Override
        public Integer call() throws Exception {
            if (mode != null) {
                if (!mode.equals("broadcast") && !mode.equals("keyed")) {
                    throw new CommandLine.ParameterException(
                            new CommandLine(this), "--mode must be broadcast or keyed, not '" + mode + "'");
                }
                Path work = dir != null ? dir : Files.createTempDirectory("benchmark-labels");
                try {
                    new LabelsJobBenchmark(
                                    configOptions.load(),
                                    mode,
                                    count,
                                    partitions,
                                    parallelism,
                                    Duration.ofSeconds(seconds),
                                    Duration.ofSeconds(checkpointSeconds),
                                    work)
                            .run(figures);
                } finally {
                    if (dir == null) {
                        LabelsJobBenchmark.deleteTree(work);
                    }
                }
                figures.finish();
                return 0;
            }
            if (count > Integer.MAX_VALUE / Sha1.LENGTH) {
                throw new CommandLine.ParameterException(
                        new CommandLine(this), "--count without --mode: at most " + Integer.MAX_VALUE / Sha1.LENGTH);
            }
            int count = (int) this.count;
            Random random = new Random(1);
            byte[] hashes = new byte[count * Sha1.LENGTH]; // packed, as a page's chunk hashes are
            byte[] absent = new byte[count * Sha1.LENGTH];
            random.nextBytes(hashes);
            random.nextBytes(absent);
            MapLabelStore store = new MapLabelStore();
            long heapBytes = loaded(new LabelIndex(store), hashes);
            LabelIndex broadcastLayout = new LabelIndex(new BroadcastLayoutStore());
            long broadcastBytes = loaded(broadcastLayout, hashes);
            long before = usedHeap();
            Set<String> strings = new HashSet<>();
            for (int i = 0; i < count; i++) {
                strings.add(Sha1.hex(Arrays.copyOfRange(hashes, i * Sha1.LENGTH, (i + 1) * Sha1.LENGTH)));
            }
            long naive = usedHeap() - before;
            long found = 0;
            long falseHits = 0;
            for (int i = 0; i < count; i++) {
                found += broadcastLayout.lookup(hashes, i * Sha1.LENGTH) != 0 ? 1 : 0;
                falseHits += broadcastLayout.lookup(absent, i * Sha1.LENGTH) != 0 ? 1 : 0;
            }
            figures.put("labels", count)
                    .put("bytes_per_label", broadcastBytes / (double) count)
                    .put("heap_store_bytes_per_label", heapBytes / (double) count)
                    .put("hashset_bytes_per_label", naive / (double) count)
                    .put("found", found)
                    .put("false_hits", falseHits);
            figures.line(
                    "benchmark labels: %d labels (random SHA-1s; entries of %d bytes)", count, LabelIndex.ENTRY_BYTES);
            figures.line(
                    "  compact label index, broadcast-state layout (HashMap<Integer, byte[]> and its array view): %.1f bytes/label",
                    broadcastBytes / (double) count);
            figures.line(
                    "  compact label index, plain-heap store (batch, tools): %.1f bytes/label (%d buckets)",
                    heapBytes / (double) count, store.bucketCount());
            figures.line("  HashSet<String> of hex: %.1f bytes/label", naive / (double) count);
            figures.line(
                    "  lookups: %d of %d labels found, %d of %d other hashes hit (lookup times: the JMH benchmarks)",
                    found, count, falseHits, count);
            figures.finish();
            return strings.size() == count && found == count && falseHits == 0 ? 0 : 1;
        }

        /** Heap taken by the index's store after adding every hash. */
        private long loaded(LabelIndex index, byte[] hashes) {
            long before = usedHeap();
            byte[] hash = new byte[Sha1.LENGTH];
            for (int i = 0; i < count; i++) {
                System.arraycopy(hashes, i * Sha1.LENGTH, hash, 0, Sha1.LENGTH);
                index.add(hash, LabelIndex.KIND_CHUNK, 0);
            }
            return usedHeap() - before;
        }

        private static long usedHeap() {
            Runtime runtime = Runtime.getRuntime();
            for (int i = 0; i < 4; i++) {
                System.gc();
            }
            return runtime.totalMemory() - runtime.freeMemory();
        }
    }

    /**
     * Label buckets as the streaming job holds them: in a HashMap, as Flink's heap broadcast state does, read
     * through an array view of it, as {@code BroadcastLabelStore} does (origins are not part of the figure).
     */
    static final class BroadcastLayoutStore implements org.reusedetector.labels.LabelStore {
        private final java.util.Map<Integer, byte[]> buckets = new java.util.HashMap<>();
        private final byte[][] view = new byte[1 << 16][];

        @Override
        public byte[] bucket(int bucket) {
            return view[bucket];
        }

        @Override
        public void putBucket(int bucket, byte[] entries) {
            buckets.put(bucket, entries);
            view[bucket] = entries;
        }

        @Override
        public void removeBucket(int bucket) {
            buckets.remove(bucket);
            view[bucket] = null;
        }

        @Override
        public int originId(String origin) {
            return 0;
        }

        @Override
        public int addOrigin(String origin) {
            return 0;
        }

        @Override
        public String origin(int id) {
            return null;
        }
    }

    /** The command with its options set from {@code args} and the benchmark's own configuration options; run it with its run method. */
    static <C> C parsed(C command, ConfigArguments options, String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        addConfig(all, options);
        new CommandLine(command).parseArgs(all.toArray(String[]::new));
        return command;
    }

    static void addConfig(List<String> args, ConfigArguments options) {
        if (options.configFile != null) {
            args.add("--config");
            args.add(options.configFile.toString());
        }
        for (String override : options.overrides) {
            args.add("--set");
            args.add(override);
        }
    }

    /**
     * What the {@code imatch} and {@code nearcopy} subcommands share: the streaming job with the signal off and on, in
     * one run. The parse step alone with the signal off and on is measured by the JMH benchmarks (docs/benchmarks.md).
     */
    abstract static class SignalCostBenchmark implements Callable<Integer> {
        /** One signal's parts: its name in the figures, and the stream settings off and on. */
        record Signal(String name, List<String> offSettings, List<String> onSettings) {}

        @Mixin
        ConfigArguments configOptions;

        @Option(names = "--input", required = true, paramLabel = "FILE", description = "A JSONL(.gz) crawl.")
        Path input;

        @Option(
                names = "--stream-runs",
                defaultValue = "6",
                description =
                        "Streaming-job runs per setting, alternating off and on; the fastest of each is reported (default: ${DEFAULT-VALUE}: "
                                + "the first two or three runs of a JVM are still compiling).")
        int streamRuns;

        @Mixin
        BenchmarkFigures figures;

        /** The labels file the streaming runs load. */
        abstract Path labels();

        /** The signal's name and stream settings; may add figures and print its header line. */
        abstract Signal signal() throws Exception;

        @Override
        public Integer call() throws Exception {
            ReuseDetectorConfig config = configOptions.load();
            Signal signal = signal();
            SignalCost.streamingJob(
                    figures,
                    signal.name(),
                    configOptions,
                    config,
                    input,
                    labels(),
                    streamRuns,
                    signal.offSettings(),
                    signal.onSettings());
            figures.put("cores", Runtime.getRuntime().availableProcessors())
                    .line("  cores: %d", Runtime.getRuntime().availableProcessors());
            figures.finish();
            return 0;
        }
    }

    /**
     * The cost of I-Match signatures (issue 9): the whole streaming job with signatures off and on, in one run on the
     * same pages.
     */
    @Command(
            name = "imatch",
            mixinStandardHelpOptions = true,
            description = "MB/s of the streaming job with I-Match signatures off and on (same run, same pages).")
    static final class Imatch extends SignalCostBenchmark {
        @Option(names = "--labels", required = true, paramLabel = "FILE", description = "A labels file.")
        Path labels;

        @Option(names = "--lexicon", required = true, paramLabel = "FILE", description = "A lexicon from 'lexicon'.")
        Path lexicon;

        @Override
        Path labels() {
            return labels;
        }

        @Override
        Signal signal() throws Exception {
            org.reusedetector.imatch.Lexicon read = org.reusedetector.imatch.Lexicon.read(lexicon);
            figures.put("lexicon_terms", read.terms().size());
            figures.line(
                    "benchmark imatch: %s, lexicon %s (%d terms, %d lexicons)",
                    input, read.id(), read.terms().size(), read.lexiconCount());
            return new Signal("signatures", List.of("imatch.lexicon="), List.of("imatch.lexicon=" + lexicon));
        }
    }

    /**
     * The cost of the stream's near-copy signal (issue 8): the whole streaming job with it off and on, in one run on the
     * same pages and labels.
     */
    @Command(
            name = "nearcopy",
            mixinStandardHelpOptions = true,
            description = "MB/s of the streaming job with the near-copy signal off and on (same run, same pages).")
    static final class NearCopy extends SignalCostBenchmark {
        @Option(
                names = "--labels",
                required = true,
                paramLabel = "FILE",
                description = "A labels file (from 'label' with shingles.near-copy.enabled).")
        Path labels;

        @Override
        Path labels() {
            return labels;
        }

        @Override
        Signal signal() {
            figures.line("benchmark nearcopy: %s, labels %s", input, labels);
            return new Signal(
                    "shingles",
                    List.of("shingles.near-copy.enabled=false"),
                    List.of("shingles.near-copy.enabled=true"));
        }
    }
}
