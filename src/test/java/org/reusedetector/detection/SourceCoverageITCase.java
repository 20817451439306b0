package org.reusedetector.detection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.reusedetector.detection.TestPages.page;
import static org.reusedetector.detection.TestPages.paragraph;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.reusedetector.batch.BackfillWorkflow;
import org.reusedetector.format.Json;
import org.reusedetector.model.Alert;
import org.reusedetector.model.AlertType;
import org.reusedetector.model.Copy;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.signal.Signals;

/**
 * A site copied whole and padded with ads, so that its badness is under the threshold's floor: source coverage finds
 * it, in the stream and in the batch, and its alert names the copied site with its coverage. Mini cluster, parallelism 2.
 */
public class SourceCoverageITCase {

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER =
            new MiniClusterExtension(new MiniClusterResourceConfiguration.Builder()
                    .setNumberTaskManagers(1)
                    .setNumberSlotsPerTaskManager(2)
                    .build());

    private static final int COPIED_PAGES = 8;
    private static final int SOURCE_PARAGRAPHS_PER_PAGE = 3;
    private static final int ADS_PER_PAGE = 100;

    static List<SourceRecord> corpus() {
        List<SourceRecord> pages = new ArrayList<>();
        for (int i = 0; i < COPIED_PAGES; i++) {
            List<String> paragraphs = new ArrayList<>();
            for (int k = 0; k < SOURCE_PARAGRAPHS_PER_PAGE; k++) {
                paragraphs.add(paragraph("expert-" + i + "-" + k));
            }
            for (int k = 0; k < ADS_PER_PAGE; k++) {
                paragraphs.add(paragraph("ad-" + i + "-" + k));
            }
            pages.add(page(
                    "https://padded.example/docs/p" + i + ".html",
                    "2026-01-01T00:0" + i + ":00Z",
                    paragraphs.toArray(new String[0])));
        }
        for (int h = 0; h < 12; h++) {
            for (int i = 0; i < 5; i++) {
                List<String> paragraphs = new ArrayList<>();
                for (int k = 0; k < 6; k++) {
                    paragraphs.add(paragraph("clean-" + h + "-" + i + "-" + k));
                }
                if (h == 0 && i == 0) { // a quote of the source: one chunk of it, far from covering it
                    paragraphs.add(paragraph("expert-0-" + i));
                }
                pages.add(page(
                        "https://clean" + h + ".example/p" + i + ".html",
                        "2026-01-01T01:00:00Z",
                        paragraphs.toArray(new String[0])));
            }
        }
        return pages;
    }

    static List<SourceRecord> labels() {
        List<SourceRecord> labels = new ArrayList<>();
        for (int i = 0; i < COPIED_PAGES; i++) {
            for (int k = 0; k < SOURCE_PARAGRAPHS_PER_PAGE; k++) {
                labels.add(TestPages.label(paragraph("expert-" + i + "-" + k), "add"));
            }
        }
        labels.add(TestPages.marker("coverage-run", 0));
        return labels;
    }

    private static void assertCoverageAlerts(List<Alert> alerts) {
        List<Alert> neighbourhoods =
                alerts.stream().filter(a -> a.type() == AlertType.NEIGHBORHOOD).toList();
        assertThat(neighbourhoods)
                .extracting(Alert::prefix)
                .containsExactlyInAnyOrder("https://padded.example/", "https://padded.example/docs/");
        assertThat(neighbourhoods).allSatisfy(a -> {
            assertThat(a.badness()).isLessThan(0.05); // diluted below the floor: the badness alone says nothing
            assertThat(a.copies()).isNotEmpty();
            Copy copy = a.copies()[0];
            assertThat(copy.source()).isEqualTo("expert.example");
            assertThat(copy.sourceChunks()).isEqualTo(COPIED_PAGES * SOURCE_PARAGRAPHS_PER_PAGE);
            assertThat(copy.chunks()).isGreaterThanOrEqualTo(20);
            assertThat(copy.coverage()).isGreaterThanOrEqualTo(0.3);
            assertThat(copy.exampleUrl()).isEqualTo("https://expert.example/p.html");
        });
    }

    @Test
    void theStreamAlertsADilutedCopyByItsCoverage() throws Exception {
        Configuration conf = new Configuration();
        conf.setString("pipeline.generic-types", "false");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        DetectionSettings settings = TestPages.settings("coverage-run", 1, "neighborhood.min-neighborhoods=5");
        DetectionWorkflow.Outputs out = DetectionWorkflow.define(
                env.fromData(corpus(), TypeInformation.of(SourceRecord.class)),
                env.fromData(labels(), TypeInformation.of(SourceRecord.class)),
                settings,
                Signals.enabled(settings),
                Duration.ofHours(1));
        List<Alert> alerts = new ArrayList<>();
        out.alerts().map(Json::write, Types.STRING).executeAndCollect().forEachRemaining(s -> alerts.add(read(s)));
        assertCoverageAlerts(alerts);
        assertThat(alerts).noneMatch(a -> a.type() == AlertType.CLEARED);
    }

    @Test
    void theBatchAlertsTheSameCopyWithTheSameCoverage() throws Exception {
        Configuration conf = new Configuration();
        conf.setString("pipeline.generic-types", "false");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        env.setRuntimeMode(RuntimeExecutionMode.BATCH);
        DetectionSettings settings = TestPages.settings("coverage-run", 1);
        DataStream<SourceRecord> pages = env.fromData(corpus(), TypeInformation.of(SourceRecord.class));
        DataStream<SourceRecord> labels = env.fromData(labels(), TypeInformation.of(SourceRecord.class));
        BackfillWorkflow.Outputs out = BackfillWorkflow.fromPages(pages, labels, settings);
        List<Alert> alerts = new ArrayList<>();
        out.alerts().map(Json::write, Types.STRING).executeAndCollect().forEachRemaining(s -> alerts.add(read(s)));
        assertCoverageAlerts(alerts);
    }

    private static Alert read(String json) {
        try {
            return Json.read(json, Alert.class);
        } catch (Exception e) {
            throw new AssertionError(json, e);
        }
    }
}
