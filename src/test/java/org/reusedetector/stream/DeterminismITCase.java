package org.reusedetector.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.cli.Main;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.format.Json;
import org.reusedetector.labels.InformedLabelling;
import org.reusedetector.local.KafkaBrokerExtension;
import org.reusedetector.local.TopicContents;
import org.reusedetector.model.Alert;
import org.reusedetector.model.AlertType;

/**
 * One answer per input: the streaming job's committed alerts over one crawl are the same in every run and at
 * parallelism 1 and 2. Page alerts depend on one page each; neighbourhood alerts depend on the order a neighbourhood's
 * pages are taken in, which fetch time decides, not which task got there first (see {@code NeighbourhoodAggregate},
 * {@code NeighbourhoodVerdicts}), within {@code job.out-of-orderness}.
 */
@ExtendWith(KafkaBrokerExtension.class)
class DeterminismITCase {

    @TempDir
    Path dir;

    @Test
    void theCommittedAlertsAreTheSameInEveryRunAndAtParallelismOneAndTwo() throws Exception {
        RecoveryCrawl.Files crawl = RecoveryCrawl.write(Files.createDirectories(dir.resolve("crawl")), 30, 15, 3);
        ReuseDetectorConfig defaults = ReuseDetectorConfig.defaults();
        Path labels = dir.resolve("labels.jsonl");
        InformedLabelling.label(
                new InformedLabelling.Settings(
                        defaults.chunking(),
                        defaults.get(ReuseDetectorOptions.STOP_MIN_LENGTH),
                        defaults.get(ReuseDetectorOptions.MAX_BODY_BYTES),
                        defaults.get(ReuseDetectorOptions.TEMPLATE_MIN_SHARE),
                        defaults.get(ReuseDetectorOptions.TEMPLATE_MIN_PAGES)),
                crawl.reference(),
                labels,
                "informed:determinism-reference");

        List<String> first = run(crawl.pages(), labels, 1, 0);
        assertThat(first).anyMatch(a -> a.startsWith(AlertType.NEIGHBORHOOD.wireName() + " "));
        assertThat(first).anyMatch(a -> a.startsWith(AlertType.FILE.wireName() + " "));
        for (int parallelism : new int[] {1, 2}) {
            for (int i = parallelism == 1 ? 1 : 0; i < 3; i++) {
                assertThat(run(crawl.pages(), labels, parallelism, i))
                        .as("run %d at parallelism %d", i, parallelism)
                        .containsExactlyElementsOf(first);
            }
        }
    }

    /** The committed alerts of one bounded run: what each says (not when), sorted. */
    private List<String> run(Path pages, Path labels, int parallelism, int run) throws Exception {
        String bootstrap = KafkaBrokerExtension.bootstrapServers();
        String alertsTopic = KafkaBrokerExtension.uniqueName("alerts");
        String name = "p" + parallelism + "-" + run;
        int exit = Main.run(
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
                "kafka.topics.dead-letters=" + KafkaBrokerExtension.uniqueName("dead-letters"),
                "--set",
                "kafka.group-id=" + KafkaBrokerExtension.uniqueName("detector"),
                "--set",
                "job.state-dir=" + dir.resolve("state-" + name),
                "--set",
                "job.parallelism=" + parallelism,
                "--set",
                "job.checkpoint-interval=1s",
                "--set",
                // the crawl is shuffled: its pages are out of fetch order by hours, and within this bound they are
                // taken
                // in fetch order all the same
                "job.out-of-orderness=1d");
        assertThat(exit).as(name).isZero();
        List<String> said = new ArrayList<>();
        for (var record : TopicContents.readAll(bootstrap, alertsTopic)) {
            Alert a = Json.read(record.value(), Alert.class);
            said.add(String.join(
                    " ",
                    a.type().wireName(),
                    String.valueOf(a.url() != null ? a.url() : a.prefix()),
                    String.valueOf(a.badness()),
                    String.valueOf(a.threshold()),
                    String.valueOf(a.pages()),
                    String.valueOf(a.matchedChunks())));
        }
        said.sort(null);
        return said;
    }
}
