package org.reusedetector.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.discover.DiscoveryOutput;
import org.reusedetector.discover.Family;
import org.reusedetector.format.Json;

/** The report leads with the answer: what was copied from where first, plots after the evidence, the summary last. */
class ReportLayoutTest {

    /** A summary.json field name (snake_case) or a JSON object: what a person should not have to read. */
    private static final Pattern RAW = Pattern.compile("\\b[a-z]+_[a-z_]+\\b|\\{\"");

    @Test
    void aDetectionReportLeadsWithTheCopiedSourcesAndTheirCopyingHosts(@TempDir Path in, @TempDir Path out)
            throws Exception {
        ReportFixtures.informedDetection(in);

        String html = Files.readString(ReportWriter.write(in, out).html());

        assertThat(headings(html))
                .containsExactly(
                        "What was copied from where",
                        "Worst neighborhoods",
                        "Neighborhood badness",
                        "Worst pages",
                        "Summary");
        int answer = html.indexOf("<h2>What was copied from where");
        assertThat(html.indexOf("<img")).isGreaterThan(html.indexOf("<h2>Worst neighborhoods"));
        assertThat(html.indexOf("<h2>Worst neighborhoods")).isGreaterThan(answer);
        String answerSection = html.substring(answer, html.indexOf("<h2>Worst neighborhoods"));
        assertThat(answerSection)
                .contains("docs-source.org → copied onto 15 hosts.", "<b>clone.org</b>: ", "<b>rewrite.net</b>: ")
                // natural order (wiki2 before wiki10), all twelve named, the tighter prefix's pages (12 x 64)
                .containsSubsequence(">wiki0<", ">wiki2<", ">wiki10<", ">wiki11<")
                .contains("<td class=\"num\">768</td>", "90%", "5%–15%");
        // the wider clone site first: more coverage
        assertThat(answerSection.indexOf("clone.org")).isLessThan(answerSection.indexOf("rewrite.net"));

        String summary = html.substring(html.indexOf("<h2>Summary"));
        assertThat(summary)
                .contains("Mean neighborhood badness", "of at least 5 pages, the ones the threshold is computed from")
                .contains("<td>Alerts written, by type</td><td>30 neighborhood, 12 page</td>");
        assertThat(RAW.matcher(summary).find())
                .as("raw field names in %s", summary)
                .isFalse();
        assertThat(html).doesNotContain("<script");
    }

    @Test
    void aBlindDetectionNamesAFamilyByItsJudgedSourceAndGroupsTheUntoldOnes(
            @TempDir Path in, @TempDir Path discovery, @TempDir Path out) throws Exception {
        ReportFixtures.blindDetection(in, discovery);

        String html = Files.readString(ReportWriter.write(in, out).html());

        String answer =
                html.substring(html.indexOf("<h2>What was copied from where"), html.indexOf("<h2>Worst neighborhoods"));
        assertThat(answer)
                .contains(
                        "src.example → copied onto 5 hosts; 2 hosts share the text of 1 copy families whose source is not told"
                                + " apart.",
                        "<b>src.example</b> <span class=\"note\">(judged the source, confidence 0.85)</span>",
                        "<b>parked.net</b>: ",
                        "<b>source not told apart</b>")
                // the judged source is no copier of its own family
                .doesNotContain(">src.example</a>");
        assertThat(answer.indexOf("parked.net")).isLessThan(answer.indexOf("source not told apart"));
        // the worst neighbourhoods name the source as the answer does
        assertThat(html.substring(html.indexOf("<h2>Worst neighborhoods"))).contains("<b>src.example</b> 100%");
    }

    @Test
    void aDiscoveryReportListsCopiesBeforeTemplatesAndEndsWithItsSummary(@TempDir Path in, @TempDir Path out)
            throws Exception {
        Files.writeString(in.resolve(DiscoveryOutput.LABELS), "");
        Files.writeString(in.resolve(DiscoveryOutput.HISTOGRAM), "kind,occurrences,hashes\nchunk,1,100\nchunk,2,10\n");
        Files.writeString(
                in.resolve(DiscoveryOutput.SUMMARY), Json.write(org.reusedetector.discover.DiscoverySummary.empty()));
        Family template =
                new Family("ftemplate", "template", 0, 0, 4, 900, 30, "Home | About", null, null, new Family.Member[] {
                    new Family.Member("a.example", 300, 0, "unclear", 0, 300, 300, 200)
                });
        Family copy = new Family(
                "fcopy",
                "partial",
                80,
                0,
                0,
                120,
                3,
                "Copied text",
                "https://src.example/a.html",
                null,
                new Family.Member[] {
                    new Family.Member("src.example", 40, 0.3, "source", 0.9, 100, 100, 90),
                    new Family.Member("news0.farm.com", 40, 0.9, "copier", 0.9, 40, 80, 0),
                    new Family.Member("news1.farm.com", 40, 0.9, "copier", 0.9, 40, 80, 0)
                });
        // families.jsonl is sorted by pages: the template first
        Files.write(in.resolve(DiscoveryOutput.FAMILIES), List.of(Json.write(template), Json.write(copy)));

        String html = Files.readString(ReportWriter.write(in, out).html());

        List<String> headings = headings(html);
        assertThat(headings.get(0)).isEqualTo("What was copied from where");
        assertThat(headings.get(headings.size() - 1)).isEqualTo("Summary");
        assertThat(html)
                .containsSubsequence(
                        "src.example → 2 hosts",
                        "<code>fcopy</code>",
                        "<b>farm.com</b> <i>copier 0.90</i>: news0, news1",
                        "<details><summary>1 template families",
                        "<code>ftemplate</code>",
                        "</details>",
                        "<img",
                        "<h2>Summary");
        String summary = html.substring(html.indexOf("<h2>Summary"));
        assertThat(summary).contains("Pages counted", "Labelled chunks / files");
        assertThat(RAW.matcher(summary).find())
                .as("raw field names in %s", summary)
                .isFalse();
    }

    static List<String> headings(String html) {
        List<String> headings = new ArrayList<>();
        Matcher m = Pattern.compile("<h2>([^<]*)</h2>").matcher(html);
        while (m.find()) {
            headings.add(m.group(1).replaceAll(" \\(\\d+\\)$", ""));
        }
        return headings;
    }
}
