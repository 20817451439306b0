package org.reusedetector.batch;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.DetectionWorkflow;
import org.reusedetector.detection.DetectionWorkflowITCase;
import org.reusedetector.detection.TestPages;
import org.reusedetector.format.Json;
import org.reusedetector.model.Alert;
import org.reusedetector.model.AlertType;
import org.reusedetector.model.PageScore;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.score.RunningStats;
import org.reusedetector.signal.Signals;

/** {@code detect}'s workflow in BATCH mode at parallelism 2, with known answers, and against the streaming scores. */
class BackfillWorkflowITCase {

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER =
            new MiniClusterExtension(new MiniClusterResourceConfiguration.Builder()
                    .setNumberTaskManagers(1)
                    .setNumberSlotsPerTaskManager(2)
                    .build());

    private static StreamExecutionEnvironment env(RuntimeExecutionMode mode) {
        Configuration conf = new Configuration();
        conf.setString("pipeline.generic-types", "false");
        conf.setString("execution.runtime-mode", mode.name());
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        return env;
    }

    private static List<SourceRecord> labelsWithoutMarker() {
        return DetectionWorkflowITCase.labels().stream()
                .filter(r -> !r.value().contains("snapshot"))
                .toList();
    }

    @Test
    void backfillGivesExactPageAndNeighbourhoodResultsWithTheExactThreshold() throws Exception {
        StreamExecutionEnvironment env = env(RuntimeExecutionMode.BATCH);
        // the paper's statistic, unbounded: the exact mean + sigma over the final neighbourhoods
        DetectionSettings settings = TestPages.settings(
                null,
                0,
                "neighborhood.min-pages=5",
                "neighborhood.statistic=MEAN",
                "neighborhood.threshold-floor=0",
                "neighborhood.threshold-ceiling=1");
        BackfillWorkflow.Outputs out = BackfillWorkflow.fromPages(
                env.fromData(DetectionWorkflowITCase.corpus(), TypeInformation.of(SourceRecord.class)),
                env.fromData(labelsWithoutMarker(), TypeInformation.of(SourceRecord.class)),
                settings);
        DataStream<String> all = out.pages()
                .map(p -> "page " + Json.write(p), Types.STRING)
                .union(
                        out.neighbourhoods().map(n -> "nbhd " + Json.write(n), Types.STRING),
                        out.alerts().map(a -> "alert " + Json.write(a), Types.STRING),
                        out.deadLetters().map(d -> "dead " + d.reason(), Types.STRING));
        List<String> lines = new ArrayList<>();
        all.executeAndCollect().forEachRemaining(lines::add);

        List<PageResult> pages = parse(lines, "page ", PageResult.class);
        assertThat(pages).hasSize(57); // 56 page records, one of them a revisit, all scored
        assertThat(pages)
                .filteredOn(PageResult::partialTarget)
                .extracting(PageResult::url)
                .hasSize(6)
                .allMatch(u -> u.startsWith("https://copy.example/"));
        assertThat(pages)
                .filteredOn(p -> p.url().equals("https://clean0.example/p0.html"))
                .singleElement()
                .satisfies(p -> assertThat(p.badness()).isEqualTo(1.0 / 8));

        List<NeighbourhoodResult> neighbourhoods = parse(lines, "nbhd ", NeighbourhoodResult.class);
        Map<String, NeighbourhoodResult> byPrefix =
                neighbourhoods.stream().collect(Collectors.toMap(NeighbourhoodResult::prefix, n -> n));
        assertThat(byPrefix).hasSize(12); // copy.example/, copy.example/docs/, clean0..9.example/
        double copyBadness = (5 * 2.0 + 0.0)
                / (5 * 3 + 1); // contains(L, N) over the chunk vector; the revisit of p5 replaced its copied version
        assertThat(byPrefix.get("https://copy.example/docs/").badness()).isCloseTo(copyBadness, Offset.offset(1e-12));
        assertThat(byPrefix.get("https://copy.example/docs/").pages()).isEqualTo(6);
        assertThat(byPrefix.get("https://clean0.example/").badness())
                .isCloseTo(1.0 / 36, Offset.offset(1e-12)); // 1 of 8 + 4 * 7 chunks

        RunningStats expected = new RunningStats();
        expected.add(copyBadness);
        expected.add(copyBadness);
        expected.add(1.0 / 36);
        for (int i = 0; i < 9; i++) {
            expected.add(0.0);
        }
        double threshold = expected.mean() + expected.standardDeviation();
        assertThat(neighbourhoods).allSatisfy(n -> assertThat(n.threshold()).isCloseTo(threshold, Offset.offset(1e-9)));
        assertThat(neighbourhoods)
                .filteredOn(NeighbourhoodResult::bad)
                .extracting(NeighbourhoodResult::prefix)
                .containsExactlyInAnyOrder("https://copy.example/", "https://copy.example/docs/");

        List<Alert> alerts = parse(lines, "alert ", Alert.class);
        assertThat(alerts).filteredOn(a -> a.type() == AlertType.NEIGHBORHOOD).hasSize(2);
        assertThat(alerts).filteredOn(a -> a.type() == AlertType.PAGE).hasSize(6);
        assertThat(lines.stream().filter(l -> l.startsWith("dead ")).map(l -> l.substring(5)))
                .containsExactlyInAnyOrder("invalid-json", "missing-field", "invalid-url", "not-html", "invalid-label");
    }

    @Test
    void batchAndStreamingScoreEveryPageIdentically() throws Exception {
        DetectionSettings settings = TestPages.settings("it-run", 1);
        StreamExecutionEnvironment streaming = env(RuntimeExecutionMode.STREAMING);
        DataStream<PageScore> streamed = DetectionWorkflow.define(
                        streaming.fromData(DetectionWorkflowITCase.corpus(), TypeInformation.of(SourceRecord.class)),
                        streaming.fromData(DetectionWorkflowITCase.labels(), TypeInformation.of(SourceRecord.class)),
                        settings,
                        Signals.enabled(settings),
                        Duration.ofHours(1))
                .pageScores();
        List<String> streamScores = new ArrayList<>();
        streamed.map(
                        s -> s.url() + " " + s.eventTime() + " " + s.chunks() + " " + s.matchedChunks() + " "
                                + s.badness() + " " + s.fileMatch(),
                        Types.STRING)
                .executeAndCollect()
                .forEachRemaining(streamScores::add);

        StreamExecutionEnvironment batch = env(RuntimeExecutionMode.BATCH);
        BackfillWorkflow.Outputs out = BackfillWorkflow.fromPages(
                batch.fromData(DetectionWorkflowITCase.corpus(), TypeInformation.of(SourceRecord.class)),
                batch.fromData(labelsWithoutMarker(), TypeInformation.of(SourceRecord.class)),
                settings);
        List<String> batchScores = new ArrayList<>();
        out.pages()
                .map(
                        p -> p.url() + " " + p.chunks() + " " + p.matchedChunks() + " " + p.badness() + " "
                                + p.fileMatch(),
                        Types.STRING)
                .executeAndCollect()
                .forEachRemaining(batchScores::add);

        assertThat(streamScores).hasSize(57);
        assertThat(batchScores)
                .containsExactlyInAnyOrderElementsOf(streamScores.stream()
                        .map(s -> s.replaceFirst(" \\d+ ", " "))
                        .toList()); // batch results carry no event time
    }

    private static <T> List<T> parse(List<String> lines, String prefix, Class<T> type) {
        return lines.stream()
                .filter(l -> l.startsWith(prefix))
                .map(l -> {
                    try {
                        return Json.read(l.substring(prefix.length()), type);
                    } catch (Exception e) {
                        throw new AssertionError(l, e);
                    }
                })
                .toList();
    }
}
