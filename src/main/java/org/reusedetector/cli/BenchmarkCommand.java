package org.reusedetector.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.security.DigestException;
import java.security.MessageDigest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import org.apache.commons.codec.digest.DigestUtils;
import org.jsoup.Jsoup;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.format.PageFiles;
import org.reusedetector.index.HashIndex;
import org.reusedetector.labels.LabelIndex;
import org.reusedetector.labels.MapLabelStore;
import org.reusedetector.model.PageRecord;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.page.ChunkerDifferential;
import org.reusedetector.page.ContentForm;
import org.reusedetector.page.HtmlChunker;
import org.reusedetector.page.PageHasher;
import org.reusedetector.page.PageRecordParser;
import org.reusedetector.page.Sha1;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code benchmark}: throughput and memory figures, printed (targets are met in benchmarks, not in timed tests).
 * Each figure is one run on the machine at hand: run twice and compare before trusting a difference.
 */
@Command(name = "benchmark", mixinStandardHelpOptions = true,
        description = "Throughput and memory figures of the detector, printed.",
        subcommands = {BenchmarkCommand.Stream.class, BenchmarkCommand.Chunker.class, BenchmarkCommand.Discover.class, BenchmarkCommand.Labels.class,
            BenchmarkCommand.Imatch.class, ShinglesBenchmark.class, BenchmarkCommand.NearCopy.class})
public final class BenchmarkCommand {

    /** Whole streaming job on the embedded broker vs jsoup parsing alone, on the same pages. */
    @Command(name = "stream", mixinStandardHelpOptions = true,
            description = "Pages/s and MB/s of the whole streaming job (embedded Kafka, bounded replay) and, on the same pages, of jsoup parsing alone.")
    static final class Stream implements Callable<Integer> {
        @Mixin
        ConfigOptions configOptions;

        @Option(names = "--input", required = true, paramLabel = "FILE", description = "A JSONL(.gz) crawl.")
        Path input;

        @Option(names = "--labels", required = true, paramLabel = "FILE", description = "A labels file.")
        Path labels;

        @Option(names = "--cluster", description = "Also submit the job to a standalone Flink cluster of child JVMs, with 1 and with 2 TaskManagers.")
        boolean cluster;

        @Option(names = "--cluster-lib", paramLabel = "DIR", defaultValue = "target/cluster-lib",
                description = "The cluster's jars, copied from Maven by the build (default: ${DEFAULT-VALUE}).")
        Path clusterLib;

        @Override
        public Integer call() throws Exception {
            ReuseDetectorConfig config = configOptions.load();
            ParseOnly parse = ParseOnly.measure(input, DetectionSettings.from(config, null, 0));
            Path work = Files.createTempDirectory("reuse-detector-bench");
            JobSummary job = parsed(new StreamCommand(), configOptions, "--bounded", "--replay", input.toString(), "--labels", labels.toString(),
                    "--set", "embedded.kafka-port=0", "--set", "embedded.data-dir=" + work.resolve("kafka"), "--set", "job.state-dir=" + work.resolve("flink"))
                    .run();
            System.out.println();
            System.out.println("benchmark stream: " + input);
            System.out.printf("  streaming job (parallelism %s, Kafka in, Kafka out, exactly once): %.0f pages/s, %.1f MB/s  (%d pages, %.1f MB, %.1f s)%n",
                    config.get(ReuseDetectorOptions.PARALLELISM), job.pages() / job.seconds(), job.bytes() / 1e6 / job.seconds(),
                    job.pages(), job.bytes() / 1e6, job.seconds());
            System.out.println(parse);
            if (cluster) {
                ClusterBenchmark.run(configOptions, input, labels, clusterLib, config.get(ReuseDetectorOptions.PARALLELISM), work)
                        .forEach(System.out::println);
            }
            System.out.printf("  cores: %d%n", Runtime.getRuntime().availableProcessors());
            return 0;
        }
    }

    /** The one-pass chunker against the jsoup chunker and the paper authors' byte splitter, on the same pages in memory. */
    @Command(name = "chunker", mixinStandardHelpOptions = true,
            description = "MB/s of the one-pass chunker, the jsoup chunker and the paper authors' byte splitter (each with SHA-1 of chunks and file), "
                    + "on the same pages after warm-up; with --verify, first compares their TEXT-form chunk hashes page by page.")
    static final class Chunker implements Callable<Integer> {
        @Mixin
        ConfigOptions configOptions;

        @Option(names = "--input", required = true, paramLabel = "PATH", description = "Pages: a JSONL(.gz)/WARC file or directory.")
        Path input;

        @Option(names = "--verify", description = "Compare the chunk hashes of the new and the jsoup chunker on every page; exit 1 on a difference.")
        boolean verify;

        @Option(names = "--rounds", defaultValue = "3", description = "Timed passes over the pages per method; the median is reported (default: ${DEFAULT-VALUE}).")
        int rounds;

        @Option(names = "--json", description = "Print one JSON object with every figure on the last line.")
        boolean json;

        @Override
        public Integer call() throws Exception {
            ReuseDetectorConfig config = configOptions.load();
            DetectionSettings settings = DetectionSettings.from(config, null, 0);
            List<String> urls = new ArrayList<>();
            List<String> bodies = new ArrayList<>();
            List<byte[]> bodyBytes = new ArrayList<>();
            long bytes = readPages(input, settings, urls, bodies, bodyBytes);
            Set<String> tags = Set.copyOf(config.chunking().tags());
            System.out.printf("benchmark chunker: %s (%d pages, %.1f MB of HTML)%n", input, bodies.size(), bytes / 1e6);
            int status = 0;
            ChunkerDifferential differential = null;
            if (verify) {
                differential = new ChunkerDifferential(tags);
                for (int i = 0; i < bodies.size(); i++) {
                    differential.compare(urls.get(i), bodies.get(i));
                }
                System.out.printf("  verify: %d pages compared, %d identical, %d differ%n", differential.pages(), differential.identical(),
                        differential.differences().size());
                for (ChunkerDifferential.Difference d : differential.differences()) {
                    System.out.printf("    %s chunk %d%n      jsoup:     %s%n      tokenizer: %s%n", d.url(), d.chunkIndex(), clip(d.jsoupChunk()),
                            clip(d.tokenizerChunk()));
                }
                status = differential.differences().isEmpty() ? 0 : 1;
            }
            PageHasher tokenizing = PageHasher.tokenizing(tags);
            PageHasher jsoup = new PageHasher(new HtmlChunker(tags, ContentForm.TEXT));
            ByteSplitter byteSplitter = new ByteSplitter();
            List<Runnable> methods = List.of(
                    () -> bodies.forEach(body -> consume(tokenizing.hash("https://bench/", 0, body).chunkCount())),
                    () -> bodies.forEach(body -> consume(jsoup.hash("https://bench/", 0, body).chunkCount())),
                    () -> bodyBytes.forEach(body -> consume(byteSplitter.hash(body))));
            for (Runnable method : methods) { // warm-up: one full pass of each
                method.run();
            }
            double[][] seconds = new double[methods.size()][rounds];
            for (int round = 0; round < rounds; round++) {
                for (int m = 0; m < methods.size(); m++) {
                    long start = System.nanoTime();
                    methods.get(m).run();
                    seconds[m][round] = (System.nanoTime() - start) / 1e9;
                }
            }
            double mb = bytes / 1e6;
            double newMbs = mb / median(seconds[0]);
            double jsoupMbs = mb / median(seconds[1]);
            double byteSplitMbs = mb / median(seconds[2]);
            System.out.printf("  new chunker + SHA-1 of chunks and file:      %7.1f MB/s  (%.0f%% of the byte splitter, %.1f x jsoup)%n", newMbs,
                    100 * newMbs / byteSplitMbs, newMbs / jsoupMbs);
            System.out.printf("  jsoup chunker + SHA-1 of chunks and file:    %7.1f MB/s%n", jsoupMbs);
            System.out.printf("  byte splitter (paper) + SHA-1 of chunks and file: %7.1f MB/s%n", byteSplitMbs);
            System.out.printf("  (median of %d passes each after one warm-up pass; 1 thread; %d cores)%n", rounds, Runtime.getRuntime().availableProcessors());
            if (json) {
                Map<String, Object> figures = new LinkedHashMap<>();
                figures.put("pages", bodies.size());
                figures.put("mb", round(mb));
                figures.put("new_mb_s", round(newMbs));
                figures.put("jsoup_mb_s", round(jsoupMbs));
                figures.put("byte_split_mb_s", round(byteSplitMbs));
                if (differential != null) {
                    figures.put("verified_pages", differential.pages());
                    figures.put("identical_pages", differential.identical());
                }
                System.out.println(new ObjectMapper().writeValueAsString(figures));
            }
            return status;
        }

        private static long readPages(Path input, DetectionSettings settings, List<String> urls, List<String> bodies, List<byte[]> bodyBytes)
                throws Exception {
            PageRecordParser parser = new PageRecordParser(settings.maxBodyBytes());
            long bytes = 0;
            for (Path file : PageFiles.list(input)) {
                try (var records = PageFiles.open(file, settings.maxBodyBytes())) {
                    while (records.hasNext()) {
                        try {
                            PageRecord page = parser.parse(records.next().value());
                            byte[] utf8 = page.body().getBytes(StandardCharsets.UTF_8);
                            urls.add(page.url());
                            bodies.add(page.body());
                            bodyBytes.add(utf8);
                            bytes += utf8.length;
                        } catch (PageRecordParser.Rejected ignored) {
                            // not a page: not part of the comparison
                        }
                    }
                }
            }
            return bytes;
        }

        private static double median(double[] values) {
            double[] sorted = values.clone();
            Arrays.sort(sorted);
            return sorted[sorted.length / 2];
        }

        private static double round(double value) {
            return Math.round(value * 10) / 10.0;
        }

        private static String clip(String chunk) {
            if (chunk == null) {
                return "(none)";
            }
            return chunk.length() <= 300 ? chunk : chunk.substring(0, 300) + "…";
        }
    }

    /**
     * The paper authors' chunking, as they describe it: the raw bytes are split before every {@code <p } {@code <p>}
     * {@code <p\t} {@code <p/} (either case), and every chunk and the whole file are hashed with SHA-1.
     */
    static final class ByteSplitter {
        private final MessageDigest sha1 = DigestUtils.getSha1Digest();
        private final byte[] hash = new byte[Sha1.LENGTH];

        /** Returns the number of chunks. */
        int hash(byte[] page) {
            sha1.update(page);
            digestInto();
            int chunks = 0;
            int start = 0;
            for (int i = 0; i + 2 < page.length; i++) {
                if (page[i] == '<' && (page[i + 1] | 0x20) == 'p') {
                    byte next = page[i + 2];
                    if ((next == ' ' || next == '>' || next == '\t' || next == '/') && i > start) {
                        sha1.update(page, start, i - start);
                        digestInto();
                        chunks++;
                        start = i;
                    }
                }
            }
            sha1.update(page, start, page.length - start);
            digestInto();
            return chunks + 1;
        }

        private void digestInto() {
            try {
                sha1.digest(hash, 0, Sha1.LENGTH);
            } catch (DigestException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private static volatile long sink;

    /** Keeps the JIT from dropping a measured loop whose result is otherwise unused. */
    private static void consume(long value) {
        sink += value;
    }

    /** Single-thread figures on the same pages: jsoup parse alone, and parse + chunk + hash. */
    record ParseOnly(long pages, long bytes, double parseSeconds, double hashSeconds) {
        static ParseOnly measure(Path input, DetectionSettings settings) throws Exception {
            PageRecordParser parser = new PageRecordParser(settings.maxBodyBytes());
            List<String> bodies = new ArrayList<>();
            long bytes = 0;
            for (Path file : PageFiles.list(input)) {
                try (var records = PageFiles.open(file, settings.maxBodyBytes())) {
                    while (records.hasNext()) {
                        SourceRecord record = records.next();
                        try {
                            String body = parser.parse(record.value()).body();
                            bodies.add(body);
                            bytes += body.getBytes(StandardCharsets.UTF_8).length;
                        } catch (PageRecordParser.Rejected ignored) {
                            // not a page: not part of the comparison
                        }
                    }
                }
            }
            PageHasher hasher = settings.pageHasher();
            for (int i = 0; i < Math.min(300, bodies.size()); i++) { // warm up the JIT
                Jsoup.parse(bodies.get(i));
                hasher.hash("https://warm.up/", 0, bodies.get(i));
            }
            long start = System.nanoTime();
            long nodes = 0;
            for (String body : bodies) {
                nodes += Jsoup.parse(body).childNodeSize();
            }
            double parse = (System.nanoTime() - start) / 1e9;
            start = System.nanoTime();
            for (String body : bodies) {
                nodes += hasher.hash("https://bench/", 0, body).chunkCount();
            }
            double hash = (System.nanoTime() - start) / 1e9;
            if (nodes == 42) {
                System.out.print(""); // keeps the loops from being optimised away
            }
            return new ParseOnly(bodies.size(), bytes, parse, hash);
        }

        @Override
        public String toString() {
            return String.format("  jsoup parse only, 1 thread: %.0f pages/s, %.1f MB/s%n  parse + chunk + SHA-1, 1 thread: %.0f pages/s, %.1f MB/s",
                    pages / parseSeconds, bytes / 1e6 / parseSeconds, pages / hashSeconds, bytes / 1e6 / hashSeconds);
        }
    }

    /** Discovery throughput from raw pages and from the hash index of the same pages. */
    @Command(name = "discover", mixinStandardHelpOptions = true,
            description = "Discovery throughput (pages/s, MB/s, chunk hashes/s) from raw pages and from a hash index of the same pages.")
    static final class Discover implements Callable<Integer> {
        @Mixin
        ConfigOptions configOptions;

        @Option(names = "--input", required = true, paramLabel = "PATH", description = "Pages: a JSONL/WARC file or directory.")
        Path input;

        @Override
        public Integer call() throws Exception {
            Path work = Files.createTempDirectory("reuse-detector-bench");
            JobSummary index = parsed(new IndexCommand(), configOptions, "--input", input.toString(), "--out", work.resolve("index").toString()).run();
            JobSummary raw = parsed(new DiscoverCommand(), configOptions, "--input", input.toString(), "--out", work.resolve("raw").toString(), "--no-texts")
                    .run();
            JobSummary idx = parsed(new DiscoverCommand(), configOptions, "--input", work.resolve("index").toString(), "--out", work.resolve("indexed").toString())
                    .run();
            long indexBytes = 0;
            for (Path f : HashIndex.list(work.resolve("index"))) {
                indexBytes += Files.size(f);
            }
            System.out.println();
            System.out.println("benchmark discover: " + input);
            System.out.printf("  from raw pages: %.0f pages/s, %.1f MB/s of HTML, %.0f chunk hashes/s  (%.1f s)%n", raw.pages() / raw.seconds(),
                    raw.bytes() / 1e6 / raw.seconds(), raw.chunks() / raw.seconds(), raw.seconds());
            System.out.printf("  from the hash index (%.1f MB, %.1f%% of the HTML): %.0f pages/s, %.1f MB/s of index, %.0f chunk hashes/s  (%.1f s)%n",
                    indexBytes / 1e6, 100.0 * indexBytes / Math.max(1, raw.bytes()), raw.pages() / idx.seconds(), indexBytes / 1e6 / idx.seconds(),
                    raw.chunks() / idx.seconds(), idx.seconds());
            System.out.printf("  building the index: %.0f pages/s, %.1f MB/s  (%.1f s)%n", index.pages() / index.seconds(),
                    index.bytes() / 1e6 / index.seconds(), index.seconds());
            return 0;
        }
    }

    /** Heap per label: the compact label index against hex strings in a HashSet. */
    @Command(name = "labels", mixinStandardHelpOptions = true,
            description = "Measured heap bytes per label of the compact label index, against a HashSet<String> of hex hashes.")
    static final class Labels implements Callable<Integer> {
        @Option(names = "--count", defaultValue = "1000000", description = "Labels to load (default: ${DEFAULT-VALUE}).")
        int count;

        @Override
        public Integer call() {
            Random random = new Random(1);
            byte[][] hashes = new byte[count][];
            for (int i = 0; i < count; i++) {
                hashes[i] = new byte[Sha1.LENGTH];
                random.nextBytes(hashes[i]);
            }
            long before = usedHeap();
            MapLabelStore store = new MapLabelStore();
            LabelIndex index = new LabelIndex(store);
            int origin = store.addOrigin("discover:bench\u0000https://example.org/");
            for (byte[] hash : hashes) {
                index.add(hash, LabelIndex.KIND_CHUNK, origin);
            }
            long compact = usedHeap() - before;
            before = usedHeap();
            Set<String> strings = new HashSet<>();
            for (byte[] hash : hashes) {
                strings.add(Sha1.hex(hash));
            }
            long naive = usedHeap() - before;
            long found = 0;
            long start = System.nanoTime();
            for (byte[] hash : hashes) {
                found += index.lookup(hash, 0) != 0 ? 1 : 0;
            }
            double lookupNanos = (System.nanoTime() - start) / (double) count;
            System.out.printf("benchmark labels: %d labels%n  compact label index: %.1f bytes/label (%d buckets)%n  HashSet<String> of hex: %.1f bytes/label%n"
                    + "  lookups: %.0f ns each (%d found)%n", count, compact / (double) count, store.bucketCount(), naive / (double) count, lookupNanos, found);
            if (strings.size() != count) {
                return 1;
            }
            return 0;
        }

        private static long usedHeap() {
            Runtime runtime = Runtime.getRuntime();
            for (int i = 0; i < 4; i++) {
                System.gc();
            }
            return runtime.totalMemory() - runtime.freeMemory();
        }
    }

    /** The command with its options set from {@code args} and the benchmark's own configuration options; run it with its run method. */
    static <C> C parsed(C command, ConfigOptions options, String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        addConfig(all, options);
        new CommandLine(command).parseArgs(all.toArray(String[]::new));
        return command;
    }

    static void addConfig(List<String> args, ConfigOptions options) {
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
     * The cost of I-Match signatures (issue 9): the whole streaming job with signatures off and on, in one run on the
     * same pages, and the parse step alone (chunk hashing with and without the word stream and signer), interleaved.
     */
    @Command(name = "imatch", mixinStandardHelpOptions = true,
            description = "MB/s of the streaming job with I-Match signatures off and on (same run, same pages), and of the parse step alone.")
    static final class Imatch implements Callable<Integer> {
        @Mixin
        ConfigOptions configOptions;

        @Option(names = "--input", required = true, paramLabel = "FILE", description = "A JSONL(.gz) crawl.")
        Path input;

        @Option(names = "--labels", required = true, paramLabel = "FILE", description = "A labels file.")
        Path labels;

        @Option(names = "--lexicon", required = true, paramLabel = "FILE", description = "A lexicon from 'lexicon'.")
        Path lexicon;

        @Option(names = "--rounds", defaultValue = "5", description = "Timed passes of the parse step per setting; the median is reported (default: ${DEFAULT-VALUE}).")
        int rounds;

        @Option(names = "--stream-runs", defaultValue = "2",
                description = "Streaming-job runs per setting, alternating off and on; the fastest of each is reported (default: ${DEFAULT-VALUE}; 0 = parse step only).")
        int streamRuns;

        @Override
        public Integer call() throws Exception {
            ReuseDetectorConfig config = configOptions.load();
            DetectionSettings settings = DetectionSettings.from(config, null, 0).withLexicon(org.reusedetector.imatch.Lexicon.read(lexicon));
            List<String> urls = new ArrayList<>();
            List<String> bodies = new ArrayList<>();
            long bytes = Chunker.readPages(input, settings, urls, bodies, new ArrayList<>());
            PageHasher hasher = settings.pageHasher();
            org.reusedetector.imatch.Signer signer = settings.imatchSigner();
            Runnable off = () -> bodies.forEach(body -> consume(hasher.hash("https://bench/", 0, body).chunkCount()));
            Runnable on = () -> bodies.forEach(body -> consume(hasher.hashWithWords("https://bench/", 0, body, signer)
                    .withImatchSignatures(signer.signatures()).imatchSignatures().length));
            off.run();
            on.run();
            double[] offSeconds = new double[rounds];
            double[] onSeconds = new double[rounds];
            for (int round = 0; round < rounds; round++) { // interleaved, so that drift hits both alike
                offSeconds[round] = time(off);
                onSeconds[round] = time(on);
            }
            double offMbs = bytes / 1e6 / Chunker.median(offSeconds);
            double onMbs = bytes / 1e6 / Chunker.median(onSeconds);
            System.out.printf("benchmark imatch: %s (%d pages, %.1f MB of HTML), lexicon %s (%d terms, %d lexicons)%n", input, bodies.size(), bytes / 1e6,
                    settings.lexicon().id(), settings.lexicon().terms().size(), settings.lexicon().lexiconCount());
            System.out.printf("  parse step, 1 thread (median of %d): signatures off %.1f MB/s, on %.1f MB/s: on costs %.1f %%%n", rounds, offMbs, onMbs,
                    100 * (1 - onMbs / offMbs));
            if (streamRuns > 0) {
                double mbsOff = 0;
                double mbsOn = 0;
                List<String> runs = new ArrayList<>();
                for (int run = 0; run < streamRuns; run++) { // alternating, so that a busy machine slows both alike
                    JobSummary jobOff = streamRun("--set", "imatch.lexicon=");
                    JobSummary jobOn = streamRun("--set", "imatch.lexicon=" + lexicon);
                    mbsOff = Math.max(mbsOff, jobOff.bytes() / 1e6 / jobOff.seconds());
                    mbsOn = Math.max(mbsOn, jobOn.bytes() / 1e6 / jobOn.seconds());
                    runs.add(String.format("off %.1f s, on %.1f s", jobOff.seconds(), jobOn.seconds()));
                }
                System.out.printf("  streaming job (parallelism %s, fastest of %d each; %s): signatures off %.1f MB/s, on %.1f MB/s: on costs %.1f %%%n",
                        config.get(ReuseDetectorOptions.PARALLELISM), streamRuns, String.join("; ", runs), mbsOff, mbsOn, 100 * (1 - mbsOn / mbsOff));
            }
            System.out.printf("  cores: %d%n", Runtime.getRuntime().availableProcessors());
            return 0;
        }

        private JobSummary streamRun(String... extra) throws Exception {
            Path work = Files.createTempDirectory("reuse-detector-bench");
            List<String> args = new ArrayList<>(List.of("--bounded", "--replay", input.toString(), "--labels", labels.toString(),
                    "--set", "embedded.kafka-port=0", "--set", "embedded.data-dir=" + work.resolve("kafka"), "--set", "job.state-dir=" + work.resolve("flink")));
            args.addAll(List.of(extra));
            return parsed(new StreamCommand(), configOptions, args.toArray(String[]::new)).run();
        }

        static double time(Runnable method) {
            long start = System.nanoTime();
            method.run();
            return (System.nanoTime() - start) / 1e9;
        }
    }

    /**
     * The cost of the stream's shingle signals (issue 8): the whole streaming job with the near-copy and quilt signals off
     * and on, in one run on the same pages and labels, and the parse step alone (chunk hashing with and without the sketch
     * and the sampled grams).
     */
    @Command(name = "nearcopy", mixinStandardHelpOptions = true,
            description = "MB/s of the streaming job with the shingle signals (near-copy and quilt) off and on (same run, same pages), and of the parse step alone.")
    static final class NearCopy implements Callable<Integer> {
        @Mixin
        ConfigOptions configOptions;

        @Option(names = "--input", required = true, paramLabel = "FILE", description = "A JSONL(.gz) crawl.")
        Path input;

        @Option(names = "--labels", required = true, paramLabel = "FILE", description = "A labels file (from 'label' with shingles.near-copy.enabled).")
        Path labels;

        @Option(names = "--rounds", defaultValue = "5", description = "Timed passes of the parse step per setting; the median is reported (default: ${DEFAULT-VALUE}).")
        int rounds;

        @Option(names = "--stream-runs", defaultValue = "2",
                description = "Streaming-job runs per setting, alternating off and on; the fastest of each is reported (default: ${DEFAULT-VALUE}; 0 = parse step only).")
        int streamRuns;

        @Option(names = "--json", description = "Print one JSON object with every figure on the last line.")
        boolean json;

        @Override
        public Integer call() throws Exception {
            ReuseDetectorConfig config = configOptions.load();
            DetectionSettings settings = DetectionSettings.from(config, null, 0);
            settings = settings.withNearCopy(DetectionSettings.nearCopyParams(config)).withQuilt(DetectionSettings.quiltParams(config));
            org.reusedetector.shingle.QuiltStream quilt = settings.quilt();
            List<String> urls = new ArrayList<>();
            List<String> bodies = new ArrayList<>();
            long bytes = Chunker.readPages(input, settings, urls, bodies, new ArrayList<>());
            PageHasher hasher = settings.pageHasher();
            org.reusedetector.shingle.PageSketcher sketcher = settings.pageSketcher();
            Runnable off = () -> bodies.forEach(body -> consume(hasher.hash("https://bench/", 0, body).chunkCount()));
            Runnable on = () -> bodies.forEach(body -> consume(hasher.hashWithWords("https://bench/", 0, body, sketcher).chunkCount()
                    + quilt.sampledGrams(sketcher.words()).length + sketcher.sketch().length));
            off.run();
            on.run();
            double[] offSeconds = new double[rounds];
            double[] onSeconds = new double[rounds];
            for (int round = 0; round < rounds; round++) { // interleaved, so that drift hits both alike
                offSeconds[round] = Imatch.time(off);
                onSeconds[round] = Imatch.time(on);
            }
            double parseOff = bytes / 1e6 / Chunker.median(offSeconds);
            double parseOn = bytes / 1e6 / Chunker.median(onSeconds);
            System.out.printf("benchmark nearcopy: %s (%d pages, %.1f MB of HTML), labels %s%n", input, bodies.size(), bytes / 1e6, labels);
            System.out.printf("  parse step, 1 thread (median of %d): shingles off %.1f MB/s, on %.1f MB/s: on costs %.1f %%%n", rounds, parseOff, parseOn,
                    100 * (1 - parseOn / parseOff));
            double mbsOff = 0;
            double mbsOn = 0;
            if (streamRuns > 0) {
                List<String> runs = new ArrayList<>();
                for (int run = 0; run < streamRuns; run++) { // alternating, so that a busy machine slows both alike
                    JobSummary jobOff = streamRun("--set", "shingles.near-copy.enabled=false", "--set", "shingles.quilt.enabled=false");
                    JobSummary jobOn = streamRun("--set", "shingles.near-copy.enabled=true", "--set", "shingles.quilt.enabled=true");
                    mbsOff = Math.max(mbsOff, jobOff.bytes() / 1e6 / jobOff.seconds());
                    mbsOn = Math.max(mbsOn, jobOn.bytes() / 1e6 / jobOn.seconds());
                    runs.add(String.format("off %.1f s, on %.1f s", jobOff.seconds(), jobOn.seconds()));
                }
                System.out.printf("  streaming job (parallelism %s, fastest of %d each; %s): shingles off %.1f MB/s, on %.1f MB/s: on costs %.1f %%%n",
                        config.get(ReuseDetectorOptions.PARALLELISM), streamRuns, String.join("; ", runs), mbsOff, mbsOn, 100 * (1 - mbsOn / mbsOff));
            }
            System.out.printf("  cores: %d%n", Runtime.getRuntime().availableProcessors());
            if (json) {
                System.out.printf(java.util.Locale.ROOT, "{\"parse_off_mbs\": %.2f, \"parse_on_mbs\": %.2f, \"stream_off_mbs\": %.2f, \"stream_on_mbs\": %.2f, "
                        + "\"stream_on_cost_pct\": %.1f}%n", parseOff, parseOn, mbsOff, mbsOn, mbsOff == 0 ? 0 : 100 * (1 - mbsOn / mbsOff));
            }
            return 0;
        }

        private JobSummary streamRun(String... extra) throws Exception {
            Path work = Files.createTempDirectory("reuse-detector-bench");
            List<String> args = new ArrayList<>(List.of("--bounded", "--replay", input.toString(), "--labels", labels.toString(),
                    "--set", "embedded.kafka-port=0", "--set", "embedded.data-dir=" + work.resolve("kafka"), "--set", "job.state-dir=" + work.resolve("flink")));
            args.addAll(List.of(extra));
            return parsed(new StreamCommand(), configOptions, args.toArray(String[]::new)).run();
        }
    }
}
