package org.reusedetector.stream;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.reusedetector.state.VersionedStateSerializerSnapshot;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A savepoint written by the job of an earlier version (the fixture {@code checkpoints/state-v0}, whose keyed state
 * holds the detection records as Flink POJOs under their old class names) restores into today's job, which reads the
 * rest of the input: the alerts committed before the savepoint and after the restore are those of a run of the whole
 * input from scratch (for every page-level alert its key, type and badness; for every neighbourhood its latest record).
 * The fixture's neighbourhood verdicts were state of an operator the job no longer has ({@code neighbourhood-alerts}),
 * so they are not carried over (see docs/operations.md). A second fixture, {@code checkpoints/state-v0-held}, holds pages that waited for the labels
 * (POJOs of {@code HashedPage}); they are matched after the restore.
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class StateMigrationITCase {

    private static final Logger LOG = LoggerFactory.getLogger(StateMigrationITCase.class);

    @TempDir
    Path dir;

    @Test
    void aSavepointOfTheOldLayoutRestoresAndGivesTheAlertsOfARunFromScratch() throws Exception {
        restoreAndCompare("state-v0", true);
    }

    /** The held pages of the old layout (POJOs of {@code HashedPage}) are matched once the new run's labels load. */
    @Test
    void pagesHeldInASavepointOfTheOldLayoutAreMatchedAfterTheRestore() throws Exception {
        restoreAndCompare("state-v0-held", false);
    }

    /**
     * @param fixtureMarkers whether the fixture's job saw the markers of its label-snapshot run (the labels topic
     *     must hold them before the savepoint's offsets)
     */
    private void restoreAndCompare(String name, boolean fixtureMarkers) throws Exception {
        Path fixture = Path.of(StateMigrationITCase.class
                        .getResource("/checkpoints/" + name + "/" + StateFixture.SAVEPOINT)
                        .toURI())
                .getParent();
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start(0, dir.resolve("kafka"))) {
            String bootstrap = broker.bootstrapServers();
            // the topics as the fixture's job saw them up to its savepoint, then the rest of the input
            KafkaTopics.ensure(
                    bootstrap,
                    KafkaTopics.detectorTopics(
                            StateFixture.PAGES, StateFixture.LABELS, "alerts-unused", "dead-unused", 2, (short) 1));
            LabelsPublisher.publish(fixture.resolve(StateFixture.LABELS_FILE), bootstrap, StateFixture.LABELS);
            if (fixtureMarkers) {
                LabelsPublisher.writeSnapshotMarkers(bootstrap, StateFixture.LABELS, StateFixture.FIXTURE_RUN);
            }
            PageReplayer.replay(fixture.resolve(StateFixture.PAGES_BEFORE), bootstrap, StateFixture.PAGES);
            PageReplayer.replay(fixture.resolve(StateFixture.PAGES_AFTER), bootstrap, StateFixture.PAGES);
            // as `stream` does at every start, each job has a label-snapshot run of its own
            int labelPartitions = LabelsPublisher.writeSnapshotMarkers(bootstrap, StateFixture.LABELS, "restored-run");
            LabelsPublisher.writeSnapshotMarkers(bootstrap, StateFixture.LABELS, "scratch-run");

            ReuseDetectorConfig restoredConfig = StateFixture.config(
                    bootstrap,
                    "fixture",
                    dir.resolve("restored"),
                    Map.of(
                            "flink.execution.state-recovery.path",
                            fixture.resolve(StateFixture.SAVEPOINT).toUri().toString(),
                            // as `stream` resumes: the fixture's neighbourhood-alerts operator is gone (its verdicts
                            // now live in neighbourhood-threshold)
                            "flink.execution.state-recovery.ignore-unclaimed-state",
                            "true"));
            JobClient restored = StateFixture.job(bootstrap, restoredConfig, "restored-run", labelPartitions, false)
                    .executeAsync("state migration: restored");
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
                    .execute("state migration: from scratch");
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

            // the neighbourhoods alerted before the savepoint get pages after it: a verdict or total lost in the
            // restore would alert them again (a repeated alert) or at another badness
            List<String> alertedBefore = before.stream()
                    .filter(line -> alert(line.split("\t", 2)[1]).type() == AlertType.NEIGHBORHOOD)
                    .map(line -> line.split("\t", 2)[0])
                    .toList();
            List<String> urlsAfter = urls(fixture.resolve(StateFixture.PAGES_AFTER));
            assertThat(alertedBefore)
                    .hasSizeGreaterThanOrEqualTo(before.isEmpty() ? 0 : 1)
                    .allMatch(prefix -> urlsAfter.stream().anyMatch(url -> url.startsWith(prefix)));
            // pages read before the savepoint but not matched (held for the labels) are matched after the restore:
            // the job reads on from the savepoint's offsets, so only the restored state has them
            List<String> urlsBefore = urls(fixture.resolve(StateFixture.PAGES_BEFORE));
            if (!fixtureMarkers) {
                assertThat(after)
                        .as("alerts on pages held in the savepoint")
                        .anyMatch(line -> urlsBefore.contains(line.split("\t", 2)[0]));
            }
            assertThat(after)
                    .as("the restored job alerts on the rest of the input")
                    .isNotEmpty();
            assertThat(pageVerdicts(resumed)).containsExactlyInAnyOrderElementsOf(pageVerdicts(scratch));
            // the fixture's neighbourhood verdicts were state of the operator that is gone: a neighbourhood bad before
            // the savepoint alerts once more after it, but every neighbourhood's latest record, its verdict, is the
            // run's from scratch
            assertThat(latestNeighbourhoodVerdicts(resumed)).isEqualTo(latestNeighbourhoodVerdicts(scratch));
            // the restored job wrote the records in their versioned formats: no POJO of them is left in its savepoint
            String savepointBytes = allBytes(Path.of(java.net.URI.create(rewritten)));
            assertThat(savepointBytes)
                    .contains(VersionedStateSerializerSnapshot.class.getName())
                    .contains("neighbourhood-state", "neighbourhood-verdict", "url-contribution")
                    .contains("hashed-page")
                    .doesNotContain(
                            "org.reusedetector.stream.functions.NeighbourhoodState",
                            "org.reusedetector.stream.functions.NeighbourhoodVerdict",
                            "org.reusedetector.stream.functions.UrlContribution",
                            "org.reusedetector.model.HashedPage");
            assertThat(allBytes(fixture.resolve(StateFixture.SAVEPOINT)))
                    .as("the fixture holds them as POJOs")
                    .contains(
                            "org.reusedetector.stream.functions.NeighbourhoodState",
                            "org.reusedetector.stream.functions.NeighbourhoodVerdict",
                            "org.reusedetector.stream.functions.UrlContribution",
                            "org.reusedetector.model.HashedPage")
                    .doesNotContain(VersionedStateSerializerSnapshot.class.getName());
        }
    }

    /** Every file under a savepoint directory, as one Latin-1 string (class and state names show as they are). */
    private static String allBytes(Path savepoint) throws java.io.IOException {
        StringBuilder all = new StringBuilder();
        try (var files = Files.walk(savepoint)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                all.append(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1));
            }
        }
        return all.toString();
    }

    private static List<String> urls(Path pages) throws java.io.IOException {
        try (var reader = new java.io.BufferedReader(new java.io.InputStreamReader(
                new java.util.zip.GZIPInputStream(Files.newInputStream(pages)), StandardCharsets.UTF_8))) {
            return reader.lines()
                    .filter(StateFixture::keyed)
                    .map(line -> {
                        try {
                            return (String) Json.read(line, Map.class).get("url");
                        } catch (java.io.IOException e) {
                            throw new AssertionError(line, e);
                        }
                    })
                    .toList();
        }
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
