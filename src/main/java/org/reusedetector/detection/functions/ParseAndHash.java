package org.reusedetector.detection.functions;

import java.util.List;
import java.util.Optional;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;
import org.reusedetector.detection.DeadLetters;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.DetectionSignal;
import org.reusedetector.detection.JobCounter;
import org.reusedetector.detection.Metrics;
import org.reusedetector.detection.PageSignals;
import org.reusedetector.model.DeadLetterReason;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.PageRecord;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.page.PageHasher;
import org.reusedetector.page.PageRecordParser;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Validates a raw page record, chunks and hashes it, and feeds the same pass to the enabled
 * signals ({@link PageSignals}), which put their results on the hashed page or, for a signal with pages of its
 * own, on a page sent to its side output ({@link DetectionSignal#ownPages}); bad records go to the dead letters.
 */
public final class ParseAndHash extends ProcessFunction<SourceRecord, HashedPage> {

    private static final Logger LOG = LoggerFactory.getLogger(ParseAndHash.class);

    private final DetectionSettings settings;
    private final List<DetectionSignal> enabled;
    private transient PageRecordParser parser;
    private transient PageHasher hasher;
    private transient PageSignals signals;
    /** Per signal, in {@link #signals}' order: the side output of its own pages, or {@code null}. */
    private transient List<OutputTag<HashedPage>> ownPages;

    private transient JobCounter records;
    private transient JobCounter pages;
    private transient JobCounter bytes;
    private transient JobCounter chunks;
    private transient JobCounter deadLetters;

    private final boolean crawlerLoopsToDeadLetters;

    /** Chunk hashes only; crawler loops become dead letters. */
    public ParseAndHash(DetectionSettings settings) {
        this(settings, List.of(), true);
    }

    /** @param enabled the signals to feed, in their order (none: chunk hashes only); crawler loops become dead letters */
    public ParseAndHash(DetectionSettings settings, List<DetectionSignal> enabled) {
        this(settings, enabled, true);
    }

    /** With {@code crawlerLoopsToDeadLetters} false, a crawler loop's page is hashed like any other. */
    public ParseAndHash(DetectionSettings settings, List<DetectionSignal> enabled, boolean crawlerLoopsToDeadLetters) {
        this.settings = settings;
        this.enabled = List.copyOf(enabled);
        this.crawlerLoopsToDeadLetters = crawlerLoopsToDeadLetters;
    }

    @Override
    public void open(OpenContext openContext) {
        parser = new PageRecordParser(settings.maxBodyBytes());
        hasher = settings.pageHasher();
        signals = PageSignals.of(settings, enabled);
        ownPages = enabled.stream().map(DetectionSignal::ownPages).toList();
        records = JobCounter.register(getRuntimeContext(), Metrics.RECORDS_READ);
        pages = JobCounter.register(getRuntimeContext(), Metrics.PAGES_PARSED);
        bytes = JobCounter.register(getRuntimeContext(), Metrics.PAGE_BYTES_PARSED);
        chunks = JobCounter.register(getRuntimeContext(), Metrics.CHUNKS_HASHED);
        deadLetters = JobCounter.register(getRuntimeContext(), Metrics.DEAD_LETTERS);
    }

    @Override
    public void processElement(SourceRecord record, Context ctx, Collector<HashedPage> out) {
        records.inc();
        PageRecord page;
        try {
            page = parser.parseKeepingBody(record.value());
        } catch (PageRecordParser.Rejected rejected) {
            reject(rejected.reason(), rejected.getMessage(), record, ctx);
            return;
        }
        // here, where the record's origin is known; MatchLabels checks again the pages no parse step saw (an index)
        Optional<String> recursion =
                crawlerLoopsToDeadLetters ? MatchLabels.recursion(settings, page.url()) : Optional.empty();
        if (recursion.isPresent()) {
            reject(
                    DeadLetterReason.CRAWLER_RECURSION,
                    MatchLabels.recursionError(recursion.get(), page.url()),
                    record,
                    ctx);
            return;
        }
        HashedPage hashed;
        try {
            hashed = signals.hash(hasher, page.url(), page.fetchedAtMillis(), parser.body(), parser.bodyLength());
        } catch (RuntimeException | StackOverflowError e) {
            // jsoup copes with almost anything; whatever it does not cope with must not stop the job
            LOG.debug("cannot parse {}", record.origin(), e);
            reject(DeadLetterReason.PARSE_FAILED, "HTML parse failed: " + e, record, ctx);
            return;
        }
        // only for a page that is not dead-lettered: a page gets a signal's result or a reason, not both
        for (int i = 0; i < ownPages.size(); i++) {
            HashedPage own = signals.ownPage(i);
            if (own != null) {
                ctx.output(ownPages.get(i), own);
            }
        }
        pages.inc();
        bytes.inc(hashed.bodyBytes());
        chunks.inc(hashed.chunkCount());
        out.collect(hashed);
    }

    private void reject(DeadLetterReason reason, String message, SourceRecord record, Context ctx) {
        deadLetters.inc();
        ctx.output(DeadLetters.TAG, DeadLetters.of(reason, message, record, settings.deadLetterMaxOriginalChars()));
    }
}
