package org.reusedetector.discover;

import org.reusedetector.model.Label;

/**
 * What a discovery run did, as {@code summary.json}. Flat numbers so that the Flink job can build it by
 * merging partial summaries ({@link #merge}): counters add up, thresholds and texts come from the one
 * partial that knows them.
 *
 * @param run the run name
 * @param pages pages counted
 * @param countedChunks distinct countable chunks summed over the pages counted
 * @param recursionPages pages left out as crawler recursion errors
 * @param invalidUrlPages pages left out for an unusable URL
 * @param minChunkLength shortest chunk counted
 * @param thresholdRule the threshold rule, in words
 * @param templateRule the template rule, in words
 * @param chunkThreshold the chunk threshold chosen
 * @param fileThreshold the file threshold chosen
 * @param groupThreshold the floor of every host set's group threshold (0: no grouping); each host set's own is a page's
 *     worth of the pages its candidates sit on ({@link ThresholdRule#groupThreshold(long, long)})
 * @param distinctChunks distinct chunks counted
 * @param distinctFiles distinct files counted
 * @param frequentChunks chunks at or above the threshold
 * @param frequentFiles files at or above the threshold
 * @param chunkLabels chunks labelled
 * @param fileLabels files labelled
 * @param fewHosts frequent hashes left out for too few hosts
 * @param concentrated frequent hashes left out for a dominant host
 * @param boilerplate frequent hashes left out for repeating on many pages of every site that carries them
 * @param sameSite hashes left out for being on one site only (a publisher's own reuse)
 * @param stopLabels chunks published as stop labels (boilerplate on several sites)
 * @param smallGroup candidates left out because too few distinct hashes share their hosts
 */
public record DiscoverySummary(
        String run,
        long pages,
        long countedChunks,
        long recursionPages,
        long invalidUrlPages,
        long minChunkLength,
        String thresholdRule,
        String templateRule,
        long chunkThreshold,
        long fileThreshold,
        long groupThreshold,
        long distinctChunks,
        long distinctFiles,
        long frequentChunks,
        long frequentFiles,
        long chunkLabels,
        long fileLabels,
        long fewHosts,
        long concentrated,
        long boilerplate,
        long sameSite,
        long stopLabels,
        long smallGroup) {

    public static DiscoverySummary empty() {
        return new DiscoverySummary(null, 0, 0, 0, 0, 0, null, null, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    /** The part known from the parameters and thresholds. */
    public static DiscoverySummary ofRun(DiscoveryParams params, DiscoveryThresholds thresholds) {
        return new DiscoverySummary(
                params.run(),
                0,
                0,
                0,
                0,
                params.minChunkLength(),
                params.threshold().describe(),
                params.template().describe(),
                thresholds.chunkThreshold(),
                thresholds.fileThreshold(),
                thresholds.groupThreshold(),
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0);
    }

    /** The part some pages contribute: counted ones with {@code countedChunks} distinct countable chunks in all. */
    public static DiscoverySummary ofPages(long counted, long countedChunks, long recursion, long invalidUrl) {
        return new DiscoverySummary(
                null,
                counted,
                countedChunks,
                recursion,
                invalidUrl,
                0,
                null,
                null,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0);
    }

    /** The part one histogram row contributes (distinct hashes). */
    public static DiscoverySummary ofHistogram(HistogramRow row) {
        boolean file = Label.KIND_FILE.equals(row.kind());
        return new DiscoverySummary(
                null,
                0,
                0,
                0,
                0,
                0,
                null,
                null,
                0,
                0,
                0,
                file ? 0 : row.items(),
                file ? row.items() : 0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0);
    }

    /** The part one frequent hash contributes. */
    public static DiscoverySummary ofFrequent(HashCount count) {
        boolean file = Label.KIND_FILE.equals(count.kind());
        Verdict v = count.verdict();
        boolean label = v == Verdict.LABEL;
        return new DiscoverySummary(
                null,
                0,
                0,
                0,
                0,
                0,
                null,
                null,
                0,
                0,
                0,
                0,
                0,
                file ? 0 : 1,
                file ? 1 : 0,
                label && !file ? 1 : 0,
                label && file ? 1 : 0,
                v == Verdict.FEW_HOSTS ? 1 : 0,
                v == Verdict.CONCENTRATED ? 1 : 0,
                v == Verdict.BOILERPLATE ? 1 : 0,
                v == Verdict.SAME_SITE ? 1 : 0,
                v == Verdict.STOP ? 1 : 0,
                v == Verdict.SMALL_GROUP ? 1 : 0);
    }

    public DiscoverySummary merge(DiscoverySummary o) {
        return new DiscoverySummary(
                run != null ? run : o.run,
                pages + o.pages,
                countedChunks + o.countedChunks,
                recursionPages + o.recursionPages,
                invalidUrlPages + o.invalidUrlPages,
                Math.max(minChunkLength, o.minChunkLength),
                thresholdRule != null ? thresholdRule : o.thresholdRule,
                templateRule != null ? templateRule : o.templateRule,
                Math.max(chunkThreshold, o.chunkThreshold),
                Math.max(fileThreshold, o.fileThreshold),
                Math.max(groupThreshold, o.groupThreshold),
                distinctChunks + o.distinctChunks,
                distinctFiles + o.distinctFiles,
                frequentChunks + o.frequentChunks,
                frequentFiles + o.frequentFiles,
                chunkLabels + o.chunkLabels,
                fileLabels + o.fileLabels,
                fewHosts + o.fewHosts,
                concentrated + o.concentrated,
                boilerplate + o.boilerplate,
                sameSite + o.sameSite,
                stopLabels + o.stopLabels,
                smallGroup + o.smallGroup);
    }
}
