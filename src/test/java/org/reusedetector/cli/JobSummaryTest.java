package org.reusedetector.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.JobID;
import org.apache.flink.util.OptionalFailure;
import org.junit.jupiter.api.Test;
import org.reusedetector.detection.Metrics;

class JobSummaryTest {

    @Test
    void theProcessingSpanRunsFromTheFirstPageParsedToTheLastPageMatched() {
        JobSummary summary = JobSummary.of(new JobExecutionResult(
                new JobID(),
                9_000,
                Map.of(
                        Metrics.PAGE_BYTES_PARSED, OptionalFailure.of(50_000_000L),
                        Metrics.FIRST_PAGE_PARSED_MILLIS, OptionalFailure.of(1_000_000L),
                        Metrics.LAST_PAGE_MATCHED_MILLIS, OptionalFailure.of(1_002_500L))));

        assertThat(summary.seconds()).isEqualTo(9.0); // with the job's start and its final checkpoint
        assertThat(summary.processingSeconds()).isEqualTo(2.5);
    }

    @Test
    void withoutTheSpanTheWholeRunCounts() {
        JobSummary summary = JobSummary.of(new JobExecutionResult(new JobID(), 9_000, Map.of()));

        assertThat(summary.processingSeconds()).isEqualTo(9.0);
    }
}
