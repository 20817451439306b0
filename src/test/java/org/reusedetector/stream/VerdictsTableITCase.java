package org.reusedetector.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.IsolationLevel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.batch.BackfillOutput;
import org.reusedetector.cli.Main;
import org.reusedetector.detection.DetectionWorkflowITCase;
import org.reusedetector.format.Json;
import org.reusedetector.format.JsonLines;
import org.reusedetector.local.KafkaBrokerExtension;
import org.reusedetector.local.TopicContents;
import org.reusedetector.model.Alert;
import org.reusedetector.model.PrefixVerdict;
import org.reusedetector.model.SourceRecord;

/**
 * The compacted {@code verdicts} topic on a real broker, read as a crawler reads it (read_committed, to the end, the
 * last record of each key; a tombstone removes its key): after a bounded stream it holds exactly the bad
 * neighbourhoods of {@code detect}'s {@code verdicts.jsonl} on the same crawl; and a neighbourhood that turned bad and
 * then clear leaves a tombstone.
 */
@ExtendWith(KafkaBrokerExtension.class)
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class VerdictsTableITCase {

    @TempDir
    Path dir;

    @Test
    void theTableAfterABoundedStreamHoldsTheBadNeighbourhoodsOfDetect() throws Exception {
        String bootstrap = KafkaBrokerExtension.bootstrapServers();
        String verdictsTopic = KafkaBrokerExtension.uniqueName("verdicts");
        List<String> settings =
                List.of("--set", "neighborhood.min-neighborhoods=12", "--set", "job.state-dir=" + dir.resolve("state"));
        List<String> kafka = List.of(
                "--set", "kafka.bootstrap-servers=" + bootstrap,
                "--set", "kafka.topics.pages=" + KafkaBrokerExtension.uniqueName("pages"),
                "--set", "kafka.topics.labels=" + KafkaBrokerExtension.uniqueName("labels"),
                "--set", "kafka.topics.alerts=" + KafkaBrokerExtension.uniqueName("alerts"),
                "--set", "kafka.topics.verdicts=" + verdictsTopic,
                "--set", "kafka.topics.dead-letters=" + KafkaBrokerExtension.uniqueName("dead-letters"),
                "--set", "kafka.group-id=" + KafkaBrokerExtension.uniqueName("detector"),
                "--set", "job.checkpoint-interval=1s");
        Path pages = dir.resolve("pages.jsonl.gz");
        write(pages, DetectionWorkflowITCase.corpus());
        Path labels = dir.resolve("labels.jsonl");
        write(
                labels,
                DetectionWorkflowITCase.labels().stream()
                        .filter(r -> r.value().contains("\"kind\""))
                        .toList());

        assertThat(Main.run(concat(
                        List.of("stream", "--bounded", "--labels", labels.toString(), "--replay", pages.toString()),
                        settings,
                        kafka)))
                .isZero();
        Path out = dir.resolve("detect");
        assertThat(Main.run(concat(
                        List.of(
                                "detect",
                                "--input",
                                pages.toString(),
                                "--labels",
                                labels.toString(),
                                "--out",
                                out.toString()),
                        settings)))
                .isZero();

        List<ConsumerRecord<String, String>> records =
                TopicContents.readAll(bootstrap, verdictsTopic, IsolationLevel.READ_COMMITTED);
        Map<String, PrefixVerdict> table = table(records);
        Map<String, PrefixVerdict> detected = new TreeMap<>();
        BackfillOutput.forEachVerdict(out, v -> detected.put(v.prefix(), v));

        assertThat(detected).isNotEmpty();
        assertThat(table.keySet()).containsExactlyElementsOf(detected.keySet());
        assertThat(table.values()).allSatisfy(v -> {
            assertThat(v.bad()).isTrue();
            assertThat(v.since()).isNotNull();
            assertThat(v.pages()).isPositive();
            assertThat(v.copies()).isNotEmpty();
        });
        // keyed by prefix, so that compaction keeps each neighbourhood's latest record
        assertThat(records).allSatisfy(r -> assertThat(r.value()).contains("\"prefix\":" + Json.write(r.key())));
    }

    @Test
    void aNeighbourhoodClearedByLabelChangesLeavesATombstoneAndTheTableIsTheFoldOfTheAlerts() throws Exception {
        String verdictsTopic = KafkaBrokerExtension.uniqueName("verdicts-changed");
        LabelChangesITCase.Scenario scenario = LabelChangesITCase.Scenario.write(dir);
        LabelChangesITCase.Hooks hooks = new LabelChangesITCase.Hooks(
                Map.of("kafka.topics.verdicts", verdictsTopic),
                UnaryOperator.identity(),
                (job, alerts) -> {},
                (job, alerts) -> {});
        Map<String, List<Alert>> alerts =
                LabelChangesITCase.run(dir, "changed", scenario.crawl(), scenario.initial(), scenario.changes(), hooks);

        List<ConsumerRecord<String, String>> records =
                TopicContents.readAll(KafkaBrokerExtension.bootstrapServers(), verdictsTopic);
        String cleared = "https://site0.example.net/";
        List<String> site0 = records.stream()
                .filter(r -> r.key().equals(cleared))
                .map(ConsumerRecord::value)
                .toList();
        assertThat(site0).isNotEmpty();
        assertThat(site0.get(0)).isNotNull();
        assertThat(site0.get(site0.size() - 1))
                .as("tombstone of the cleared neighbourhood")
                .isNull();

        Map<String, PrefixVerdict> table = table(records);
        assertThat(table).doesNotContainKey(cleared);
        // the table is what the alerts log says, folded: same prefixes, same verdicts
        Map<String, PrefixVerdict> folded = PrefixVerdict.fold(alerts.get("all"));
        assertThat(table.keySet()).containsExactlyElementsOf(folded.keySet());
        folded.forEach(
                (prefix, verdict) -> assertThat(Json.write(table.get(prefix))).isEqualTo(Json.write(verdict)));
    }

    /** The records read to the end, the last of each key kept and tombstones removing theirs: a crawler's map. */
    static Map<String, PrefixVerdict> table(List<ConsumerRecord<String, String>> records) throws Exception {
        Map<String, PrefixVerdict> table = new TreeMap<>();
        for (ConsumerRecord<String, String> record : records) {
            if (record.value() == null) {
                table.remove(record.key());
            } else {
                table.put(record.key(), Json.read(record.value(), PrefixVerdict.class));
            }
        }
        return table;
    }

    private static void write(Path file, List<SourceRecord> records) throws Exception {
        try (BufferedWriter writer = JsonLines.writer(file)) {
            for (SourceRecord record : records) {
                writer.write(record.value());
                writer.newLine();
            }
        }
    }

    @SafeVarargs
    private static String[] concat(List<String>... parts) {
        List<String> all = new ArrayList<>();
        Stream.of(parts).forEach(all::addAll);
        return all.toArray(String[]::new);
    }
}
