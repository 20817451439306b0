package org.reusedetector.page;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The tokenizer against jsoup on every page of the standard crawls from make-crawl.py, where they are present
 * (~/.cache/reuse-crawls; CI has none, and the test is skipped there). {@code benchmark chunker --verify} prints the same check.
 */
class CrawlDifferentialTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @ParameterizedTest
    @ValueSource(strings = {"default", "javadoc"})
    void chunkHashesAndLengthsEqualJsoupsOnEveryPage(String crawl) throws Exception {
        Path pages = Path.of(System.getProperty("user.home"), ".cache", "reuse-crawls", crawl, "pages.jsonl.gz");
        Assumptions.assumeTrue(Files.isRegularFile(pages), "no crawl at " + pages);
        ChunkerDifferential differential = new ChunkerDifferential(Set.of("p", "div"));
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(pages), 1 << 16), StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                JsonNode page = JSON.readTree(line);
                if (page.hasNonNull("body")) {
                    differential.compare(
                            page.path("url").asText(), page.get("body").asText());
                }
            }
        }
        assertThat(differential.pages()).isGreaterThan(1000);
        assertThat(differential.differences()).isEmpty();
        assertThat(differential.identical()).isEqualTo(differential.pages());
    }
}
