package org.reusedetector.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.nio.file.Path;
import org.apache.flink.streaming.util.ProcessFunctionTestHarnesses;
import org.junit.jupiter.api.Test;
import org.reusedetector.model.Evidence;
import org.reusedetector.model.PrefixDelta;
import org.reusedetector.score.NeighbourhoodThreshold;
import org.reusedetector.score.RunningStats;

/** The backfill's judge in Flink's broadcast test harness: every neighbourhood against the exact statistic. */
class JudgeNeighbourhoodsTest {

    private static final NeighbourhoodThreshold RULE =
            NeighbourhoodThreshold.paper(5, 20, 1.0, Double.NaN).forWholeCorpus();

    @Test
    void judgesFinalTotalsAgainstMeanPlusOneStandardDeviation() throws Exception {
        BadnessStatistic statistic =
                BadnessStatistic.of(0.1).plus(BadnessStatistic.of(0.1)).plus(BadnessStatistic.of(0.9));
        RunningStats stats = statistic.toRunningStats();
        double threshold = stats.mean() + stats.standardDeviation();
        Evidence evidence = new Evidence("a".repeat(40), "chunk", "discover:r", null);
        try (var h = ProcessFunctionTestHarnesses.forBroadcastProcessFunction(
                new BackfillWorkflow.JudgeNeighbourhoods(RULE), BackfillWorkflow.STATISTIC)) {
            h.processBroadcastElement(statistic, 0);
            h.processElement(
                    new PrefixDelta("https://bad.example/", 10, 100, 90.0, 7L, new Evidence[] {evidence}),
                    1); // badness 0.9
            h.processElement(
                    new PrefixDelta("https://ok.example/", 10, 100, 10.0, 8L, new Evidence[0]), 2); // badness 0.1
            h.processElement(
                    new PrefixDelta("https://small.example/", 2, 20, 20.0, 9L, new Evidence[0]),
                    3); // badness 1, too few pages

            assertThat(h.extractOutputValues())
                    .extracting(
                            NeighbourhoodResult::prefix,
                            NeighbourhoodResult::pages,
                            NeighbourhoodResult::badness,
                            NeighbourhoodResult::bad,
                            NeighbourhoodResult::threshold,
                            NeighbourhoodResult::eventTime)
                    .containsExactly(
                            tuple("https://bad.example/", 10L, 0.9, true, threshold, 7L),
                            tuple("https://ok.example/", 10L, 0.1, false, threshold, 8L),
                            tuple("https://small.example/", 2L, 1.0, false, threshold, 9L));
            assertThat(h.extractOutputValues().get(0).evidence()).containsExactly(evidence);
        }
    }

    @Test
    void aFixedThresholdNeedsNoStatistic() throws Exception {
        NeighbourhoodThreshold fixed =
                NeighbourhoodThreshold.paper(5, 20, 1.0, 0.5).forWholeCorpus();
        try (var h = ProcessFunctionTestHarnesses.forBroadcastProcessFunction(
                new BackfillWorkflow.JudgeNeighbourhoods(fixed), BackfillWorkflow.STATISTIC)) {
            h.processElement(new PrefixDelta("https://x.example/", 5, 50, 30.0, 1L, new Evidence[0]), 1);
            assertThat(h.extractOutputValues())
                    .extracting(NeighbourhoodResult::bad, NeighbourhoodResult::threshold)
                    .containsExactly(tuple(true, 0.5));
        }
    }

    @Test
    void withoutAnyCountedNeighbourhoodNothingIsBad() throws Exception {
        try (var h = ProcessFunctionTestHarnesses.forBroadcastProcessFunction(
                new BackfillWorkflow.JudgeNeighbourhoods(RULE), BackfillWorkflow.STATISTIC)) {
            h.processBroadcastElement(BadnessStatistic.empty(), 0);
            h.processElement(new PrefixDelta("https://x.example/", 5, 50, 50.0, 1L, new Evidence[0]), 1);
            assertThat(h.extractOutputValues()).singleElement().satisfies(n -> {
                assertThat(n.bad()).isFalse();
                assertThat(n.threshold()).as("not known: left out").isNull();
            });
            org.reusedetector.format.FiniteNumbers.assertFiniteJson(
                    h.extractOutputValues().get(0));
        }
    }

    @Test
    void aSummaryWithoutCountedNeighbourhoodsLeavesTheStatisticOut(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        BackfillOutput.prepare(dir);
        java.nio.file.Files.writeString(dir.resolve(BackfillOutput.STATISTIC), "");
        BackfillSummary summary = BackfillOutput.finish(
                dir,
                Path.of("pages.jsonl"),
                Path.of("labels.jsonl"),
                org.reusedetector.detection.TestPages.settings("run", 1),
                new BackfillOutput.JobTotals(0, 0, 0, 0, 0, 0.1, false));
        assertThat(summary.badnessMean()).isNull();
        assertThat(summary.neighborhoodThreshold()).isNull();
        String json = java.nio.file.Files.readString(dir.resolve(BackfillOutput.SUMMARY));
        org.reusedetector.format.FiniteNumbers.assertFinite(json);
        assertThat(json).doesNotContain("badness_mean").doesNotContain("\"neighborhood_threshold\"");
    }
}
