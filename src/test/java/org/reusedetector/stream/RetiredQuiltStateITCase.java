package org.reusedetector.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.format.Json;
import org.reusedetector.kafka.KafkaTopics;
import org.reusedetector.kafka.LabelsPublisher;
import org.reusedetector.kafka.PageReplayer;
import org.reusedetector.local.EmbeddedKafkaBroker;
import org.reusedetector.model.Alert;
import org.reusedetector.model.AlertType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A savepoint taken with the retired stream quilt signal on (the fixture {@code checkpoints/quilt-signal-on}, whose
 * state holds the quilt operators' gram index, pending pages and names) restores into today's job, which has no such
 * operators, with {@code execution.state-recovery.ignore-unclaimed-state} (without it Flink refuses the savepoint): the
 * quilt state is dropped, the rest
 * restores, and the alerts committed before the savepoint and after the restore are those of a run of the whole input
 * from scratch (for every page-level alert its key, type and badness; for every neighbourhood its latest record: the
 * fixture's verdicts were state of the retired {@code neighbourhood-alerts} operator and are not carried over).
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class RetiredQuiltStateITCase {

    private static final Logger LOG = LoggerFactory.getLogger(RetiredQuiltStateITCase.class);

    @TempDir
    Path dir;

    @Test
    void aSavepointWithTheQuiltSignalsStateRestoresWithoutItAndGivesTheAlertsOfARunFromScratch() throws Exception {
        Path fixture = Path.of(RetiredQuiltStateITCase.class
                        .getResource("/checkpoints/quilt-signal-on/" + StateFixture.SAVEPOINT)
                        .toURI())
                .getParent();
        assertThat(allBytes(fixture.resolve(StateFixture.SAVEPOINT)))
                .as("the fixture holds the quilt operators' state")
                .contains("quilt-batch", "quilt-name", "quilt-pending", "quilt-sources");
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start(0, dir.resolve("kafka"))) {
            String bootstrap = broker.bootstrapServers();
            // the topics as the fixture's job saw them up to its savepoint, then the rest of the input
            KafkaTopics.ensure(
                    bootstrap,
                    KafkaTopics.detectorTopics(
                            StateFixture.PAGES, StateFixture.LABELS, "alerts-unused", "dead-unused", 2, (short) 1));
            LabelsPublisher.publish(fixture.resolve(StateFixture.LABELS_FILE), bootstrap, StateFixture.LABELS);
            LabelsPublisher.writeSnapshotMarkers(bootstrap, StateFixture.LABELS, StateFixture.FIXTURE_RUN);
            PageReplayer.replay(fixture.resolve(StateFixture.PAGES_BEFORE), bootstrap, StateFixture.PAGES);
            PageReplayer.replay(fixture.resolve(StateFixture.PAGES_AFTER), bootstrap, StateFixture.PAGES);
            int labelPartitions = LabelsPublisher.writeSnapshotMarkers(bootstrap, StateFixture.LABELS, "restored-run");
            LabelsPublisher.writeSnapshotMarkers(bootstrap, StateFixture.LABELS, "scratch-run");

            // without the setting, Flink refuses the savepoint: it holds state of operators the job no longer has
            ReuseDetectorConfig refusedConfig = StateFixture.config(
                    bootstrap,
                    "refused",
                    dir.resolve("refused"),
                    Map.of(
                            "flink.execution.state-recovery.path",
                            fixture.resolve(StateFixture.SAVEPOINT).toUri().toString()));
            assertThatThrownBy(() -> StateFixture.job(bootstrap, refusedConfig, "restored-run", labelPartitions, false)
                            .executeAsync("retired quilt state: refused")
                            .getJobExecutionResult()
                            .get(2, TimeUnit.MINUTES))
                    .hasStackTraceContaining("Cannot map checkpoint/savepoint state");

            ReuseDetectorConfig restoredConfig = StateFixture.config(
                    bootstrap,
                    "fixture",
                    dir.resolve("restored"),
                    Map.of(
                            "flink.execution.state-recovery.path",
                            fixture.resolve(StateFixture.SAVEPOINT).toUri().toString(),
                            "flink.execution.state-recovery.ignore-unclaimed-state",
                            "true"));
            JobClient restored = StateFixture.job(bootstrap, restoredConfig, "restored-run", labelPartitions, false)
                    .executeAsync("retired quilt state: restored");
            StateFixture.awaitAllRead(restored, bootstrap, restoredConfig);
            // drained: end-of-input timers fire as at the end of the bounded run from scratch
            String rewritten = restored.stopWithSavepoint(
                            true, dir.resolve("savepoints").toUri().toString(), SavepointFormatType.CANONICAL)
                    .get(2, TimeUnit.MINUTES);
            restored.getJobExecutionResult().get(2, TimeUnit.MINUTES);
            List<String> after = StateFixture.committedAlerts(bootstrap, "fixture");

            ReuseDetectorConfig scratchConfig =
                    StateFixture.config(bootstrap, "scratch", dir.resolve("scratch"), Map.of());
            StateFixture.job(bootstrap, scratchConfig, "scratch-run", labelPartitions, true)
                    .execute("retired quilt state: from scratch");
            List<String> scratch = StateFixture.committedAlerts(bootstrap, "scratch");

            List<String> before =
                    Files.readAllLines(fixture.resolve(StateFixture.ALERTS_BEFORE), StandardCharsets.UTF_8);
            List<String> resumed = new ArrayList<>(before);
            resumed.addAll(after);
            LOG.info(
                    "Alerts committed before the savepoint: {}, after the restore: {}; from scratch: {}",
                    before.size(),
                    after.size(),
                    scratch.size());

            assertThat(before)
                    .as("the fixture's job alerted before its savepoint")
                    .isNotEmpty();
            assertThat(after)
                    .as("the restored job alerts on the rest of the input")
                    .isNotEmpty();
            assertThat(pageVerdicts(resumed)).containsExactlyInAnyOrderElementsOf(pageVerdicts(scratch));
            // the fixture's neighbourhood verdicts are state of neighbourhood-alerts, an operator the job no longer has
            // (they moved into neighbourhood-threshold): a neighbourhood bad before the savepoint may alert once more
            // after it, but every neighbourhood's latest record, its verdict, is the run's from scratch
            assertThat(latestNeighbourhoodVerdicts(resumed)).isEqualTo(latestNeighbourhoodVerdicts(scratch));
            // the restored job's own savepoint holds no quilt state any more
            assertThat(allBytes(Path.of(java.net.URI.create(rewritten))))
                    .contains("neighbourhood-state")
                    .doesNotContain("quilt-batch", "quilt-name", "quilt-pending", "quilt-sources");
        }
    }

    /** Every file under a savepoint directory, as one Latin-1 string (state and format names show as they are). */
    private static String allBytes(Path savepoint) throws java.io.IOException {
        StringBuilder all = new StringBuilder();
        try (var files = Files.walk(savepoint)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                all.append(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1));
            }
        }
        return all.toString();
    }

    private static boolean neighbourhood(Alert alert) {
        return alert.type() == AlertType.NEIGHBORHOOD || alert.type() == AlertType.CLEARED && alert.prefix() != null;
    }

    /** Each page-level alert as "key type badness". */
    private static List<String> pageVerdicts(List<String> lines) {
        return lines.stream()
                .filter(line -> !neighbourhood(alert(line.split("\t", 2)[1])))
                .map(line -> {
                    String[] keyAndJson = line.split("\t", 2);
                    Alert alert = alert(keyAndJson[1]);
                    return keyAndJson[0] + " " + alert.type() + " " + alert.badness();
                })
                .toList();
    }

    /**
     * Each neighbourhood's latest record type, by prefix: its verdict. Not its badness: a neighbourhood alerts at the
     * update that takes it over the threshold, and its badness then depends on the order in which the pages of its two
     * partitions arrive (as in {@code RecoveryITCase}).
     */
    private static Map<String, AlertType> latestNeighbourhoodVerdicts(List<String> lines) {
        Map<String, AlertType> latest = new java.util.TreeMap<>();
        for (String line : lines) {
            String[] keyAndJson = line.split("\t", 2);
            Alert alert = alert(keyAndJson[1]);
            if (neighbourhood(alert)) {
                latest.put(keyAndJson[0], alert.type());
            }
        }
        return latest;
    }

    private static Alert alert(String json) {
        try {
            return Json.read(json, Alert.class);
        } catch (Exception e) {
            throw new AssertionError(json, e);
        }
    }
}
