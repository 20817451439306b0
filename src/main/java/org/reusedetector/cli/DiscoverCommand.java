package org.reusedetector.cli;

import java.nio.file.Path;
import java.time.Instant;
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
import org.reusedetector.discover.RecursionFilter;
import org.reusedetector.format.LabelFiles;
import org.reusedetector.kafka.KafkaConnection;
import org.reusedetector.kafka.LabelsPublisher;
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
            "With --previous, also writes label-changes.jsonl (adds and removes against the previous labels); --publish sends them to the labels topic."
        })
public final class DiscoverCommand implements Callable<Integer> {

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

        Path toPublish = out.resolve(DiscoveryOutput.LABELS);
        if (previous != null) {
            LabelDiff diff = LabelDiff.between(LabelFiles.read(previous), discovery.labels(), params.source());
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
}
