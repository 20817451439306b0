package org.reusedetector.discover;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.format.PageFiles;
import org.reusedetector.model.Label;
import org.reusedetector.model.PageRecord;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.page.PageHasher;
import org.reusedetector.page.PageRecordParser;
import org.reusedetector.page.WordSink;
import org.reusedetector.shingle.NearCopyDiscovery;
import org.reusedetector.shingle.PageSketcher;
import org.reusedetector.shingle.ShingleLabels;
import org.reusedetector.url.InvalidUrlException;
import org.reusedetector.url.NormalizedUrl;

/**
 * Blind discovery's {@code shingle} labels ({@link NearCopyDiscovery}) from raw pages: one pass over the page files
 * that parses each page as detection does, keeps its sampled phrases and the start of its text, and judges the
 * clusters once every page is read. Each URL counts once as its latest fetch (URL identity as detection's), and
 * crawler-recursion URLs are left out, as the counting of chunks does. A hash index holds no words, so it has none.
 */
public final class NearCopyLabels {

    /** The labels of a run and what it found. */
    public record Result(List<Label> labels, NearCopyDiscovery.Outcome outcome, long rejected) {}

    private NearCopyLabels() {}

    public static Result of(
            Path input,
            DetectionSettings settings,
            NearCopyDiscovery.Params params,
            RecursionFilter recursion,
            String source)
            throws IOException {
        NearCopyDiscovery discovery = new NearCopyDiscovery(params);
        PageRecordParser parser = new PageRecordParser(settings.maxBodyBytes());
        PageHasher hasher = settings.chunking().hasher();
        PageSketcher sketcher = new PageSketcher(params.nearCopy().k());
        TextStart text = new TextStart();
        WordSink words = WordSink.both(sketcher, text);
        long rejected = 0;
        for (Path file : PageFiles.list(input)) {
            try (var records = PageFiles.open(file, settings.maxBodyBytes())) {
                while (records.hasNext()) {
                    SourceRecord record = records.next();
                    try {
                        PageRecord page = parser.parse(record.value());
                        NormalizedUrl url = NormalizedUrl.parse(page.url(), settings.ignoredParameters());
                        if (recursion.isRecursion(page.url(), url)) {
                            continue;
                        }
                        hasher.hashWithWords(page.url(), page.fetchedAtMillis(), page.body(), words);
                        discovery.add(
                                url.url(),
                                page.url(),
                                page.fetchedAtMillis(),
                                sketcher.sampledPhrases(params.nearCopy()),
                                text.take());
                    } catch (PageRecordParser.Rejected | InvalidUrlException e) {
                        rejected++; // counted and dead-lettered by the counting job
                    } finally {
                        sketcher.reset();
                        text.take();
                    }
                }
            }
        }
        NearCopyDiscovery.Outcome outcome = discovery.run();
        List<Label> labels = new ArrayList<>(outcome.clusters().size());
        for (NearCopyDiscovery.Cluster cluster : outcome.clusters()) {
            labels.add(ShingleLabels.discovered(cluster, source));
        }
        return new Result(List.copyOf(labels), outcome, rejected);
    }

    /** The first words of a page's text, joined by single spaces, for a label's sample. */
    private static final class TextStart implements WordSink {
        private final StringBuilder text = new StringBuilder();

        @Override
        public void word(char[] chars, int start, int length) {
            if (text.length() < NearCopyDiscovery.SAMPLE_LENGTH) {
                if (!text.isEmpty()) {
                    text.append(' ');
                }
                text.append(chars, start, Math.min(length, NearCopyDiscovery.SAMPLE_LENGTH));
            }
        }

        String take() {
            String taken = text.toString();
            text.setLength(0);
            return taken;
        }
    }
}
