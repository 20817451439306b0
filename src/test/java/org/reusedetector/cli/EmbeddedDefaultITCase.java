package org.reusedetector.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.format.Json;
import org.reusedetector.model.Alert;
import org.reusedetector.model.AlertType;

/**
 * The quickstart: {@code stream --bounded} with no Kafka configured starts the embedded broker, loads the generated
 * sample crawl and its labels, and finds what the sample holds.
 */
class EmbeddedDefaultITCase {

    @TempDir
    Path dir;

    private List<Alert> quickstart(String alertsFile) throws Exception {
        Path alerts = dir.resolve(alertsFile);
        int exit = Main.run(
                "stream",
                "--bounded",
                "--alerts-out",
                alerts.toString(),
                "--set",
                "embedded.kafka-port=0",
                "--set",
                "embedded.data-dir=" + dir.resolve("kafka"),
                "--set",
                "job.state-dir=" + dir.resolve("flink"));
        assertThat(exit).isZero();
        return Files.readAllLines(alerts).stream()
                .map(line -> {
                    try {
                        return Json.read(line, Alert.class);
                    } catch (Exception e) {
                        throw new AssertionError(line, e);
                    }
                })
                .toList();
    }

    @Test
    void streamOnTheEmbeddedDefaultFindsTheSampleCrawlsCopies() throws Exception {
        List<Alert> found = quickstart("alerts.jsonl");
        assertThat(found)
                .filteredOn(a -> a.type() == AlertType.PAGE)
                .extracting(Alert::url)
                .contains("https://secure-login.verify-account.example/login.html");
        assertThat(found)
                .filteredOn(a -> a.type() == AlertType.FILE)
                .extracting(Alert::url)
                .contains("https://mirror.example.org/login.html")
                .allMatch(u -> u.contains("/wiki/") || u.startsWith("https://mirror.example.org/"));
        assertThat(found)
                .filteredOn(a -> a.type() == AlertType.NEIGHBORHOOD)
                .extracting(Alert::prefix)
                .contains("https://wiki0.clone-farm.example/wiki/", "https://wiki1.clone-farm.example/wiki/");
        // the sites that share the expert site's template are not flagged
        assertThat(found)
                .extracting(a -> a.url() != null ? a.url() : a.prefix())
                .noneMatch(u -> u.contains(".example.net/"));
        assertThat(dir.resolve("sample/labels.jsonl")).exists();

        // the quickstart run again on the same embedded broker: the sample is not produced a second time
        List<Alert> again = quickstart("alerts-again.jsonl");
        assertThat(again)
                .extracting(a -> a.type() + " " + (a.url() != null ? a.url() : a.prefix()))
                .containsExactlyInAnyOrderElementsOf(found.stream()
                        .map(a -> a.type() + " " + (a.url() != null ? a.url() : a.prefix()))
                        .toList());
    }
}
