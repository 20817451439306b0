package org.reusedetector.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.reusedetector.report.ReportWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code report}: the report of an output directory, as one HTML page and PNG files of its plots. */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        description = {
            "Turn a discover, detect, near-dups, phrases or quilts output directory into a self-contained HTML page (report.html),",
            "and PNG files of its plots. A detect report opens with what was copied from where (sources and their copying hosts,",
            "those found by the word signals alone among them), then the rewritten copies (pages alike in wording to a source's",
            "pages, with their resemblance), the top bad neighborhoods with their evidence, the histogram and CDF of neighborhood",
            "badness with the threshold, and the summary. A discover report: the copy families, the frequency-occurrence plots."
        })
public final class ReportCommand implements Callable<Integer> {

    @Option(
            names = "--in",
            required = true,
            paramLabel = "DIR",
            description = "A discover, detect, near-dups, phrases or quilts output directory.")
    Path in;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Where to write the report (default: the input directory).")
    Path out;

    @Override
    public Integer call() throws Exception {
        System.setProperty("java.awt.headless", "true");
        ReportWriter.Report report = ReportWriter.write(in, out == null ? in : out);
        System.out.printf(
                "%s report: %s (%d plots)%n",
                report.kind(), report.html(), report.images().size());
        return 0;
    }
}
