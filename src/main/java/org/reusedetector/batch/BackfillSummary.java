package org.reusedetector.batch;

/**
 * What a backfill did, as its {@code summary.json}.
 *
 * @param input the pages read
 * @param labels the labels file
 * @param records input records read (pages and dead letters of the parse), or {@code null} when read from a hash index
 * @param pages pages parsed, or {@code null} when read from a hash index (no parsing)
 * @param pagesScored pages matched against the labels
 * @param partialTargets page and file alerts
 * @param deadLetters records that were not usable pages
 * @param neighborhoods neighbourhoods with at least one page
 * @param neighborhoodsCounted neighbourhoods in the threshold statistic (enough pages)
 * @param badNeighborhoods neighbourhoods above the threshold
 * @param badnessMean mean badness of the neighbourhoods counted ({@code null}, left out, when none counts)
 * @param badnessStddev its standard deviation ({@code null} when none counts)
 * @param pageThreshold the page threshold
 * @param neighborhoodThreshold the neighbourhood threshold (exact over the whole corpus; {@code null} when no
 *     neighbourhood counts)
 * @param neighborhoodThresholdRule the threshold rule, in words
 * @param neighborhoodMinPages fewest pages of a neighbourhood that counts
 * @param stopChunkMinLength shortest chunk scored
 * @param contentForm what chunk hashes cover
 * @param seconds run time of the job
 * @param alerts the alerts written to {@code alerts.jsonl}, by type (page, file, neighborhood, ...)
 */
public record BackfillSummary(
        String input,
        String labels,
        Long records,
        Long pages,
        long pagesScored,
        long partialTargets,
        long deadLetters,
        long neighborhoods,
        long neighborhoodsCounted,
        long badNeighborhoods,
        Double badnessMean,
        Double badnessStddev,
        double pageThreshold,
        Double neighborhoodThreshold,
        String neighborhoodThresholdRule,
        int neighborhoodMinPages,
        int stopChunkMinLength,
        String contentForm,
        double seconds,
        java.util.Map<String, Long> alerts) {}
