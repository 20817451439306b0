package org.reusedetector.model;

import java.util.Arrays;
import java.util.Comparator;

/**
 * The change one page makes to one neighbourhood: a new page adds its chunks and matched chunks, a revisit
 * replaces its earlier ones, an expired page withdraws them.
 *
 * @param prefix the neighbourhood's normalised URL prefix
 * @param pagesDelta +1 for a new page, 0 for a revisit, -1 for a withdrawn page
 * @param chunksDelta change in scorable chunks
 * @param matchedDelta change in matched chunks (a whole-file match counts all its chunks)
 * @param eventTime event time of the change
 * @param evidence a few labels of the page that caused the change (empty for withdrawals)
 * @param chunksSquaredDelta change in the sum over pages of scorable chunks squared (for the badness's confidence bounds)
 * @param matchedSquaredDelta change in the sum over pages of matched chunks squared
 * @param productsDelta change in the sum over pages of scorable times matched chunks
 * @param sources the labelled chunks per source the change adds (count +1) or takes (-1), for source coverage
 */
public record PrefixDelta(
        String prefix,
        int pagesDelta,
        long chunksDelta,
        double matchedDelta,
        long eventTime,
        Evidence[] evidence,
        double chunksSquaredDelta,
        double matchedSquaredDelta,
        double productsDelta,
        SourceChunks[] sources) {

    /**
     * The change of one page of {@code |chunksDelta|} scorable and {@code |matchedDelta|} matched chunks joining
     * ({@code pagesDelta} +1) or leaving (-1) a neighbourhood; for a revisit (0) its squares are taken as unchanged.
     */
    public PrefixDelta(
            String prefix, int pagesDelta, long chunksDelta, double matchedDelta, long eventTime, Evidence[] evidence) {
        this(
                prefix,
                pagesDelta,
                chunksDelta,
                matchedDelta,
                eventTime,
                evidence,
                Math.signum(pagesDelta) * (double) chunksDelta * chunksDelta,
                Math.signum(pagesDelta) * matchedDelta * matchedDelta,
                Math.signum(pagesDelta) * chunksDelta * matchedDelta,
                SourceChunks.NONE);
    }

    /** The change from a page's earlier contribution ({@code 0, 0} for none) to its new one ({@code 0, 0} for none). */
    public static PrefixDelta between(
            String prefix,
            long chunksBefore,
            double matchedBefore,
            long chunksAfter,
            double matchedAfter,
            long eventTime,
            Evidence[] evidence) {
        return between(
                prefix, chunksBefore, matchedBefore, chunksAfter, matchedAfter, eventTime, evidence, SourceChunks.NONE);
    }

    /**
     * As {@link #between(String, long, double, long, double, long, Evidence[])}, with the change of labelled chunks per
     * source ({@code sources}: the new tallies less the old).
     */
    public static PrefixDelta between(
            String prefix,
            long chunksBefore,
            double matchedBefore,
            long chunksAfter,
            double matchedAfter,
            long eventTime,
            Evidence[] evidence,
            SourceChunks[] sources) {
        int pagesDelta =
                (chunksAfter > 0 || matchedAfter > 0 ? 1 : 0) - (chunksBefore > 0 || matchedBefore > 0 ? 1 : 0);
        return new PrefixDelta(
                prefix,
                pagesDelta,
                chunksAfter - chunksBefore,
                matchedAfter - matchedBefore,
                eventTime,
                evidence,
                (double) chunksAfter * chunksAfter - (double) chunksBefore * chunksBefore,
                matchedAfter * matchedAfter - matchedBefore * matchedBefore,
                chunksAfter * matchedAfter - chunksBefore * matchedBefore,
                sources);
    }

    /** The sum of two changes of one neighbourhood (the later event time, evidence and sources merged by the caller). */
    public PrefixDelta plus(PrefixDelta other, Evidence[] mergedEvidence, SourceChunks[] mergedSources) {
        return new PrefixDelta(
                prefix,
                pagesDelta + other.pagesDelta,
                chunksDelta + other.chunksDelta,
                matchedDelta + other.matchedDelta,
                Math.max(eventTime, other.eventTime),
                mergedEvidence,
                chunksSquaredDelta + other.chunksSquaredDelta,
                matchedSquaredDelta + other.matchedSquaredDelta,
                productsDelta + other.productsDelta,
                mergedSources);
    }

    /**
     * A total order over changes by what they say (event time first, then every field): changes that arrive at once
     * from several upstream tasks are applied in this order, so the neighbourhood passes through the same states in
     * every run. Two changes equal in this order are identical, so their order does not matter.
     */
    public static final Comparator<PrefixDelta> CANONICAL_ORDER = Comparator.comparingLong(PrefixDelta::eventTime)
            .thenComparingInt(PrefixDelta::pagesDelta)
            .thenComparingLong(PrefixDelta::chunksDelta)
            .thenComparingDouble(PrefixDelta::matchedDelta)
            .thenComparingDouble(PrefixDelta::chunksSquaredDelta)
            .thenComparingDouble(PrefixDelta::matchedSquaredDelta)
            .thenComparingDouble(PrefixDelta::productsDelta)
            .thenComparing(PrefixDelta::evidenceKey)
            .thenComparing(PrefixDelta::sourcesKey);

    private static String evidenceKey(PrefixDelta delta) {
        StringBuilder key = new StringBuilder();
        if (delta.evidence != null) {
            for (Evidence e : delta.evidence) {
                key.append(e.hash())
                        .append(',')
                        .append(e.kind())
                        .append(',')
                        .append(e.source())
                        .append(';');
            }
        }
        return key.toString();
    }

    private static String sourcesKey(PrefixDelta delta) {
        StringBuilder key = new StringBuilder();
        if (delta.sources != null) {
            for (SourceChunks s : delta.sources) {
                key.append(s.source()).append(',').append(s.sourceChunks()).append(',');
                key.append(Arrays.toString(s.chunks()))
                        .append(Arrays.toString(s.counts()))
                        .append(';');
            }
        }
        return key.toString();
    }
}
