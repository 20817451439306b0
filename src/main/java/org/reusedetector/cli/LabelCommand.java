package org.reusedetector.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.format.LabelFiles;
import org.reusedetector.format.PageFiles;
import org.reusedetector.labels.InformedLabeler;
import org.reusedetector.model.Label;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.page.PageRecordParser;
import org.reusedetector.url.InvalidUrlException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code label}: informed discovery, expert pages → labels JSONL for the labels topic. */
@Command(name = "label", mixinStandardHelpOptions = true,
        description = {"Informed discovery: label the chunks and files of expert pages (a site being cloned, a brand's login page).",
            "The expert sites' own template (chunks on many of a site's pages) is written as 'stop' labels: not matched, not scored."})
public final class LabelCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions configOptions;

    @Option(names = "--input", required = true, paramLabel = "PATH", description = "Expert pages: a JSONL(.gz) or WARC(.gz) file of page records, or a directory of them.")
    Path input;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "Labels JSONL(.gz) to write.")
    Path out;

    @Option(names = "--source", paramLabel = "NAME", description = "The labels' source (default: informed:<input file name>).")
    String source;

    @Override
    public Integer call() throws Exception {
        Summary summary = label(configOptions.load(), input, out, source != null ? source : "informed:" + input.getFileName());
        System.out.println(summary);
        return summary.pages() == 0 ? 1 : 0;
    }

    /** What a labelling run did. */
    public record Summary(long pages, int sites, long skipped, Path out, long chunks, long files, long stops) {
        @Override
        public String toString() {
            return String.format("%d expert pages on %d sites (%d records skipped) -> %s: %d chunk, %d file, %d stop (template) labels",
                    pages, sites, skipped, out, chunks, files, stops);
        }
    }

    /** Informed discovery over a file or directory of page records; writes the labels file. */
    public static Summary label(ReuseDetectorConfig config, Path input, Path out, String source) throws Exception {
        DetectionSettings settings = DetectionSettings.from(config, null, 0);
        InformedLabeler labeler = new InformedLabeler(settings.pageHasher(), settings.stopChunks(),
                config.get(ReuseDetectorOptions.TEMPLATE_MIN_SHARE), config.get(ReuseDetectorOptions.TEMPLATE_MIN_PAGES), source);
        PageRecordParser parser = new PageRecordParser(settings.maxBodyBytes());
        long pages = 0;
        long rejected = 0;
        for (Path file : PageFiles.list(input)) {
            try (var records = PageFiles.open(file, settings.maxBodyBytes())) {
                while (records.hasNext()) {
                    SourceRecord record = records.next();
                    try {
                        labeler.add(parser.parse(record.value()));
                        pages++;
                    } catch (PageRecordParser.Rejected | InvalidUrlException e) {
                        rejected++;
                        System.err.printf("skipped %s: %s%n", record.origin(), e.getMessage());
                    }
                }
            }
        }
        List<Label> labels = labeler.labels();
        LabelFiles.write(out, labels);
        return new Summary(pages, labeler.sites(), rejected, out, count(labels, Label.KIND_CHUNK), count(labels, Label.KIND_FILE),
                count(labels, Label.KIND_STOP));
    }

    private static long count(List<Label> labels, String kind) {
        return labels.stream().filter(l -> l.kind().equals(kind)).count();
    }
}
