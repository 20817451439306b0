package org.reusedetector.imatch;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.reusedetector.format.JsonLines;
import org.reusedetector.format.PageFiles;
import org.reusedetector.model.PageRecord;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.page.PageRecordParser;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Every usable page of a file or directory of page files (JSONL or WARC, {@link PageFiles}), in file order. */
final class CorpusPages {

    private static final Logger LOG = LoggerFactory.getLogger(CorpusPages.class);

    /** Pages read and records skipped (not a usable page). */
    record Counts(long pages, long skipped) {}

    private CorpusPages() {}

    static Counts forEach(Path input, int maxBodyBytes, Consumer<PageRecord> action) throws IOException {
        PageRecordParser parser = new PageRecordParser(maxBodyBytes);
        long pages = 0;
        long skipped = 0;
        for (Path file : PageFiles.list(input)) {
            try (JsonLines.CloseableIterator<SourceRecord> records = PageFiles.open(file, maxBodyBytes)) {
                while (records.hasNext()) {
                    SourceRecord record = records.next();
                    PageRecord page;
                    try {
                        page = parser.parse(record.value());
                    } catch (PageRecordParser.Rejected e) {
                        skipped++;
                        LOG.debug("skipped {}: {}", record.origin(), e.getMessage());
                        continue;
                    }
                    action.accept(page);
                    pages++;
                }
            }
        }
        return new Counts(pages, skipped);
    }
}
