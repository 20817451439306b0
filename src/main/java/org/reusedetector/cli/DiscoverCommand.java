package org.reusedetector.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.Callable;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.connector.JsonLinesFileSink;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.JobEnvironment;
import org.reusedetector.discover.ChunkSample;
import org.reusedetector.discover.DiscoveryOutput;
import org.reusedetector.discover.DiscoveryParams;
import org.reusedetector.discover.DiscoveryRun;
import org.reusedetector.discover.DiscoverySummary;
import org.reusedetector.discover.DiscoveryWorkflow;
import org.reusedetector.discover.HashCount;
import org.reusedetector.discover.HistogramRow;
import org.reusedetector.discover.LabelDiff;
import org.reusedetector.discover.RecursionFilter;
import org.reusedetector.format.Json;
import org.reusedetector.format.JsonLines;
import org.reusedetector.format.LabelFiles;
import org.reusedetector.kafka.LabelsPublisher;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.PageRecord;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.page.PageRecordParser;
import org.reusedetector.url.InvalidUrlException;
import org.reusedetector.url.NormalizedUrl;
import org.reusedetector.url.RecursionRule;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code discover}: blind discovery over a whole corpus, in batch mode. */
@Command(name = "discover", mixinStandardHelpOptions = true,
        description = {"Blind discovery: count every chunk and file hash over the whole corpus (raw pages or a hash index), and label",
            "those on more pages than the threshold that are not stop chunks nor a single site's template.",
            "Writes labels.jsonl, frequent.jsonl (for review), histogram.csv (frequency-occurrence), summary.json and recursion.jsonl to --out.",
            "With --previous, also writes label-changes.jsonl (adds and removes against the previous labels); --publish sends them to the labels topic."})
public final class DiscoverCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions configOptions;

    @Option(names = "--input", required = true, paramLabel = "PATH", description = "Pages (JSONL/WARC file or directory) or a hash index directory.")
    Path input;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output directory.")
    Path out;

    @Option(names = "--previous", paramLabel = "FILE", description = "The labels of the previous run, to publish only what changed.")
    Path previous;

    @Option(names = "--publish", description = "Publish the changes (or, without --previous, all labels) to the labels topic at kafka.bootstrap-servers.")
    boolean publish;

    @Option(names = "--no-texts", description = "From raw pages, do not keep the first 200 characters of each labelled chunk for review (saves parsing pages twice).")
    boolean noTexts;

    static final String RECURSION = "recursion.jsonl";
    static final String CHANGES = "label-changes.jsonl";
    private static final String[] TEMP = {"_frequent.jsonl", "_histogram.jsonl", "_summary.jsonl"};

    /** The totals of the last run (for the benchmark). */
    JobSummary lastRun;

    @Override
    public Integer call() throws Exception {
        ReuseDetectorConfig config = configOptions.load();
        if (publish && config.get(ReuseDetectorOptions.KAFKA_BOOTSTRAP_SERVERS).isBlank()) {
            throw new IllegalArgumentException("--publish needs kafka.bootstrap-servers");
        }
        String run = "discover-" + Instant.now().toString();
        DetectionSettings settings = DetectionSettings.from(config, null, 0);
        DiscoveryParams params = DiscoveryParams.from(config, run);
        RecursionRule rule = new RecursionRule(config.get(ReuseDetectorOptions.RECURSION_MAX_REPEATS),
                config.get(ReuseDetectorOptions.RECURSION_MIN_DISTINCT_REPEATED), config.get(ReuseDetectorOptions.RECURSION_PAIR_REPEATS));
        RecursionFilter recursion = url -> isRecursion(rule, url);
        BatchInputs.clear(out, DiscoveryOutput.LABELS, DiscoveryOutput.FREQUENT, DiscoveryOutput.HISTOGRAM, DiscoveryOutput.SUMMARY, RECURSION, CHANGES,
                TEMP[0], TEMP[1], TEMP[2]);

        StreamExecutionEnvironment env = JobEnvironment.create(config, RuntimeExecutionMode.BATCH);
        BatchInputs.Pages pages = BatchInputs.pages(env, input, settings);
        DataStream<ChunkSample> samples = null;
        if (!noTexts && !pages.index()) {
            int maxBody = settings.maxBodyBytes();
            DataStream<PageRecord> records = pages.raw().process(new UsablePages(maxBody), TypeInformation.of(PageRecord.class))
                    .uid("discover-page-records").name("discover: page records");
            samples = DiscoveryWorkflow.samples(records, params);
        }
        // a rolling index holds every fetch: a revisited URL counts once, as its latest fetch
        DataStream<HashedPage> latest = pages.hashed()
                .keyBy(p -> NormalizedUrl.keyOf(p.url()))
                .reduce((a, b) -> a.eventTime() >= b.eventTime() ? a : b)
                .uid("discover-latest-fetch").name("discover: latest fetch of a URL");
        DiscoveryWorkflow.Result result = DiscoveryWorkflow.build(latest, samples, params, recursion);
        sink(result.frequent(), out.resolve(TEMP[0]), "discover-frequent-sink");
        sink(result.histogram(), out.resolve(TEMP[1]), "discover-histogram-sink");
        sink(result.summary(), out.resolve(TEMP[2]), "discover-summary-sink");
        sink(latest.filter(p -> recursion.isRecursion(p.url())).map(p -> new RecursionUrl(p.url()), TypeInformation.of(RecursionUrl.class)),
                out.resolve(RECURSION), "discover-recursion-sink");
        if (pages.parsed() != null) {
            sink(pages.parsed().deadLetters(), out.resolve("dead-letters.jsonl"), "discover-dead-letters-sink");
        }

        System.out.printf("Discovery over %s (%.1f MB%s) -> %s%n", input, pages.inputBytes() / 1e6, pages.index() ? ", hash index" : "", out);
        JobExecutionResult job = JobProgress.execute(env, "reuse-detector discover", pages.htmlBytesEstimate());

        DiscoverySummary summary = JsonLines.readAll(out.resolve(TEMP[2]), DiscoverySummary.class).stream().findFirst()
                .orElseThrow(() -> new IllegalStateException("discovery produced no summary (empty input?)"));
        DiscoveryRun discovery = DiscoveryRun.of(summary, JsonLines.readAll(out.resolve(TEMP[0]), HashCount.class),
                JsonLines.readAll(out.resolve(TEMP[1]), HistogramRow.class), params.source());
        DiscoveryOutput.write(out, discovery);
        for (String temp : TEMP) {
            Files.deleteIfExists(out.resolve(temp));
        }
        lastRun = JobSummary.of(job);
        System.out.println(lastRun);
        System.out.printf("Threshold: chunks %d, files %d pages (%s); %d frequent hashes, %d labels -> %s%n", summary.chunkThreshold(),
                summary.fileThreshold(), summary.thresholdRule(), discovery.frequent().size(), discovery.labels().size(), out.resolve(DiscoveryOutput.LABELS));

        Path toPublish = out.resolve(DiscoveryOutput.LABELS);
        if (previous != null) {
            LabelDiff diff = LabelDiff.between(LabelFiles.read(previous), discovery.labels(), params.source());
            LabelFiles.write(out.resolve(CHANGES), diff.records());
            toPublish = out.resolve(CHANGES);
            System.out.printf("Changes against %s: %d adds, %d removes -> %s%n", previous, diff.adds().size(), diff.removes().size(), toPublish);
        }
        if (publish) {
            String topic = config.get(ReuseDetectorOptions.TOPIC_LABELS);
            LabelsPublisher.Result published = LabelsPublisher.publish(toPublish, config.get(ReuseDetectorOptions.KAFKA_BOOTSTRAP_SERVERS), topic);
            System.out.printf("Published %d label records to '%s'%n", published.published(), topic);
        }
        return 0;
    }

    /** A URL left out of counting as a crawler recursion error. */
    public record RecursionUrl(String url) {}

    static boolean isRecursion(RecursionRule rule, String url) {
        try {
            return rule.isRecursion(NormalizedUrl.parse(url));
        } catch (InvalidUrlException e) {
            return false;
        }
    }

    /** Valid page records (invalid ones are dead-lettered by the parse step that runs beside this one). */
    static final class UsablePages extends ProcessFunction<SourceRecord, PageRecord> {
        private final int maxBodyBytes;
        private transient PageRecordParser parser;

        UsablePages(int maxBodyBytes) {
            this.maxBodyBytes = maxBodyBytes;
        }

        @Override
        public void processElement(SourceRecord record, Context ctx, Collector<PageRecord> out) {
            if (parser == null) {
                parser = new PageRecordParser(maxBodyBytes);
            }
            try {
                out.collect(parser.parse(record.value()));
            } catch (PageRecordParser.Rejected e) {
                // counted and dead-lettered by ParseAndHash
            }
        }
    }

    private static <T> void sink(DataStream<T> stream, Path file, String name) {
        stream.sinkTo(new JsonLinesFileSink<>(file)).uid(name).name(name).setParallelism(1);
    }
}
