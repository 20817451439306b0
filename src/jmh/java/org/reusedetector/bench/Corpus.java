package org.reusedetector.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.format.PageFiles;
import org.reusedetector.model.PageRecord;
import org.reusedetector.page.PageRecordParser;

/**
 * The pages a benchmark reads, in memory: generated ({@link RealisticPages}) by default, or the first pages of a crawl
 * ({@code -p crawl=PATH}, a JSONL(.gz)/WARC file or directory, parsed as the detector parses it), up to {@code mb} MB
 * of HTML. One benchmark operation is one pass over all of them: divide their MB ({@link #megabytes()}, printed at
 * set-up) by the time per operation for MB/s. The chunk tags and body limit are the default configuration's.
 */
@State(Scope.Benchmark)
public class Corpus {

    /** A crawl to read the pages from; empty: generated pages. */
    @Param("")
    public String crawl;

    /** MB of HTML (UTF-8): generated, or read from the start of the crawl. */
    @Param("4")
    public int mb;

    final ReuseDetectorConfig config = ReuseDetectorConfig.defaults();
    final Set<String> tags = Set.copyOf(config.chunking().tags());
    final int maxBodyBytes = config.get(ReuseDetectorOptions.MAX_BODY_BYTES);

    List<String> bodies;
    /** The bodies' UTF-8, for the byte splitter. */
    byte[][] utf8;
    /** The bodies' chars, for the chunker alone (the page hasher copies them out of the string itself). */
    char[][] chars;

    long bytes;

    @Setup(Level.Trial)
    public void load() throws IOException {
        long limit = mb * 1_000_000L;
        bodies = crawl.isEmpty() ? new RealisticPages(1).pages(limit) : read(Path.of(crawl), limit);
        if (bodies.isEmpty()) {
            throw new IllegalStateException("no pages in " + crawl);
        }
        utf8 = new byte[bodies.size()][];
        chars = new char[bodies.size()][];
        bytes = 0;
        for (int i = 0; i < bodies.size(); i++) {
            utf8[i] = bodies.get(i).getBytes(StandardCharsets.UTF_8);
            chars[i] = bodies.get(i).toCharArray();
            bytes += utf8[i].length;
        }
        System.out.printf(
                "%n(corpus: %s, %d pages, %.2f MB of HTML)%n",
                crawl.isEmpty() ? "generated" : crawl, bodies.size(), megabytes());
    }

    double megabytes() {
        return bytes / 1e6;
    }

    private List<String> read(Path input, long limit) throws IOException {
        PageRecordParser parser = new PageRecordParser(maxBodyBytes);
        List<String> pages = new ArrayList<>();
        long total = 0;
        for (Path file : PageFiles.list(input)) {
            try (var records = PageFiles.open(file, maxBodyBytes)) {
                while (records.hasNext() && total < limit) {
                    try {
                        PageRecord page = parser.parse(records.next().value());
                        pages.add(page.body());
                        total += utf8Length(page.body());
                    } catch (PageRecordParser.Rejected ignored) {
                        // not a page: as the detector, which sends it to the dead letters
                    }
                }
            }
            if (total >= limit) {
                break;
            }
        }
        return pages;
    }

    static long utf8Length(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }
}
