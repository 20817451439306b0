package org.reusedetector.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.reusedetector.report.ReportWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code report}: the plots of a discover or detect output directory, as one HTML page and PNG files. */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        description = {
            "Turn a discover or detect output directory into a self-contained HTML page (report.html) with the paper's plots",
            "(frequency-occurrence of chunks and files; histogram and CDF of neighborhood badness with the threshold; top bad neighborhoods",
            "with their evidence), and PNG files of the same plots."
        })
public final class ReportCommand implements Callable<Integer> {

    @Option(names = "--in", required = true, paramLabel = "DIR", description = "A discover or detect output directory.")
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
