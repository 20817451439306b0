package org.reusedetector.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.format.Json;
import org.reusedetector.format.JsonLines;
import org.reusedetector.local.KafkaBrokerExtension;
import org.reusedetector.local.TopicContents;
import org.reusedetector.model.Alert;
import org.reusedetector.model.AlertType;
import org.reusedetector.model.DeadLetter;
import org.reusedetector.util.ValidUnicode;

/**
 * The hostile-record corpus ({@link HostileInput}) through {@code detect} and through {@code stream --bounded --replay}
 * with and without {@code --alerts-out}: every record becomes a scored page or a dead letter with the right reason,
 * the same in both commands; nothing crashes, hangs or vanishes; no output holds a lone surrogate or a password.
 */
@ExtendWith(KafkaBrokerExtension.class)
class HostileInputITCase {

    @TempDir
    Path dir;

    @Test
    void detectGivesEveryRecordAPageOrADeadLetterWithItsReason() throws Exception {
        Path pages = dir.resolve("hostile.jsonl");
        HostileInput.write(pages);
        Path labels = dir.resolve("labels.jsonl");
        HostileInput.writeLabels(labels);
        Path out = dir.resolve("detect");

        int exit = detect(pages, labels, out);

        assertThat(exit).isZero();
        List<DeadLetter> dead = JsonLines.readAll(out.resolve("dead-letters.jsonl"), DeadLetter.class);
        assertDeadLetters(dead);
        List<Alert> alerts = JsonLines.readAll(out.resolve("alerts.jsonl"), Alert.class);
        assertAlerts(alerts);
        assertClean(
                out.resolve("dead-letters.jsonl"),
                out.resolve("alerts.jsonl"),
                out.resolve("pages.jsonl"),
                out.resolve("neighborhoods.jsonl"));

        var summary = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        long lines = HostileInput.lines().size();
        assertThat(summary.get("records").asLong()).isEqualTo(lines);
        assertThat(summary.get("pages_scored").asLong()
                        + summary.get("dead_letters").asLong())
                .isEqualTo(lines);
        assertThat(summary.get("dead_letters").asLong()).isEqualTo(dead.size());
        // every record is a page parsed or a dead letter, once: the crawler loop is dead-lettered where it is parsed
        assertThat(summary.get("pages").asLong() + summary.get("dead_letters").asLong())
                .isEqualTo(summary.get("records").asLong());
        assertThat(summary.get("pages").asLong())
                .isEqualTo(summary.get("pages_scored").asLong());
        assertThat(summary.get("alerts").get("neighborhood").asLong())
                .isEqualTo(alerts.stream()
                        .filter(a -> a.type() == AlertType.NEIGHBORHOOD)
                        .count())
                .isPositive();
    }

    @Test
    void aBackfillOfNothingButBadRecordsStillSaysWhatItRead() throws Exception {
        Path pages = dir.resolve("bad.jsonl");
        Files.write(
                pages,
                List.of(
                        "{not json",
                        "{\"url\":\"https://a.example:0/\",\"fetched_at\":\"2026-01-01T00:00:00Z\",\"body\":\"x\"}",
                        "[]"));
        Path labels = dir.resolve("labels.jsonl");
        HostileInput.writeLabels(labels);
        Path out = dir.resolve("detect-bad");

        assertThat(detect(pages, labels, out)).isZero();

        var summary = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        assertThat(summary.get("records").asLong()).isEqualTo(3);
        assertThat(summary.get("pages").asLong()).isZero(); // zero, not left out: only a hash index has no such count
        assertThat(summary.get("dead_letters").asLong()).isEqualTo(3);
        assertThat(JsonLines.readAll(out.resolve("dead-letters.jsonl"), DeadLetter.class))
                .extracting(DeadLetter::reason)
                .containsExactlyInAnyOrder("invalid-json", "invalid-url", "invalid-json");
    }

    @Test
    void streamGivesTheSameWithAndWithoutAnAlertsFile() throws Exception {
        Path pages = dir.resolve("hostile.jsonl.gz");
        HostileInput.write(pages);
        Path labels = dir.resolve("labels.jsonl");
        HostileInput.writeLabels(labels);
        String bootstrap = KafkaBrokerExtension.bootstrapServers();

        for (boolean alertsOut : new boolean[] {true, false}) {
            String alertsTopic = KafkaBrokerExtension.uniqueName("alerts");
            String deadTopic = KafkaBrokerExtension.uniqueName("dead-letters");
            Path alertsFile = dir.resolve("alerts-" + alertsOut + ".jsonl");
            List<String> args = List.of(
                    "stream",
                    "--bounded",
                    "--replay",
                    pages.toString(),
                    "--labels",
                    labels.toString(),
                    "--set",
                    "kafka.bootstrap-servers=" + bootstrap,
                    "--set",
                    "kafka.topics.pages=" + KafkaBrokerExtension.uniqueName("pages"),
                    "--set",
                    "kafka.topics.labels=" + KafkaBrokerExtension.uniqueName("labels"),
                    "--set",
                    "kafka.topics.alerts=" + alertsTopic,
                    "--set",
                    "kafka.topics.dead-letters=" + deadTopic,
                    "--set",
                    "kafka.group-id=" + KafkaBrokerExtension.uniqueName("detector"),
                    "--set",
                    "job.state-dir=" + dir.resolve("state-" + alertsOut),
                    "--set",
                    "job.checkpoint-interval=1s",
                    "--set",
                    "job.max-restarts=1",
                    "--set",
                    "neighborhood.min-neighborhoods=12",
                    "--set",
                    "chunking.max-body-bytes=" + HostileInput.MAX_BODY_BYTES);
            if (alertsOut) {
                args = Stream.concat(args.stream(), Stream.of("--alerts-out", alertsFile.toString()))
                        .toList();
            }

            assertThat(Main.run(args.toArray(String[]::new)))
                    .as("stream with --alerts-out: %s", alertsOut)
                    .isZero();

            List<DeadLetter> dead = TopicContents.readAll(bootstrap, deadTopic).stream()
                    .map(r -> read(r.value(), DeadLetter.class))
                    .toList();
            assertDeadLetters(dead);
            List<Alert> alerts = TopicContents.readAll(bootstrap, alertsTopic).stream()
                    .map(r -> read(r.value(), Alert.class))
                    .toList();
            assertAlerts(alerts);
            Path topics = dir.resolve("topics-" + alertsOut + ".jsonl");
            Files.write(
                    topics,
                    Stream.concat(dead.stream(), alerts.stream())
                            .map(Json::write)
                            .toList());
            assertClean(topics);
            if (alertsOut) {
                assertThat(Files.readAllLines(alertsFile)).hasSize(alerts.size());
                assertClean(alertsFile);
            }
        }
    }

    /** {@code detect} of the pages against the labels into {@code out}, at the corpus's body limit. */
    private int detect(Path pages, Path labels, Path out) {
        return Main.run(
                "detect",
                "--input",
                pages.toString(),
                "--labels",
                labels.toString(),
                "--out",
                out.toString(),
                "--set",
                "job.state-dir=" + dir.resolve("state"),
                "--set",
                "chunking.max-body-bytes=" + HostileInput.MAX_BODY_BYTES);
    }

    /** One dead letter per expected token with its reason, and the good crawl's own four bad records. */
    private static void assertDeadLetters(List<DeadLetter> dead) {
        Map<String, String> byToken = new HashMap<>();
        long untokened = 0;
        for (DeadLetter letter : dead) {
            String token = HostileInput.token(letter.original() + " " + letter.error());
            if (token == null) {
                untokened++;
                continue;
            }
            assertThat(byToken.put(token, letter.reason()))
                    .as("a second dead letter for %s: %s", token, letter)
                    .isNull();
        }
        assertThat(byToken).containsExactlyInAnyOrderEntriesOf(HostileInput.expectedDeadLetters());
        assertThat(untokened).isEqualTo(4);
        assertThat(dead).allSatisfy(d -> assertThat(d.error()).isNotBlank());
    }

    private static void assertAlerts(List<Alert> alerts) {
        assertThat(alerts)
                .filteredOn(a -> a.type() == AlertType.PAGE)
                .extracting(Alert::url)
                .containsAll(HostileInput.ALERTED_URLS.values())
                .noneMatch(url -> url.contains("case-0")
                        || url.contains("case-1") && !HostileInput.ALERTED_URLS.containsValue(url));
        assertThat(alerts)
                .extracting(a -> a.url() != null ? a.url() : a.prefix())
                .noneMatch(u -> u.contains("@") || u.contains(":0/") || u.contains("99999"));
    }

    /** No output holds a password or a character a UTF-8 sink could not write. */
    private static void assertClean(Path... files) throws Exception {
        for (Path file : files) {
            String text = Files.readString(file);
            assertThat(text)
                    .as(file.toString())
                    .doesNotContain(HostileInput.SECRET)
                    .doesNotContain("\uFFFD\uFFFD");
            assertThat(ValidUnicode.firstLoneSurrogate(text))
                    .as(file.toString())
                    .isEqualTo(-1);
        }
    }

    private static <T> T read(String json, Class<T> type) {
        try {
            return Json.read(json, type);
        } catch (Exception e) {
            throw new AssertionError(json, e);
        }
    }
}
