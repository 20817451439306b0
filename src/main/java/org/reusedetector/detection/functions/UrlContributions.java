package org.reusedetector.detection.functions;

import java.util.List;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.metrics.Counter;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.reusedetector.detection.Metrics;
import org.reusedetector.model.Evidence;
import org.reusedetector.model.PageScore;
import org.reusedetector.model.PrefixDelta;
import org.reusedetector.model.SourceChunks;
import org.reusedetector.score.Neighbourhood;
import org.reusedetector.score.SourceCoverage;
import org.reusedetector.state.VersionedStateSerializer;
import org.reusedetector.url.IgnoredParameters;
import org.reusedetector.url.InvalidUrlException;
import org.reusedetector.url.NormalizedUrl;

/**
 * Keyed by normalised URL. Turns page scores into neighbourhood changes so that a revisited URL replaces
 * its earlier containment instead of adding to it, and so that per-neighbourhood state stays two numbers
 * however many URLs it holds. A URL not fetched again within the retention (event time) is withdrawn from
 * its neighbourhoods and forgotten: state cannot grow without bound.
 */
public final class UrlContributions extends KeyedProcessFunction<String, PageScore, PrefixDelta> {

    private static final Evidence[] NO_EVIDENCE = new Evidence[0];

    private final long retentionMillis;
    private final int maxDepth;
    private transient ValueState<UrlContribution> contribution;
    private transient Counter revisits;
    private transient Counter expired;

    public UrlContributions(long retentionMillis, int maxDepth) {
        this.retentionMillis = retentionMillis;
        this.maxDepth = maxDepth;
    }

    /** The key: the normalised URL, so that spellings of one address (and its tracking or session parameters) count once. */
    public static KeySelector<PageScore, String> urlKey(IgnoredParameters ignored) {
        return score -> NormalizedUrl.keyOf(score.url(), ignored);
    }

    @Override
    public void open(OpenContext openContext) {
        contribution = getRuntimeContext()
                .getState(new ValueStateDescriptor<>(
                        "url-contribution", new VersionedStateSerializer<>(new UrlContributionFormat())));
        revisits = getRuntimeContext().getMetricGroup().counter(Metrics.URL_REVISITS);
        expired = getRuntimeContext().getMetricGroup().counter(Metrics.URLS_EXPIRED);
    }

    @Override
    public void processElement(PageScore score, Context ctx, Collector<PrefixDelta> out) throws Exception {
        UrlContribution previous = contribution.value();
        if (previous != null && score.eventTime() < previous.eventTime()) {
            return; // an older fetch of a URL we already hold a newer fetch of
        }
        if (previous != null) {
            ctx.timerService().deleteEventTimeTimer(previous.eventTime() + retentionMillis); // one live timer per URL
        }
        if (!isScorable(score)) {
            // the paper's population: a page with no scorable chunk is not part of |N| (pages "cease to exist after
            // all the chunks have been deleted"); a revisit that left nothing scorable withdraws the URL
            if (previous != null) {
                contribution.clear();
                emit(
                        ctx.getCurrentKey(),
                        previous.chunks(),
                        previous.matched(),
                        0,
                        0,
                        score.eventTime(),
                        NO_EVIDENCE,
                        SourceCoverage.negate(sourcesOf(previous)),
                        out);
            }
            return;
        }
        long chunks = Neighbourhood.chunksOf(score);
        double matched = Neighbourhood.matchedOf(score);
        SourceChunks[] sources = score.sources() == null ? SourceChunks.NONE : score.sources();
        contribution.update(new UrlContribution(chunks, matched, score.eventTime(), sources));
        ctx.timerService().registerEventTimeTimer(score.eventTime() + retentionMillis);
        if (previous == null) {
            emit(ctx.getCurrentKey(), 0, 0, chunks, matched, score.eventTime(), score.evidence(), sources, out);
        } else {
            revisits.inc();
            SourceChunks[] sourcesDelta = SourceCoverage.merge(SourceCoverage.negate(sourcesOf(previous)), sources);
            if (chunks != previous.chunks() || matched != previous.matched() || sourcesDelta.length > 0) {
                emit(
                        ctx.getCurrentKey(),
                        previous.chunks(),
                        previous.matched(),
                        chunks,
                        matched,
                        score.eventTime(),
                        score.evidence(),
                        sourcesDelta,
                        out);
            }
        }
    }

    private static SourceChunks[] sourcesOf(UrlContribution contribution) {
        return contribution.sources() == null ? SourceChunks.NONE : contribution.sources();
    }

    @Override
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<PrefixDelta> out) throws Exception {
        if (ctx.timerService().currentWatermark() == Long.MAX_VALUE) {
            return; // end of a bounded input: nothing ages out, the results stand as they are
        }
        UrlContribution current = contribution.value();
        if (current == null || current.eventTime() + retentionMillis > timestamp) {
            return; // refreshed since this timer was set (timers restored from before deletion existed)
        }
        contribution.clear();
        expired.inc();
        emit(
                ctx.getCurrentKey(),
                current.chunks(),
                current.matched(),
                0,
                0,
                timestamp,
                NO_EVIDENCE,
                SourceCoverage.negate(sourcesOf(current)),
                out);
    }

    /** Whether a page is part of its neighbourhoods: it has a scorable chunk, or its whole file is labelled. */
    public static boolean isScorable(PageScore score) {
        return score.chunks() > 0 || score.fileMatch();
    }

    /** The change from the URL's earlier contribution ({@code 0, 0}: none) to its new one ({@code 0, 0}: withdrawn), to every prefix. */
    private void emit(
            String url,
            long chunksBefore,
            double matchedBefore,
            long chunksAfter,
            double matchedAfter,
            long eventTime,
            Evidence[] evidence,
            SourceChunks[] sources,
            Collector<PrefixDelta> out) {
        List<String> prefixes;
        try {
            prefixes = NormalizedUrl.parse(url, IgnoredParameters.NONE)
                    .prefixes(maxDepth); // the key is normalised already
        } catch (InvalidUrlException e) {
            return; // validated when parsed; a key that still fails has no neighbourhoods to change
        }
        for (String prefix : prefixes) {
            out.collect(PrefixDelta.between(
                    prefix, chunksBefore, matchedBefore, chunksAfter, matchedAfter, eventTime, evidence, sources));
        }
    }
}
