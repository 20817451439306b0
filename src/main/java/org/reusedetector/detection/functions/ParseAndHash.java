package org.reusedetector.detection.functions;

import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;
import org.reusedetector.detection.DeadLetters;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.JobCounter;
import org.reusedetector.detection.Metrics;
import org.reusedetector.detection.ProcessingSpan;
import org.reusedetector.imatch.Signer;
import org.reusedetector.model.DeadLetterReason;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.PageRecord;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.page.PageHasher;
import org.reusedetector.page.PageRecordParser;
import org.reusedetector.page.TokenizingChunker;
import org.reusedetector.shingle.PageSketcher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Validates a raw page record, parses it with jsoup, chunks and hashes it, and with a lexicon computes its I-Match
 * signatures from the same pass's word stream (to {@link #SIGNED}), and with the near-copy signal on its min-hash
 * shingles (same pass); bad records go to the dead letters.
 */
public final class ParseAndHash extends ProcessFunction<SourceRecord, HashedPage> {

    private static final Logger LOG = LoggerFactory.getLogger(ParseAndHash.class);

    /**
     * With a lexicon: the pages that have I-Match signatures, with their URL, time and signatures only (no chunk
     * hashes), for {@link MatchNearDuplicates}. The main output carries no signatures.
     */
    public static final OutputTag<HashedPage> SIGNED = new OutputTag<>("imatch-signed-pages", TypeInformation.of(HashedPage.class));
    private static final byte[] NO_BYTES = new byte[0];
    private static final int[] NO_INTS = new int[0];

    private final DetectionSettings settings;
    private transient PageRecordParser parser;
    private transient PageHasher hasher;
    /** I-Match signatures from the same pass as the chunk hashes; {@code null} without a lexicon. */
    private transient Signer signer;
    /** The words of the same pass for min-hash shingles and quilt grams; {@code null} when both signals are off. */
    private transient PageSketcher sketcher;
    /** The chunk consumer of the signals that cut words from the same pass: signer, sketcher, or both. */
    private transient TokenizingChunker.ChunkSink wordCutters;
    private transient JobCounter records;
    private transient JobCounter pages;
    private transient JobCounter bytes;
    private transient JobCounter chunks;
    private transient JobCounter deadLetters;
    private transient ProcessingSpan.Start span;

    public ParseAndHash(DetectionSettings settings) {
        this.settings = settings;
    }

    @Override
    public void open(OpenContext openContext) {
        parser = new PageRecordParser(settings.maxBodyBytes());
        hasher = settings.pageHasher();
        signer = settings.imatchSigner();
        sketcher = settings.pageSketcher();
        // each cuts the words itself, folding its fingerprint into the char loop (Signer#chunk, PageSketcher#chunk)
        wordCutters = signer == null ? sketcher : sketcher == null ? signer : (text, length) -> {
            signer.chunk(text, length);
            sketcher.chunk(text, length);
        };
        records = JobCounter.register(getRuntimeContext(), Metrics.RECORDS_READ);
        pages = JobCounter.register(getRuntimeContext(), Metrics.PAGES_PARSED);
        bytes = JobCounter.register(getRuntimeContext(), Metrics.PAGE_BYTES_PARSED);
        chunks = JobCounter.register(getRuntimeContext(), Metrics.CHUNKS_HASHED);
        deadLetters = JobCounter.register(getRuntimeContext(), Metrics.DEAD_LETTERS);
        span = ProcessingSpan.start(getRuntimeContext());
    }

    @Override
    public void processElement(SourceRecord record, Context ctx, Collector<HashedPage> out) {
        span.mark();
        records.inc();
        PageRecord page;
        try {
            page = parser.parse(record.value());
        } catch (PageRecordParser.Rejected rejected) {
            reject(rejected.reason(), rejected.getMessage(), record, ctx);
            return;
        }
        HashedPage hashed;
        try {
            if (wordCutters == null) {
                hashed = hasher.hash(page.url(), page.fetchedAtMillis(), page.body());
            } else {
                hashed = hasher.hashWithChunks(page.url(), page.fetchedAtMillis(), page.body(), wordCutters);
                if (signer != null) {
                    signer.endOfPage();
                }
                if (sketcher != null) {
                    if (settings.quilt() != null) {
                        hashed = hashed.withQuiltGrams(sketcher.sampledGrams(settings.quilt()));
                    }
                    if (settings.nearCopy() != null) {
                        hashed = hashed.withShingles(sketcher.sketch());
                    } else {
                        sketcher.reset();
                    }
                }
            }
        } catch (RuntimeException | StackOverflowError e) {
            // jsoup copes with almost anything; whatever it does not cope with must not stop the job
            LOG.debug("cannot parse {}", record.origin(), e);
            if (sketcher != null) {
                sketcher.reset();
            }
            if (signer != null) {
                signer.endOfPage(); // drops the failed page's terms
            }
            reject(DeadLetterReason.PARSE_FAILED, "HTML parse failed: " + e, record, ctx);
            return;
        }
        if (signer != null) {
            signed(hashed, ctx); // only for a page that is not dead-lettered: a page gets signatures or a reason, not both
        }
        pages.inc();
        bytes.inc(hashed.bodyBytes());
        chunks.inc(hashed.chunkCount());
        out.collect(hashed);
    }

    /**
     * The page's signatures, if it has any, go to {@link #SIGNED} on a page cut down to what the near-duplicate matcher
     * reads: a page's chunk hashes then cross the network once (to the label match), not twice.
     */
    private void signed(HashedPage hashed, Context ctx) {
        byte[] signatures = signer.signatures();
        if (signatures.length > 0) {
            ctx.output(SIGNED, new HashedPage(hashed.url(), hashed.eventTime(), NO_BYTES, NO_BYTES, NO_INTS, hashed.bodyBytes()).withImatchSignatures(signatures));
        }
    }

    private void reject(DeadLetterReason reason, String message, SourceRecord record, Context ctx) {
        deadLetters.inc();
        ctx.output(DeadLetters.TAG, DeadLetters.of(reason, message, record, settings.deadLetterMaxOriginalChars()));
    }
}
