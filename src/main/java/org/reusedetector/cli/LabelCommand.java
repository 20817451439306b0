package org.reusedetector.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.reusedetector.config.ConfigArguments;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.labels.InformedLabelling;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code label}: informed discovery, expert pages → labels JSONL for the labels topic. */
@Command(
        name = "label",
        mixinStandardHelpOptions = true,
        description = {
            "Informed discovery: label the chunks and files of expert pages (a site being cloned, a brand's login page).",
            "The expert sites' own template (chunks on many of a site's pages) is written as 'stop' labels: not matched, not scored.",
            "With imatch.lexicon set, each expert page's I-Match signatures are written as 'imatch' labels (near-duplicate alerts).",
            "With shingles.near-copy.enabled, each expert page's min-hash sketch is written as a 'shingle' label (near-copy alerts)."
        })
public final class LabelCommand implements Callable<Integer> {

    @Mixin
    ConfigArguments configOptions;

    @Option(
            names = "--input",
            required = true,
            paramLabel = "PATH",
            description = "Expert pages: a JSONL(.gz) or WARC(.gz) file of page records, or a directory of them.")
    Path input;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "Labels JSONL(.gz) to write.")
    Path out;

    @Option(
            names = "--source",
            paramLabel = "NAME",
            description = "The labels' source (default: informed:<input file name>).")
    String source;

    @Override
    public Integer call() throws Exception {
        InformedLabelling.Summary summary =
                label(configOptions.load(), input, out, source != null ? source : "informed:" + input.getFileName());
        System.out.println(summary);
        return summary.pages() == 0 ? 1 : 0;
    }

    /** The labelling run with the configuration's chunking, stop chunks and template rule. */
    static InformedLabelling.Summary label(ReuseDetectorConfig config, Path input, Path out, String source)
            throws IOException {
        InformedLabelling.Settings settings = new InformedLabelling.Settings(
                config.chunking(),
                config.get(ReuseDetectorOptions.STOP_MIN_LENGTH),
                config.get(ReuseDetectorOptions.MAX_BODY_BYTES),
                config.get(ReuseDetectorOptions.TEMPLATE_MIN_SHARE),
                config.get(ReuseDetectorOptions.TEMPLATE_MIN_PAGES),
                DetectionSettings.lexicon(config),
                DetectionSettings.nearCopy(config));
        return InformedLabelling.label(settings, input, out, source);
    }
}
