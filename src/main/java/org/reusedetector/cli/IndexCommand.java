package org.reusedetector.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.connector.JsonLinesFileSink;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.JobEnvironment;
import org.reusedetector.detection.OperatorIds;
import org.reusedetector.index.HashIndexSink;
import org.reusedetector.model.DeadLetter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code index}: hash a corpus once; discovery and detection then read hashes, not HTML. */
@Command(name = "index", mixinStandardHelpOptions = true,
        description = {"Hash a corpus (JSONL(.gz), WARC(.gz), or a directory of them) into a hash index: per page its URL, fetch time,",
            "file hash and ordered chunk hashes with lengths, in a compact binary form (.rdx part files, about 2-5% of the HTML).",
            "Records that are not usable pages go to _dead-letters.jsonl in the index directory."})
public final class IndexCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions configOptions;

    @Option(names = "--input", required = true, paramLabel = "PATH", description = "Pages: a JSONL/WARC file or a directory of them.")
    Path input;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Index directory to write.")
    Path out;

    static final String DEAD_LETTERS = "_dead-letters.jsonl";

    /** The totals of the last run (for the benchmark). */
    JobSummary lastRun;

    @Override
    public Integer call() throws Exception {
        ReuseDetectorConfig config = configOptions.load();
        DetectionSettings settings = DetectionSettings.from(config, null, 0);
        if (java.nio.file.Files.isDirectory(out) && !org.reusedetector.index.HashIndex.list(out).isEmpty()) {
            // new part files beside old ones would count every page twice in discovery
            throw new IllegalArgumentException(out + " already holds a hash index: choose another directory or remove it");
        }
        BatchInputs.clear(out, DEAD_LETTERS);
        StreamExecutionEnvironment env = JobEnvironment.create(config, RuntimeExecutionMode.BATCH);
        BatchInputs.Pages pages = BatchInputs.pages(env, input, settings);
        if (pages.index()) {
            throw new IllegalArgumentException(input + " is already a hash index");
        }
        pages.hashed().sinkTo(HashIndexSink.create(org.apache.flink.core.fs.Path.fromLocalFile(out.toAbsolutePath().toFile()))).uid(OperatorIds.HASH_INDEX_SINK).name(OperatorIds.HASH_INDEX_SINK);
        pages.parsed().deadLetters().sinkTo(new JsonLinesFileSink<DeadLetter>(out.resolve(DEAD_LETTERS)))
                .uid("dead-letters-file-sink").name("dead-letters-file-sink").setParallelism(1);
        System.out.printf("Indexing %s (%.1f MB) -> %s%n", input, pages.inputBytes() / 1e6, out);
        JobExecutionResult result = JobProgress.execute(env, "reuse-detector index", pages.htmlBytesEstimate());
        lastRun = JobSummary.of(result);
        System.out.println(lastRun);
        return 0;
    }
}
