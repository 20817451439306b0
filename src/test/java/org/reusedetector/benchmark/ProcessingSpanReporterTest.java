package org.reusedetector.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Properties;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MetricConfig;
import org.apache.flink.metrics.SimpleCounter;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.junit.jupiter.api.Test;
import org.reusedetector.detection.Metrics;
import org.reusedetector.detection.OperatorIds;

class ProcessingSpanReporterTest {

    /** A metric group of the named operator, as Flink's scope variables name it. */
    private static UnregisteredMetricsGroup operator(String name) {
        return new UnregisteredMetricsGroup() {
            @Override
            public Map<String, String> getAllVariables() {
                return Map.of("<operator_name>", name);
            }
        };
    }

    @Test
    void theSpanRunsFromTheFirstPageParsedToTheLastPageMatched() throws Exception {
        ProcessingSpanReporter.reset();
        ProcessingSpanReporter reporter =
                (ProcessingSpanReporter) new ProcessingSpanReporter.Factory().createMetricReporter(new Properties());
        reporter.open(new MetricConfig());
        Counter parsed = new SimpleCounter();
        Counter scored = new SimpleCounter();
        Counter nearDuplicatesIn = new SimpleCounter();
        Counter otherIn = new SimpleCounter();
        reporter.notifyOfAddedMetric(parsed, Metrics.PAGES_PARSED, operator(OperatorIds.PARSE_AND_HASH));
        reporter.notifyOfAddedMetric(scored, Metrics.PAGES_SCORED, operator(OperatorIds.MATCH_LABELS));
        reporter.notifyOfAddedMetric(nearDuplicatesIn, "numRecordsIn", operator(OperatorIds.MATCH_NEAR_DUPLICATES));
        reporter.notifyOfAddedMetric(otherIn, "numRecordsIn", operator(OperatorIds.MATCH_LABELS));

        reporter.report(); // nothing parsed yet: no start
        Thread.sleep(200);
        parsed.inc();
        reporter.report();
        scored.inc();
        Thread.sleep(200);
        nearDuplicatesIn.inc(); // the near-duplicate matcher takes the last page in
        reporter.report();
        Thread.sleep(300);
        otherIn.inc(); // not a page matched: does not move the end
        reporter.report();
        reporter.close();

        // 0.2 s from the first page parsed to the last taken in; 0.5 s had the other operator's input counted
        assertThat(ProcessingSpanReporter.seconds(Double.NaN)).isBetween(0.19, 0.45);
    }

    @Test
    void withoutAReporterTheFallbackCounts() {
        ProcessingSpanReporter.reset();
        assertThat(ProcessingSpanReporter.seconds(9.0)).isEqualTo(9.0);
    }

    @Test
    void theSettingsNameTheFactoryAndAnInterval() {
        assertThat(ProcessingSpanReporter.SETTINGS)
                .containsExactly(
                        "flink.metrics.reporter.processing-span.factory.class="
                                + ProcessingSpanReporter.Factory.class.getName(),
                        "flink.metrics.reporter.processing-span.interval=20 ms");
    }
}
