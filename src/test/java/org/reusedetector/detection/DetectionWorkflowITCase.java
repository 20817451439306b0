package org.reusedetector.detection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.reusedetector.detection.TestPages.page;
import static org.reusedetector.detection.TestPages.paragraph;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.reusedetector.format.Json;
import org.reusedetector.model.Alert;
import org.reusedetector.model.AlertType;
import org.reusedetector.model.DeadLetter;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.signal.Signals;

/** The whole detection topology on a mini cluster at parallelism 2, streaming mode, with exact expected output. */
public class DetectionWorkflowITCase {

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER =
            new MiniClusterExtension(new MiniClusterResourceConfiguration.Builder()
                    .setNumberTaskManagers(1)
                    .setNumberSlotsPerTaskManager(2)
                    .build());

    public static List<SourceRecord> corpus() {
        List<SourceRecord> pages = new ArrayList<>();
        // a copied site: every page carries two labelled paragraphs and one of its own → containment 2/3
        for (int i = 0; i < 6; i++) {
            pages.add(page(
                    "https://copy.example/docs/p" + i + ".html",
                    "2026-01-01T00:0" + i + ":00Z",
                    paragraph("expert-" + i + "-a"),
                    paragraph("expert-" + i + "-b"),
                    paragraph("own-" + i)));
        }
        // clean sites, one of which quotes a single labelled paragraph among seven of its own (1/8 < 0.144)
        for (int h = 0; h < 10; h++) {
            for (int i = 0; i < 5; i++) {
                List<String> paragraphs = new ArrayList<>();
                for (int k = 0; k < 7; k++) {
                    paragraphs.add(paragraph("clean-" + h + "-" + i + "-" + k));
                }
                if (h == 0 && i == 0) {
                    paragraphs.add(paragraph("expert-0-a"));
                }
                pages.add(page(
                        "https://clean" + h + ".example/p" + i + ".html",
                        "2026-01-01T01:00:00Z",
                        paragraphs.toArray(new String[0])));
            }
        }
        // a revisit of a copied page, now cleaned up: replaces its earlier contribution
        pages.add(page("https://copy.example/docs/p5.html", "2026-01-02T00:00:00Z", paragraph("rewritten-5")));
        // bad records
        pages.add(new SourceRecord("{not json", "bad-1"));
        pages.add(new SourceRecord("{\"fetched_at\":\"2026-01-01T00:00:00Z\",\"body\":\"<p>x</p>\"}", "bad-2"));
        pages.add(new SourceRecord(
                TestPages.pageJson("ftp://files.example/x", "2026-01-01T00:00:00Z", "<p>x</p>"), "bad-3"));
        pages.add(new SourceRecord(
                "{\"url\":\"https://x.example/a.pdf\",\"fetched_at\":\"2026-01-01T00:00:00Z\",\"content_type\":\"application/pdf\",\"body\":\"%PDF\"}",
                "bad-4"));
        return pages;
    }

    public static List<SourceRecord> labels() {
        List<SourceRecord> labels = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            labels.add(TestPages.label(paragraph("expert-" + i + "-a"), "add"));
            labels.add(TestPages.label(paragraph("expert-" + i + "-b"), "add"));
        }
        labels.add(new SourceRecord("{\"hash\":\"xyz\"}", "labels/0/99"));
        labels.add(TestPages.marker("it-run", 0));
        return labels;
    }

    @Test
    void streamsPagesAndLabelsIntoExactlyTheExpectedAlertsAndDeadLetters() throws Exception {
        Configuration conf = new Configuration();
        conf.setString("pipeline.generic-types", "false");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);

        DetectionSettings settings =
                TestPages.settings("it-run", 1, "neighborhood.min-neighborhoods=12", "neighborhood.min-pages=5");
        DataStream<SourceRecord> pages = env.fromData(corpus(), TypeInformation.of(SourceRecord.class));
        DataStream<SourceRecord> labels = env.fromData(labels(), TypeInformation.of(SourceRecord.class));
        DetectionWorkflow.Outputs out =
                DetectionWorkflow.define(pages, labels, settings, Signals.enabled(settings), Duration.ofHours(1));

        DataStream<String> results = out.alerts()
                .map(a -> "alert " + Json.write(a), Types.STRING)
                .union(out.deadLetters().map(d -> "dead " + Json.write(d), Types.STRING));
        List<String> collected = new ArrayList<>();
        results.executeAndCollect().forEachRemaining(collected::add);

        List<Alert> alerts = collected.stream()
                .filter(s -> s.startsWith("alert "))
                .map(s -> read(s.substring(6), Alert.class))
                .toList();
        List<DeadLetter> dead = collected.stream()
                .filter(s -> s.startsWith("dead "))
                .map(s -> read(s.substring(5), DeadLetter.class))
                .toList();

        List<Alert> pageAlerts =
                alerts.stream().filter(a -> a.type() == AlertType.PAGE).toList();
        assertThat(pageAlerts)
                .extracting(Alert::url)
                .containsExactlyInAnyOrder(
                        "https://copy.example/docs/p0.html",
                        "https://copy.example/docs/p1.html",
                        "https://copy.example/docs/p2.html",
                        "https://copy.example/docs/p3.html",
                        "https://copy.example/docs/p4.html",
                        "https://copy.example/docs/p5.html");
        assertThat(pageAlerts).allSatisfy(a -> {
            assertThat(a.badness()).isEqualTo(2.0 / 3);
            assertThat(a.chunks()).isEqualTo(3);
            assertThat(a.matchedChunks()).isEqualTo(2);
            assertThat(a.threshold()).isEqualTo(0.144);
            assertThat(a.evidence()).hasSize(2);
            assertThat(a.evidence()[0].source()).isEqualTo("test");
        });

        // copy.example/ and copy.example/docs/ cross mean + 1 sd once the statistic has its 12 neighbourhoods
        List<Alert> neighbourhoodAlerts =
                alerts.stream().filter(a -> a.type() == AlertType.NEIGHBORHOOD).toList();
        assertThat(neighbourhoodAlerts)
                .extracting(Alert::prefix)
                .containsExactlyInAnyOrder("https://copy.example/", "https://copy.example/docs/");
        assertThat(neighbourhoodAlerts).allSatisfy(a -> {
            // pages at the moment of crossing depend on how the parallel subtasks interleave: at least min-pages
            assertThat(a.pages()).isBetween(5L, 6L);
            assertThat(a.badness()).isGreaterThan(a.threshold());
            assertThat(a.evidence()).isNotEmpty();
        });
        assertThat(alerts).hasSize(8);

        assertThat(dead)
                .extracting(DeadLetter::reason)
                .containsExactlyInAnyOrder("invalid-json", "missing-field", "invalid-url", "not-html", "invalid-label");
        assertThat(dead)
                .extracting(DeadLetter::origin)
                .containsExactlyInAnyOrder("bad-1", "bad-2", "bad-3", "bad-4", "labels/0/99");
        assertThat(dead.stream()
                        .filter(d -> d.origin().equals("bad-1"))
                        .findFirst()
                        .orElseThrow()
                        .original())
                .isEqualTo("{not json");
    }

    private static <T> T read(String json, Class<T> type) {
        try {
            return Json.read(json, type);
        } catch (Exception e) {
            throw new AssertionError(json, e);
        }
    }

    static String describe(List<?> items) {
        return items.stream().map(Object::toString).collect(Collectors.joining("\n"));
    }
}
