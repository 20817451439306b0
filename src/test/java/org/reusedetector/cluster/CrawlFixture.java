package org.reusedetector.cluster;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.reusedetector.detection.TestPages;
import org.reusedetector.format.JsonLines;
import org.reusedetector.model.SourceRecord;

/**
 * A generated crawl of some hundred pages with its labels, for the cluster test (the standard crawls take too
 * long there). Copied sites carry two labelled paragraphs and one of their own on every page (badness 2/3, above
 * any threshold); clean sites carry none (badness 0): with a fixed neighbourhood threshold every verdict is the
 * same whatever the order in which the pages arrive, so two runs can be compared alert for alert.
 *
 * @param firstHalf the first half of the records (replayed before the job starts)
 * @param secondHalf the rest (replayed while it runs)
 * @param all both halves in one file (for the reference run)
 * @param labels the labels of the copied paragraphs
 * @param pages valid pages in the crawl
 * @param badRecords records that must become dead letters
 */
record CrawlFixture(Path firstHalf, Path secondHalf, Path all, Path labels, int pages, int badRecords) {

    static CrawlFixture write(Path dir, int copiedSites, int copiedPagesPerSite, int cleanSites, int cleanPagesPerSite)
            throws IOException {
        List<String> pages = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (int s = 0; s < copiedSites; s++) {
            for (int i = 0; i < copiedPagesPerSite; i++) {
                String a = TestPages.paragraph("expert-" + s + "-" + i + "-a");
                String b = TestPages.paragraph("expert-" + s + "-" + i + "-b");
                labels.add(TestPages.label(a, "add").value());
                labels.add(TestPages.label(b, "add").value());
                pages.add(page(
                        "https://copy" + s + ".example/docs/p" + i + ".html",
                        i,
                        a,
                        TestPages.paragraph("own-" + s + "-" + i),
                        b));
            }
        }
        for (int h = 0; h < cleanSites; h++) {
            for (int i = 0; i < cleanPagesPerSite; i++) {
                String[] paragraphs = new String[5];
                for (int k = 0; k < paragraphs.length; k++) {
                    paragraphs[k] = TestPages.paragraph("clean-" + h + "-" + i + "-" + k);
                }
                pages.add(page("https://clean" + h + ".example/" + (i % 3) + "/p" + i + ".html", i, paragraphs));
            }
        }
        List<String> bad = List.of(
                "{not json",
                "{\"fetched_at\":\"2026-01-01T00:00:00Z\",\"body\":\"<p>x</p>\"}",
                TestPages.pageJson("ftp://files.example/x", "2026-01-01T00:00:00Z", "<p>x</p>"),
                "{\"url\":\"https://x.example/a.pdf\",\"fetched_at\":\"2026-01-01T00:00:00Z\",\"content_type\":\"application/pdf\",\"body\":\"%PDF\"}");
        // interleave copied and clean pages (one list after the other would put all copies in the first half)
        List<String> records = new ArrayList<>();
        int copied = copiedSites * copiedPagesPerSite;
        int step = Math.max(1, pages.size() / Math.max(1, copied));
        for (int i = 0; i < copied; i++) {
            records.add(pages.get(i));
        }
        List<String> clean = pages.subList(copied, pages.size());
        List<String> mixed = new ArrayList<>();
        int c = 0;
        for (int i = 0; i < records.size(); i++) {
            mixed.add(records.get(i));
            for (int k = 0; k < step - 1 && c < clean.size(); k++) {
                mixed.add(clean.get(c++));
            }
            if (i % Math.max(1, copied / bad.size() / 3) == 0) {
                mixed.add(bad.get(i % bad.size()));
            }
        }
        mixed.addAll(clean.subList(c, clean.size()));
        int badRecords = (int) mixed.stream().filter(bad::contains).count();

        CrawlFixture fixture = new CrawlFixture(
                dir.resolve("pages-1.jsonl.gz"),
                dir.resolve("pages-2.jsonl.gz"),
                dir.resolve("pages.jsonl.gz"),
                dir.resolve("labels.jsonl"),
                pages.size(),
                badRecords);
        int half = mixed.size() / 2;
        writeLines(fixture.firstHalf(), mixed.subList(0, half));
        writeLines(fixture.secondHalf(), mixed.subList(half, mixed.size()));
        writeLines(fixture.all(), mixed);
        writeLines(fixture.labels(), labels);
        return fixture;
    }

    private static String page(String url, int minute, String... paragraphs) {
        SourceRecord record = TestPages.page(
                url, String.format("2026-01-01T%02d:%02d:00Z", minute / 60 % 24, minute % 60), paragraphs);
        return record.value();
    }

    private static void writeLines(Path file, List<String> lines) throws IOException {
        try (BufferedWriter writer = JsonLines.writer(file)) {
            for (String line : lines) {
                writer.write(line);
                writer.newLine();
            }
        }
    }
}
