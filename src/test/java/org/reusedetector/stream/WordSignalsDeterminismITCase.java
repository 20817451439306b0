package org.reusedetector.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.reusedetector.stream.AlertTestFiles.concat;
import static org.reusedetector.stream.AlertTestFiles.read;
import static org.reusedetector.stream.AlertTestFiles.write;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.cli.Main;
import org.reusedetector.detection.TestPages;
import org.reusedetector.local.KafkaBrokerExtension;
import org.reusedetector.local.TopicContents;
import org.reusedetector.model.Alert;
import org.reusedetector.model.AlertType;
import org.reusedetector.model.Evidence;

/**
 * One answer per input with every word signal on (I-Match with 10 randomized lexicons, near-copy): three runs
 * at parallelism 1 and three at 2 over a shuffled crawl commit the same alerts, evidence and its order included. The
 * crawl holds pages stitched from paragraphs of four sites each, some fetched in the same second as their sources or
 * as each other (ties that fetch time alone does not order), copies of expert pages whole, edited and wrapped in ads,
 * and unrelated sites. See {@code DeterminismITCase} for the neighbourhoods.
 */
@ExtendWith(KafkaBrokerExtension.class)
class WordSignalsDeterminismITCase {

    private static final Instant START = Instant.parse("2026-03-01T00:00:00Z");

    @TempDir
    Path dir;

    /** A paragraph of 60 words from a vocabulary of 400: each word on several pages, in the lexicons' idf band. */
    private static List<String> paragraph(Random random) {
        List<String> words = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            int w = random.nextInt(400);
            words.add("voc" + (char) ('a' + w / 26 % 26) + (char) ('a' + w % 26) + (w / 676));
        }
        return words;
    }

    private static String page(List<List<String>> paragraphs) {
        return TestPages.html(paragraphs.stream().map(p -> String.join(" ", p)).toArray(String[]::new));
    }

    private static String at(int second) {
        return START.plusSeconds(second).toString();
    }

    /** The guide with every 20th word of each paragraph replaced: no chunk hash survives. */
    private static List<List<String>> edited(List<List<String>> guide) {
        List<List<String>> edited = new ArrayList<>();
        for (List<String> p : guide) {
            List<String> copy = new ArrayList<>(p);
            for (int w = 7; w < copy.size(); w += 20) {
                copy.set(w, "edited" + w);
            }
            edited.add(copy);
        }
        return edited;
    }

    /** The guide between short ad lines. */
    private static List<List<String>> wrapped(List<List<String>> guide) {
        List<List<String>> wrapped = new ArrayList<>();
        wrapped.add(List.of("buy", "now", "and", "win", "big"));
        wrapped.addAll(guide);
        wrapped.add(List.of("top", "ads", "for", "you"));
        return wrapped;
    }

    @Test
    void everyWordSignalCommitsTheSameAlertsInEveryRunAndAtParallelismOneAndTwo() throws Exception {
        Random random = new Random(23);
        List<String> crawl = new ArrayList<>();
        List<String> expert = new ArrayList<>();
        List<List<List<String>>> sitePages = new ArrayList<>();
        int second = 0;
        for (int site = 0; site < 8; site++) {
            for (int i = 0; i < 6; i++) {
                List<List<String>> text = List.of(
                        paragraph(random), paragraph(random), paragraph(random), paragraph(random), paragraph(random));
                sitePages.add(text);
                // two pages a second: ties in fetch time throughout
                crawl.add(TestPages.pageJson(
                        "https://site" + site + ".example/page-" + i + ".html", at(second++ / 2), page(text)));
            }
        }
        List<List<List<String>>> guides = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            List<List<String>> text =
                    List.of(paragraph(random), paragraph(random), paragraph(random), paragraph(random));
            guides.add(text);
            expert.add(TestPages.pageJson("https://expert.example/guide-" + i + ".html", at(0), page(text)));
        }
        for (int i = 0; i < guides.size(); i++) {
            List<List<String>> guide = guides.get(i);
            crawl.add(TestPages.pageJson("https://copy" + i + ".example/guide.html", at(second++ / 2), page(guide)));
            crawl.add(TestPages.pageJson(
                    "https://edit" + i + ".example/guide.html", at(second++ / 2), page(edited(guide))));
            crawl.add(TestPages.pageJson(
                    "https://ads" + i + ".example/guide.html", at(second++ / 2), page(wrapped(guide))));
        }
        // each edited and ad-wrapped host copies a second guide: the word signals report a host's copies once they copy
        // two labelled pages
        for (int i = 0; i < guides.size(); i++) {
            List<List<String>> other = guides.get((i + 1) % guides.size());
            crawl.add(TestPages.pageJson(
                    "https://edit" + i + ".example/guide-b.html", at(second++ / 2), page(edited(other))));
            crawl.add(TestPages.pageJson(
                    "https://ads" + i + ".example/guide-b.html", at(second++ / 2), page(wrapped(other))));
        }
        // stitched pages: a paragraph from each of four pages of four sites; the first ones fetched in the second of
        // their
        // last source, and every two in one second
        for (int q = 0; q < 8; q++) {
            List<List<String>> text = new ArrayList<>();
            for (int s = 0; s < 4; s++) {
                int site = (q + 2 * s) % 8;
                text.add(sitePages.get(site * 6 + (q + s) % 6).get((q + s) % 5));
                text.add(sitePages.get(site * 6 + (q + s) % 6).get((q + s + 1) % 5));
            }
            int time = q < 2 ? (8 * 6 - 1) / 2 : second++ / 2;
            crawl.add(TestPages.pageJson("https://quilt" + q + ".example/stitched.html", at(time), page(text)));
        }
        Collections.shuffle(crawl, random);
        Path pages = write(dir.resolve("pages.jsonl"), crawl);
        Path reference = write(dir.resolve("expert.jsonl"), expert);

        Path lexicon = dir.resolve("lexicon.json.gz");
        List<String> common =
                List.of("imatch.lexicon=" + lexicon, "imatch.randomized=10", "shingles.near-copy.enabled=true");
        List<String> setup = AlertTestFiles.streamSettings(
                dir.resolve("state-setup"), KafkaBrokerExtension.uniqueName("alerts"), common.toArray(String[]::new));
        assertThat(Main.run(
                        concat(List.of("lexicon", "--input", pages.toString(), "--out", lexicon.toString()), setup)))
                .isZero();
        Path labels = dir.resolve("labels.jsonl");
        assertThat(Main.run(
                        concat(List.of("label", "--input", reference.toString(), "--out", labels.toString()), setup)))
                .isZero();

        List<String> first = run(pages, labels, common, 1, 0);
        for (AlertType type : List.of(AlertType.NEAR_COPY, AlertType.NEAR_DUPLICATE, AlertType.PAGE)) {
            assertThat(first).as(type.wireName()).anyMatch(a -> a.startsWith(type.wireName() + " "));
        }
        for (int parallelism : new int[] {1, 2}) {
            for (int i = parallelism == 1 ? 1 : 0; i < 3; i++) {
                assertThat(run(pages, labels, common, parallelism, i))
                        .as("run %d at parallelism %d", i, parallelism)
                        .containsExactlyElementsOf(first);
            }
        }
    }

    /** The committed alerts of one bounded run: what each says (not when), evidence in its order, sorted. */
    private List<String> run(Path pages, Path labels, List<String> common, int parallelism, int run) throws Exception {
        String alertsTopic = KafkaBrokerExtension.uniqueName("alerts");
        String name = "p" + parallelism + "-" + run;
        List<String> extra = new ArrayList<>(common);
        extra.add("job.parallelism=" + parallelism);
        // the crawl is shuffled: within this bound its pages are taken in fetch order all the same
        extra.add("job.out-of-orderness=1d");
        List<String> settings =
                AlertTestFiles.streamSettings(dir.resolve("state-" + name), alertsTopic, extra.toArray(String[]::new));
        int exit = Main.run(concat(
                List.of("stream", "--bounded", "--replay", pages.toString(), "--labels", labels.toString()), settings));
        assertThat(exit).as(name).isZero();
        List<String> said = new ArrayList<>();
        for (var record : TopicContents.readAll(KafkaBrokerExtension.bootstrapServers(), alertsTopic)) {
            Alert a = read(record.value());
            said.add(String.join(
                    " ",
                    a.type().wireName(),
                    String.valueOf(a.url() != null ? a.url() : a.prefix()),
                    String.valueOf(a.badness()),
                    String.valueOf(a.threshold()),
                    String.valueOf(a.pages()),
                    String.valueOf(a.matchedChunks()),
                    String.valueOf(a.lexicon()),
                    String.valueOf(a.resemblance()),
                    String.valueOf(a.matchedUrl()),
                    a.evidence() == null || a.type().equals(AlertType.NEIGHBORHOOD)
                            ? ""
                            : Arrays.toString(Arrays.stream(a.evidence())
                                    .map(Evidence::exampleUrl)
                                    .toArray())));
        }
        said.sort(null);
        return said;
    }
}
