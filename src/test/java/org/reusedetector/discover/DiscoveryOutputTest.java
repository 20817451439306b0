package org.reusedetector.discover;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.format.LabelCodec;

class DiscoveryOutputTest {

    @Test
    void writesAndReadsARunDirectory(@TempDir Path dir) throws Exception {
        DiscoveryRun run = HashCounterTest.run(DiscoveryFixture.params(), true);
        DiscoveryOutput.write(dir, run);

        assertThat(DiscoveryOutput.readLabels(dir.resolve(DiscoveryOutput.LABELS))).isEqualTo(run.labels());
        assertThat(DiscoveryOutput.readHistogram(dir.resolve(DiscoveryOutput.HISTOGRAM))).isEqualTo(run.histogram());
        assertThat(DiscoveryOutput.readSummary(dir.resolve(DiscoveryOutput.SUMMARY))).isEqualTo(run.summary());
        assertThat(Files.readAllLines(dir.resolve(DiscoveryOutput.HISTOGRAM)))
                .startsWith("kind,occurrences,items", "chunk,1,21", "chunk,3,1");
        // label lines are valid records of the labels topic, in snake_case, nulls left out
        String first = Files.readAllLines(dir.resolve(DiscoveryOutput.LABELS)).get(0);
        assertThat(LabelCodec.parse(first)).isEqualTo(run.labels().get(0));
        assertThat(first).contains("\"example_url\":\"https://copy1.example/article.html\"", "\"source\":\"discover:test\"", "\"op\":\"add\"");
        assertThat(Files.readAllLines(dir.resolve(DiscoveryOutput.FREQUENT))).hasSize(5).first().asString()
                .contains("\"verdict\":\"CONCENTRATED\"", "\"top_host_pages\":8");
    }
}
