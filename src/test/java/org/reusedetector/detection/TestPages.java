package org.reusedetector.detection;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.format.Json;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.Label;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.page.Sha1;

/** Small page and label fixtures for the Flink function tests. */
public final class TestPages {
    private TestPages() {}

    private static final String[] WORDS =
            ("lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore "
                            + "et dolore magna aliqua enim minim veniam quis nostrud exercitation ullamco laboris nisi aliquip commodo consequat")
                    .split(" ");

    /** A deterministic paragraph of about 150 characters: long enough to count, unique per seed. */
    public static String paragraph(String seed) {
        Random random = new Random(seed.hashCode());
        StringBuilder text = new StringBuilder(seed);
        while (text.length() < 150) {
            text.append(' ').append(WORDS[random.nextInt(WORDS.length)]);
        }
        return text.toString();
    }

    public static String html(String... paragraphs) {
        StringBuilder body = new StringBuilder("<html><head><title>t</title></head><body>");
        for (String p : paragraphs) {
            body.append("<p>").append(p).append("</p>\n");
        }
        return body.append("</body></html>").toString();
    }

    public static String pageJson(String url, String fetchedAt, String body) {
        Map<String, Object> record = new HashMap<>();
        record.put("url", url);
        record.put("fetched_at", fetchedAt);
        record.put("status", 200);
        record.put("content_type", "text/html; charset=utf-8");
        record.put("body", body);
        return Json.write(record);
    }

    public static SourceRecord page(String url, String fetchedAt, String... paragraphs) {
        return new SourceRecord(pageJson(url, fetchedAt, html(paragraphs)), "test");
    }

    public static String chunkHash(String paragraph) {
        return Sha1.hex(Sha1.of(paragraph));
    }

    public static SourceRecord label(String paragraph, String op) {
        return labelOfKind(chunkHash(paragraph), Label.KIND_CHUNK, op);
    }

    public static SourceRecord labelOfKind(String hash, String kind, String op) {
        return new SourceRecord(
                Json.write(new Label(hash, kind, op, "test", "https://expert.example/p.html", 1L, 1L, null)),
                "labels/0/0");
    }

    public static SourceRecord marker(String run, int partition) {
        return new SourceRecord(
                "{\"op\":\"snapshot\",\"run\":\"" + run + "\",\"partition\":" + partition + "}",
                "labels/" + partition + "/9");
    }

    public static DetectionSettings settings(String run, int partitions, String... overrides) {
        return DetectionSettings.from(ReuseDetectorConfig.load(null, List.of(overrides)), run, partitions);
    }

    public static HashedPage hashed(DetectionSettings settings, String url, long time, String... paragraphs) {
        return settings.pageHasher().hash(url, time, html(paragraphs));
    }
}
