package org.reusedetector.shingle;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.reusedetector.format.JsonLines;
import org.reusedetector.format.PageFiles;
import org.reusedetector.model.PageRecord;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.page.PageHasher;
import org.reusedetector.page.PageRecordParser;

/**
 * Reads a corpus (JSONL/WARC pages, a file or a directory, as {@link PageFiles} lists them) into the word stream
 * of every page, through the same parse pass as chunk hashing ({@link PageHasher#hashWithWords}). Records the parser
 * rejects, and pages that fail to parse, are counted and skipped, as the stream's dead letters are. Each URL counts
 * once, as its latest fetch.
 */
public final class ShingleCorpus {

    /** What a read saw. */
    public record Totals(long records, long pages, long rejected, long revisits, long htmlBytes) {}

    /** A page's words and its fetch time (for keeping the latest fetch of a URL). */
    public record Page(PageWords words, long fetchedAtMillis) {}

    private ShingleCorpus() {}

    /**
     * Hands every usable page to {@code pages}, in file order; a revisit of a URL is handed again only when it is
     * newer, and the consumer must then replace the earlier fetch ({@code replaces} is its index among the pages handed).
     */
    public static Totals read(Path input, PageHasher hasher, int maxBodyBytes, boolean keepText, PageConsumer pages)
            throws IOException {
        PageRecordParser parser = new PageRecordParser(maxBodyBytes);
        PageWords.Collector collector = new PageWords.Collector(keepText);
        Map<String, long[]> seen = new HashMap<>(); // url -> {index, fetch time}
        long records = 0;
        long rejected = 0;
        long revisits = 0;
        long bytes = 0;
        int handed = 0;
        List<Path> files = PageFiles.list(input);
        for (Path file : files) {
            try (JsonLines.CloseableIterator<SourceRecord> it = PageFiles.open(file, maxBodyBytes)) {
                while (it.hasNext()) {
                    SourceRecord record = it.next();
                    records++;
                    PageRecord page;
                    try {
                        page = parser.parse(record.value());
                        hasher.hashWithWords(page.url(), page.fetchedAtMillis(), page.body(), collector);
                    } catch (PageRecordParser.Rejected | RuntimeException | StackOverflowError e) {
                        rejected++;
                        collector.take("");
                        continue;
                    }
                    bytes += page.body().length();
                    PageWords words = collector.take(page.url());
                    long[] earlier = seen.get(page.url());
                    if (earlier != null) {
                        revisits++;
                        if (page.fetchedAtMillis() >= earlier[1]) {
                            earlier[1] = page.fetchedAtMillis();
                            pages.accept(new Page(words, page.fetchedAtMillis()), (int) earlier[0]);
                        }
                        continue;
                    }
                    seen.put(page.url(), new long[] {handed, page.fetchedAtMillis()});
                    pages.accept(new Page(words, page.fetchedAtMillis()), -1);
                    handed++;
                }
            } catch (Exception e) {
                throw e instanceof IOException io
                        ? io
                        : new IOException("cannot read " + file + ": " + e.getMessage(), e);
            }
        }
        return new Totals(records, handed, rejected, revisits, bytes);
    }

    /** Receives pages; {@code replaces} is -1 for a new URL, else the index of the earlier fetch this one replaces. */
    @FunctionalInterface
    public interface PageConsumer {
        void accept(Page page, int replaces);
    }

    /** Convenience for consumers that keep every page in order. */
    public static PageConsumer inOrder(Consumer<Page> add, java.util.function.ObjIntConsumer<Page> replace) {
        return (page, replaces) -> {
            if (replaces < 0) {
                add.accept(page);
            } else {
                replace.accept(page, replaces);
            }
        };
    }
}
