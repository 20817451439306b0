package org.reusedetector.cli;

import org.apache.flink.api.common.JobExecutionResult;
import org.reusedetector.batch.BackfillOutput;
import org.reusedetector.detection.Metrics;

/** The totals of a finished (bounded) detection job, from its accumulators, with throughput. */
public record JobSummary(
        long records,
        long pages,
        long bytes,
        long chunks,
        long scored,
        long deadLetters,
        long pageAlerts,
        long neighbourhoodAlerts,
        long millis) {

    static JobSummary of(JobExecutionResult result) {
        return new JobSummary(
                count(result, Metrics.RECORDS_READ),
                count(result, Metrics.PAGES_PARSED),
                count(result, Metrics.PAGE_BYTES_PARSED),
                count(result, Metrics.CHUNKS_HASHED),
                count(result, Metrics.PAGES_SCORED),
                count(result, Metrics.DEAD_LETTERS),
                count(result, Metrics.PAGE_ALERTS),
                count(result, Metrics.NEIGHBORHOOD_ALERTS),
                result.getNetRuntime());
    }

    private static long count(JobExecutionResult result, String name) {
        Object value = result.getAccumulatorResult(name);
        return value instanceof Number n ? n.longValue() : 0;
    }

    /** The totals a backfill's summary needs. */
    BackfillOutput.JobTotals totals(boolean index) {
        return new BackfillOutput.JobTotals(records, pages, scored, pageAlerts, deadLetters, seconds(), index);
    }

    /** These totals with the neighbourhood alerts a batch judged after the job (its accumulator counts only the stream's). */
    JobSummary withNeighbourhoodAlerts(long alerts) {
        return new JobSummary(records, pages, bytes, chunks, scored, deadLetters, pageAlerts, alerts, millis);
    }

    public double seconds() {
        return Math.max(1, millis) / 1000.0;
    }

    @Override
    public String toString() {
        return String.format(
                "Done in %.1f s: %d records read, %d pages parsed (%.1f MB, %d chunks), %d scored, %d dead letters, %d page/file alerts, %d neighborhood alerts; "
                        + "%.0f pages/s, %.1f MB/s",
                seconds(),
                records,
                pages,
                bytes / 1e6,
                chunks,
                scored,
                deadLetters,
                pageAlerts,
                neighbourhoodAlerts,
                pages / seconds(),
                bytes / 1e6 / seconds());
    }
}
