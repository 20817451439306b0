package org.reusedetector.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.kafka.KafkaTopics;
import org.reusedetector.kafka.LabelsPublisher;
import org.reusedetector.kafka.PageReplayer;
import org.reusedetector.labels.InformedLabelling;
import org.reusedetector.local.EmbeddedKafkaBroker;
import org.reusedetector.local.SyntheticPages;

/**
 * Writes a checkpoint fixture (not a test: it runs only when {@code -Dstate.fixture.dir=<dir>} is given, see the
 * fixture's README): the streaming job over the first half of the recovery crawl, stopped with a canonical savepoint
 * once it has read and matched all of it, and beside the savepoint the inputs before and after the cut, the labels and
 * the alerts committed before it: run now, it writes the state layout of today's job, the fixture for a test that a
 * later version of the job restores it (never over an existing fixture).
 * {@code -Dstate.fixture.settings=key=value,...} adds settings to the job's (say, a signal turned on).
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
@EnabledIfSystemProperty(named = "state.fixture.dir", matches = ".+")
class WriteStateFixtureITCase {

    @TempDir
    Path dir;

    @Test
    void writeFixture() throws Exception {
        Path out = Files.createDirectories(Path.of(System.getProperty("state.fixture.dir")));
        RecoveryCrawl.Files crawl = RecoveryCrawl.write(Files.createDirectories(dir.resolve("crawl")), 30, 15, 3);
        ReuseDetectorConfig defaults = ReuseDetectorConfig.defaults();
        Path labels = out.resolve(StateFixture.LABELS_FILE);
        InformedLabelling.label(
                new InformedLabelling.Settings(
                        defaults.chunking(),
                        defaults.get(ReuseDetectorOptions.STOP_MIN_LENGTH),
                        defaults.get(ReuseDetectorOptions.MAX_BODY_BYTES),
                        defaults.get(ReuseDetectorOptions.TEMPLATE_MIN_SHARE),
                        defaults.get(ReuseDetectorOptions.TEMPLATE_MIN_PAGES)),
                crawl.reference(),
                labels,
                "informed:recovery-reference");

        // the cut: the first half of the keyed lines (or the first 80 with held pages); keyless lines (partition
        // chosen by the producer) all come after
        boolean held = Boolean.getBoolean("state.fixture.held");
        List<String> lines = readLines(crawl.pages());
        int cut = held ? 80 : lines.size() / 2;
        List<String> before = new ArrayList<>();
        List<String> after = new ArrayList<>();
        for (String line : lines) {
            (StateFixture.keyed(line) && before.size() < cut ? before : after).add(line);
        }
        Path pagesBefore = out.resolve(StateFixture.PAGES_BEFORE);
        SyntheticPages.writeLines(pagesBefore, before);
        SyntheticPages.writeLines(out.resolve(StateFixture.PAGES_AFTER), after);

        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start(0, dir.resolve("kafka"))) {
            String bootstrap = broker.bootstrapServers();
            KafkaTopics.ensure(
                    bootstrap,
                    KafkaTopics.detectorTopics(
                            StateFixture.PAGES, StateFixture.LABELS, "alerts-unused", "dead-unused", 2, (short) 1));
            LabelsPublisher.publish(labels, bootstrap, StateFixture.LABELS);
            // with held pages: no markers of the job's run, so that it holds every page it parses (past
            // job.held-pages.max in keyed state)
            int labelPartitions = held
                    ? 2
                    : LabelsPublisher.writeSnapshotMarkers(bootstrap, StateFixture.LABELS, StateFixture.FIXTURE_RUN);
            PageReplayer.replay(pagesBefore, bootstrap, StateFixture.PAGES);

            String name = "fixture";
            Map<String, String> extra = new HashMap<>(settings(System.getProperty("state.fixture.settings", "")));
            if (held) {
                extra.put("job.held-pages.max", "2");
            }
            ReuseDetectorConfig config = StateFixture.config(bootstrap, name, dir.resolve("state"), extra);
            JobClient job = StateFixture.job(bootstrap, config, StateFixture.FIXTURE_RUN, labelPartitions, false)
                    .executeAsync("state fixture");
            if (held) {
                StateFixture.awaitRead(bootstrap, config);
            } else {
                StateFixture.awaitAllRead(job, bootstrap, config);
            }
            // not drained: end-of-input timers must not fire, the restored job goes on with the rest of the input
            String savepoint = job.stopWithSavepoint(
                            false, dir.resolve("savepoints").toUri().toString(), SavepointFormatType.CANONICAL)
                    .get(2, TimeUnit.MINUTES);
            job.getJobExecutionResult().get(2, TimeUnit.MINUTES);
            copyTree(Path.of(java.net.URI.create(savepoint)), out.resolve(StateFixture.SAVEPOINT));

            List<String> alerts = StateFixture.committedAlerts(bootstrap, name);
            assertThat(alerts).hasSizeGreaterThanOrEqualTo(held ? 0 : 1);
            Files.write(out.resolve(StateFixture.ALERTS_BEFORE), alerts, StandardCharsets.UTF_8);
        }
    }

    /** {@code key=value,key=value}: settings of the job beside the fixture's own (say, a signal turned on). */
    private static Map<String, String> settings(String list) {
        Map<String, String> settings = new HashMap<>();
        for (String pair : list.split(",")) {
            if (!pair.isBlank()) {
                String[] keyAndValue = pair.split("=", 2);
                settings.put(keyAndValue[0].trim(), keyAndValue[1].trim());
            }
        }
        return settings;
    }

    private static List<String> readLines(Path gz) throws IOException {
        try (BufferedReader reader = new BufferedReader(
                new InputStreamReader(new GZIPInputStream(Files.newInputStream(gz)), StandardCharsets.UTF_8))) {
            return reader.lines().toList();
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
