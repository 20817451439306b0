package org.reusedetector.detection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.reusedetector.detection.TestPages.paragraph;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
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
import org.reusedetector.model.Label;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.page.Sha1;
import org.reusedetector.signal.Signals;

/**
 * The keyed label mode gives the broadcast mode's page scores and alerts: the same crawl (the fixtures of
 * {@link DetectionWorkflowITCase} and {@link SourceCoverageITCase}) with labels of every kind (chunk, file, stop,
 * removed, discovered with a copy family, invalid), in both modes, on a mini cluster at parallelism 2.
 */
public class KeyedLabelsITCase {

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER =
            new MiniClusterExtension(new MiniClusterResourceConfiguration.Builder()
                    .setNumberTaskManagers(1)
                    .setNumberSlotsPerTaskManager(2)
                    .build());

    private static final String RUN = "keyed-run";

    static List<SourceRecord> corpus() {
        List<SourceRecord> pages = new ArrayList<>(DetectionWorkflowITCase.corpus());
        for (SourceRecord page : SourceCoverageITCase.corpus()) {
            // the coverage fixture's clean hosts are named as the other fixture's: moved to hosts of their own
            pages.add(new SourceRecord(page.value().replace("://clean", "://other-clean"), page.origin()));
        }
        return pages;
    }

    static List<SourceRecord> labels() {
        List<SourceRecord> labels = new ArrayList<>();
        for (SourceRecord label : DetectionWorkflowITCase.labels()) {
            if (!label.value().contains("\"snapshot\"")) {
                labels.add(label);
            }
        }
        for (SourceRecord label : SourceCoverageITCase.labels()) {
            if (!label.value().contains("\"snapshot\"")) {
                labels.add(label);
            }
        }
        // template chunk of a clean host: removed before scoring
        labels.add(TestPages.labelOfKind(TestPages.chunkHash(paragraph("clean-1-0-0")), Label.KIND_STOP, "add"));
        // added, then removed: matches nothing
        labels.add(TestPages.label(paragraph("clean-2-0-0"), "add"));
        labels.add(TestPages.label(paragraph("clean-2-0-0"), "remove"));
        // an expert label, and the same hash found again by blind discovery, then the expert's removed
        labels.add(TestPages.label(paragraph("clean-5-1-1"), "add"));
        // blind discovery's chunks of a copy family, on every page of a host
        for (int i = 0; i < 5; i++) {
            for (int k = 0; k < 4; k++) {
                labels.add(discovered(TestPages.chunkHash(paragraph("clean-3-" + i + "-" + k)), "chunk", "fam-3"));
            }
        }
        labels.add(discovered(TestPages.chunkHash(paragraph("clean-5-1-1")), "chunk", "fam-5"));
        labels.add(TestPages.label(paragraph("clean-5-1-1"), "remove"));
        // a whole file: a clean page, byte for byte
        List<String> paragraphs = new ArrayList<>();
        for (int k = 0; k < 7; k++) {
            paragraphs.add(paragraph("clean-4-0-" + k));
        }
        byte[] file = TestPages.hashed(
                        TestPages.settings(null, 0),
                        "https://clean4.example/p0.html",
                        0,
                        paragraphs.toArray(new String[0]))
                .fileHash();
        labels.add(TestPages.labelOfKind(Sha1.hex(file), Label.KIND_FILE, "add"));
        labels.add(TestPages.marker(RUN, 0));
        return labels;
    }

    private static SourceRecord discovered(String hash, String kind, String family) {
        return new SourceRecord(
                Json.write(new Label(hash, kind, "add", "discover:run-1", null, 4L, 3L, null, family)), "labels/0/1");
    }

    /** Page scores, alerts (without the time they were raised) and dead letters of one run, as sorted JSON lines. */
    private static Result run(String mode) throws Exception {
        Configuration conf = new Configuration();
        conf.setString("pipeline.generic-types", "false");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        DetectionSettings settings = TestPages.settings(
                RUN,
                1,
                "neighborhood.min-neighborhoods=12",
                "neighborhood.min-pages=5",
                "labels.mode=" + mode,
                "labels.keyed.partitions=4");
        assertThat(settings.keyedLabels() != null).isEqualTo(mode.equals("KEYED"));
        DataStream<SourceRecord> pages = env.fromData(corpus(), TypeInformation.of(SourceRecord.class));
        DataStream<SourceRecord> labels = env.fromData(labels(), TypeInformation.of(SourceRecord.class));
        DetectionWorkflow.Outputs out =
                DetectionWorkflow.define(pages, labels, settings, Signals.enabled(settings), Duration.ofHours(1));
        DataStream<String> lines = out.pageScores()
                .map(s -> "score " + Json.write(s), Types.STRING)
                .union(
                        out.alerts().map(a -> "alert " + withoutTime(Json.write(a)), Types.STRING),
                        out.deadLetters().map(d -> "dead " + d.reason() + " " + d.origin(), Types.STRING));
        Result result = new Result();
        lines.executeAndCollect().forEachRemaining(line -> {
            if (line.startsWith("alert ") && line.contains("\"type\":\"neighborhood\"")) {
                // when a neighbourhood crosses depends on how the parallel tasks interleave: its prefix is compared
                result.neighbourhoods.add(node(line.substring(6)).get("prefix").asText());
            } else {
                result.lines.add(line);
            }
        });
        return result;
    }

    private static String withoutTime(String json) {
        ObjectNode node = node(json);
        node.remove("detected_at");
        return node.toString();
    }

    private static ObjectNode node(String json) {
        try {
            return Json.read(json, ObjectNode.class);
        } catch (Exception e) {
            throw new AssertionError(json, e);
        }
    }

    static final class Result {
        final TreeSet<String> lines = new TreeSet<>();
        final TreeSet<String> neighbourhoods = new TreeSet<>();
    }

    @Test
    void keyedLabelsGiveTheBroadcastModesScoresAndAlerts() throws Exception {
        Result broadcast = run("BROADCAST");
        Result keyed = run("KEYED");

        TreeSet<String> onlyBroadcast = new TreeSet<>(broadcast.lines);
        onlyBroadcast.removeAll(keyed.lines);
        TreeSet<String> onlyKeyed = new TreeSet<>(keyed.lines);
        onlyKeyed.removeAll(broadcast.lines);
        assertThat(onlyKeyed).as("only in keyed mode").isEmpty();
        assertThat(onlyBroadcast).as("only in broadcast mode").isEmpty();
        assertThat(keyed.neighbourhoods).isEqualTo(broadcast.neighbourhoods);
        // the fixture exercises what it means to: every label kind changed a score
        assertThat(broadcast.lines)
                .anyMatch(l ->
                        l.startsWith("score ") && l.contains("clean4.example/p0") && l.contains("\"file_match\":true"))
                .anyMatch(l -> l.startsWith("score ") && l.contains("family:fam-3"))
                .anyMatch(l -> l.startsWith("dead invalid-label"));
        assertThat(broadcast.lines.stream().filter(l -> l.startsWith("score ")))
                .hasSize(DetectionWorkflowITCase.corpus().size()
                        - 4
                        + SourceCoverageITCase.corpus().size());
        assertThat(broadcast.neighbourhoods).contains("https://copy.example/", "https://padded.example/docs/");
    }
}
