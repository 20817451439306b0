package org.reusedetector.local;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.reusedetector.format.Json;
import org.reusedetector.format.JsonLines;

/**
 * The pieces of a generated crawl: seeded sentences and paragraphs of a small technical vocabulary, HTML pages of a
 * template and paragraphs, and page records two seconds apart. For the quickstart's sample crawl and test fixtures;
 * the same seed and start give the same crawl.
 */
public final class SyntheticPages {

    private static final String[] WORDS =
            ("the a of and to in is for on with as by that this from it be are at or an was which "
                            + "configuration module server client request response cache index record stream batch label chunk hash page site "
                            + "neighbourhood archive crawler parser network protocol storage checkpoint partition broker topic consumer producer "
                            + "latency throughput memory thread process kernel package release version document section example reference guide")
                    .split(" ");

    private final Random random;
    private Instant clock;

    public SyntheticPages(long seed, Instant start) {
        this.random = new Random(seed);
        this.clock = start;
    }

    /** The generator's random source, for the caller's own choices (shuffles, counts) in the same sequence. */
    public Random random() {
        return random;
    }

    /** A page record (JSON) of an HTML page, fetched two seconds after the previous one. */
    public String record(String url, String body) {
        clock = clock.plus(Duration.ofSeconds(2));
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("url", url);
        record.put("fetched_at", clock.toString());
        record.put("status", 200);
        record.put("content_type", "text/html; charset=utf-8");
        record.put("body", body);
        return Json.write(record);
    }

    public static String html(String title, String template, List<String> paragraphs) {
        StringBuilder body = new StringBuilder("<!DOCTYPE html><html><head><title>")
                .append(title)
                .append("</title></head><body>")
                .append(template);
        for (String p : paragraphs) {
            body.append("\n<p>").append(p).append("</p>");
        }
        return body.append("\n</body></html>").toString();
    }

    /** {@code n} paragraphs of 25 to 44 words each. */
    public List<String> paragraphs(int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(sentence(25 + random.nextInt(20)));
        }
        return out;
    }

    public String sentence(int words) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < words; i++) {
            s.append(i == 0 ? "" : " ").append(WORDS[random.nextInt(WORDS.length)]);
        }
        return Character.toUpperCase(s.charAt(0)) + s.substring(1) + ".";
    }

    /** Writes one record per line (gzip when the name ends in {@code .gz}). */
    public static void writeLines(Path file, List<String> lines) throws IOException {
        try (BufferedWriter writer = JsonLines.writer(file)) {
            for (String line : lines) {
                writer.write(line);
                writer.newLine();
            }
        }
    }
}
