package org.reusedetector.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.reusedetector.batch.BatchInputs;
import org.reusedetector.batch.IndexWorkflow;
import org.reusedetector.config.ConfigArguments;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.JobEnvironment;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code index}: hash a corpus once; discovery and detection then read hashes, not HTML. */
@Command(
        name = "index",
        mixinStandardHelpOptions = true,
        description = {
            "Hash a corpus (JSONL(.gz), WARC(.gz), or a directory of them) into a hash index: per page its URL, fetch time,",
            "file hash and ordered chunk hashes with lengths, in a compact binary form (.rdx part files, about 2-5%% of the HTML).",
            "Records that are not usable pages go to _dead-letters.jsonl in the index directory."
        })
public final class IndexCommand implements Callable<Integer> {

    @Mixin
    ConfigArguments configOptions;

    @Option(
            names = "--input",
            required = true,
            paramLabel = "PATH",
            description = "Pages: a JSONL/WARC file or a directory of them.")
    Path input;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Index directory to write.")
    Path out;

    @Override
    public Integer call() throws Exception {
        run();
        return 0;
    }

    /** Runs the job; returns its totals. */
    public JobSummary run() throws Exception {
        ReuseDetectorConfig config = configOptions.load();
        DetectionSettings settings = DetectionSettings.from(config, null, 0);
        IndexWorkflow.prepare(out);
        StreamExecutionEnvironment env = JobEnvironment.create(config, RuntimeExecutionMode.BATCH);
        BatchInputs.Pages pages = BatchInputs.pages(env, input, settings.maxBodyBytes());
        if (pages.index()) {
            throw new IllegalArgumentException(input + " is already a hash index");
        }
        IndexWorkflow.toFiles(pages, settings, out);
        System.out.printf("Indexing %s (%.1f MB) -> %s%n", input, pages.inputBytes() / 1e6, out);
        JobSummary summary = JobSummary.of(JobProgress.execute(env, "reuse-detector index", pages.htmlBytesEstimate()));
        System.out.println(summary);
        return summary;
    }
}
