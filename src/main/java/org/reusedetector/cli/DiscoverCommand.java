package org.reusedetector.cli;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.reusedetector.batch.BatchInputs;
import org.reusedetector.config.ConfigArguments;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.JobEnvironment;
import org.reusedetector.discover.DiscoveryOutput;
import org.reusedetector.discover.DiscoveryParams;
import org.reusedetector.discover.DiscoveryRun;
import org.reusedetector.discover.DiscoverySummary;
import org.reusedetector.discover.DiscoveryWorkflow;
import org.reusedetector.discover.LabelDiff;
import org.reusedetector.discover.NearCopyLabels;
import org.reusedetector.discover.RecursionFilter;
import org.reusedetector.format.LabelFiles;
import org.reusedetector.kafka.KafkaConnection;
import org.reusedetector.kafka.LabelsPublisher;
import org.reusedetector.model.Label;
import org.reusedetector.shingle.NearCopyDiscovery;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code discover}: blind discovery over a whole corpus, in batch mode. */
@Command(
        name = "discover",
        mixinStandardHelpOptions = true,
        description = {
            "Blind discovery: count every chunk and file hash over the whole corpus (raw pages or a hash index) in pages, hosts",
            "and sites, and label the content that a copy carried to the same hosts (a page's worth or more, across sites, not boilerplate);",
            "boilerplate shared by several sites becomes stop labels.",
            "Writes labels.jsonl, frequent.jsonl (for review), histogram.csv (frequency-occurrence), summary.json and recursion.jsonl to --out,",
            "and families.jsonl: the copy families (labels on the same hosts), each host judged source, copier or unclear.",
            "With --previous, also writes label-changes.jsonl (adds and removes against the previous labels); --publish sends them to the labels topic.",
            "With shingles.near-copy.enabled and raw pages (not an index: it holds no words), also labels the source pages of near copies",
            "spread across sites (pages copied with words changed) as shingle labels, leaving out a generator's pages alike on unrelated sites."
        })
public final class DiscoverCommand implements Callable<Integer> {

    private static final Logger LOG = LoggerFactory.getLogger(DiscoverCommand.class);

    @Mixin
    ConfigArguments configOptions;

    @Option(
            names = "--input",
            required = true,
            paramLabel = "PATH",
            description = "Pages (JSONL/WARC file or directory) or a hash index directory.")
    Path input;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output directory.")
    Path out;

    @Option(
            names = "--previous",
            paramLabel = "FILE",
            description = "The labels of the previous run, to publish only what changed.")
    Path previous;

    @Option(
            names = "--publish",
            description =
                    "Publish the changes (or, without --previous, all labels) to the labels topic at kafka.bootstrap-servers.")
    boolean publish;

    @Option(
            names = "--no-texts",
            description =
                    "From raw pages, do not keep the first 200 characters of each labelled chunk for review (saves parsing pages twice).")
    boolean noTexts;

    @Override
    public Integer call() throws Exception {
        run();
        return 0;
    }

    /** Runs the job and writes the run's files; returns the job's totals. */
    public JobSummary run() throws Exception {
        ReuseDetectorConfig config = configOptions.load();
        if (publish && config.get(ReuseDetectorOptions.KAFKA_BOOTSTRAP_SERVERS).isBlank()) {
            throw new IllegalArgumentException("--publish needs kafka.bootstrap-servers");
        }
        String run = "discover-" + Instant.now().toString();
        DetectionSettings settings = DetectionSettings.from(config, null, 0);
        DiscoveryParams params = DiscoveryParams.from(config, run);
        RecursionFilter recursion = RecursionFilter.of(config.recursionRule());
        DiscoveryOutput.prepare(out);

        if (java.nio.file.Files.exists(input) && org.reusedetector.index.HashIndex.isIndex(input)) {
            config = DiscoveryWorkflow.forIndex(config);
        }
        StreamExecutionEnvironment env = JobEnvironment.create(config, RuntimeExecutionMode.BATCH);
        BatchInputs.Pages pages = BatchInputs.pages(env, input, settings.maxBodyBytes());
        DiscoveryWorkflow.toFiles(pages, input, params, recursion, settings, !noTexts, out);

        System.out.printf(
                "Discovery over %s (%.1f MB%s) -> %s%n",
                input, pages.inputBytes() / 1e6, pages.index() ? ", hash index" : "", out);
        JobSummary job = JobSummary.of(JobProgress.execute(env, "reuse-detector discover", pages.htmlBytesEstimate()));
        DiscoveryRun discovery = DiscoveryOutput.collect(out, params.source());
        DiscoverySummary summary = discovery.summary();
        System.out.println(job);
        System.out.printf(
                "Threshold: chunks %d, files %d pages (%s); %d frequent hashes, %d labels -> %s%n",
                summary.chunkThreshold(),
                summary.fileThreshold(),
                summary.thresholdRule(),
                discovery.frequent().size(),
                discovery.labels().size(),
                out.resolve(DiscoveryOutput.LABELS));
        Path families = out.resolve(DiscoveryOutput.FAMILIES);
        if (java.nio.file.Files.exists(families)) {
            int count = DiscoveryOutput.readFamilies(families).size();
            System.out.printf("Copy families: %d -> %s%n", count, families);
        }

        List<Label> labels = discovery.labels();
        if (config.get(ReuseDetectorOptions.NEAR_COPY_ENABLED)) {
            labels = withNearCopies(config, settings, recursion, params.source(), pages.index(), labels);
        }

        Path toPublish = out.resolve(DiscoveryOutput.LABELS);
        if (previous != null) {
            LabelDiff diff = LabelDiff.between(LabelFiles.read(previous), labels, params.source());
            LabelFiles.write(out.resolve(DiscoveryOutput.CHANGES), diff.records());
            toPublish = out.resolve(DiscoveryOutput.CHANGES);
            System.out.printf(
                    "Changes against %s: %d adds, %d removes -> %s%n",
                    previous, diff.adds().size(), diff.removes().size(), toPublish);
        }
        if (publish) {
            String topic = config.get(ReuseDetectorOptions.TOPIC_LABELS);
            LabelsPublisher.Result published = LabelsPublisher.publish(toPublish, KafkaConnection.of(config), topic);
            System.out.printf("Published %d label records to '%s'%n", published.published(), topic);
        }
        return job;
    }

    /** The labels with the near-copy clusters' {@code shingle} labels after them, written to the labels file. */
    private List<Label> withNearCopies(
            ReuseDetectorConfig config,
            DetectionSettings settings,
            RecursionFilter recursion,
            String source,
            boolean index,
            List<Label> labels)
            throws java.io.IOException {
        if (index) {
            LOG.warn("shingles.near-copy.enabled: a hash index holds no words, so discovery finds no near copies in it;"
                    + " discover the raw pages (JSONL/WARC) for shingle labels");
            System.out.println("Near copies: none sought (a hash index holds no words; discover raw pages for them)");
            return labels;
        }
        NearCopyDiscovery.Params nearCopy = NearCopyDiscovery.Params.of(
                DetectionSettings.nearCopyParams(config),
                config.get(ReuseDetectorOptions.TEMPLATE_MIN_SHARE),
                config.get(ReuseDetectorOptions.TEMPLATE_MIN_PAGES));
        NearCopyLabels.Result found = NearCopyLabels.of(input, settings, nearCopy, recursion, source);
        List<Label> all = new ArrayList<>(labels);
        all.addAll(found.labels());
        LabelFiles.write(out.resolve(DiscoveryOutput.LABELS), all);
        NearCopyDiscovery.Outcome outcome = found.outcome();
        System.out.printf(
                "Near copies: %d of %d pages with distinctive phrases, %d near-copy pairs, %d paired pages left out"
                        + " (they match a page that is not their copy), %d shingle labels -> %s%n",
                outcome.distinctivePages(),
                outcome.pages(),
                outcome.pairs(),
                outcome.leftOut(),
                found.labels().size(),
                out.resolve(DiscoveryOutput.LABELS));
        return all;
    }
}
