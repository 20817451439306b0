package org.reusedetector.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The soak's rounds: each page on a new host of the same site, later by the round's shift, its body untouched. */
class SoakBenchmarkTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final long DAY = TimeUnit.DAYS.toMillis(1);

    @Test
    void aRoundMovesTheHostAndTheFetchTimeAndKeepsTheBody() throws Exception {
        String line = "{\"url\": \"https://www.example.org/a/b.html\", \"fetched_at\": \"2026-01-01T00:00:00Z\","
                + " \"status\": 200, \"body\": \"<p>see \\\"https://www.example.org/a/b.html\\\"</p>\"}";
        JsonNode page = MAPPER.readTree(SoakBenchmark.rewrite(line, 3, 31 * DAY));
        assertThat(page.get("url").asText()).isEqualTo("https://r3.www.example.org/a/b.html");
        assertThat(page.get("fetched_at").asText()).isEqualTo("2026-02-01T00:00:00Z");
        assertThat(page.get("status").asInt()).isEqualTo(200);
        assertThat(page.get("body").asText()).isEqualTo("<p>see \"https://www.example.org/a/b.html\"</p>");
    }

    @Test
    void aShiftBackwardsAndFieldsInAnyOrderOrEscapedAreRewrittenToo() throws Exception {
        // the escaped slash makes the URL's text differ from the line's: the line is parsed and written again
        String line = "{\"fetched_at\": \"2026-01-02T00:00:00Z\", \"body\": \"<p>x</p>\","
                + " \"url\": \"https:\\/\\/example.com\\/x\"}";
        JsonNode page = MAPPER.readTree(SoakBenchmark.rewrite(line, 1, -DAY));
        assertThat(page.get("url").asText()).isEqualTo("https://r1.example.com/x");
        assertThat(page.get("fetched_at").asText()).isEqualTo("2026-01-01T00:00:00Z");
        assertThat(page.get("body").asText()).isEqualTo("<p>x</p>");
    }

    @Test
    void whatIsNotAPageWithAUrlAndAnIsoFetchTimeIsLeftOut() {
        assertThat(SoakBenchmark.rewrite("not json", 1, DAY)).isNull();
        assertThat(SoakBenchmark.rewrite("{\"url\": \"https://a.example/\"}", 1, DAY))
                .isNull();
        assertThat(SoakBenchmark.rewrite("{\"url\": \"https://a.example/\", \"fetched_at\": \"yesterday\"}", 1, DAY))
                .isNull();
    }
}
