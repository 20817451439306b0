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
                        "Rewritten copies",
                        "Worst neighborhoods",
                        "Neighborhood badness",
                        "Worst pages",
                        "Summary");
        int answer = html.indexOf("<h2>What was copied from where");
        assertThat(html.indexOf("<img")).isGreaterThan(html.indexOf("<h2>Worst neighborhoods"));
        assertThat(html.indexOf("<h2>Worst neighborhoods")).isGreaterThan(answer);
        String answerSection = html.substring(answer, html.indexOf("<h2>Rewritten copies"));
        assertThat(answerSection)
                .contains("docs-source.org → copied onto 15 hosts.", "<b>clone.org</b>: ", "<b>rewrite.net</b>: ")
                // natural order (wiki2 before wiki10), all twelve named, the tighter prefix's pages (12 x 64)
                .containsSubsequence(">wiki0<", ">wiki2<", ">wiki10<", ">wiki11<")
                .contains("<td class=\"num\">768</td>", "90%", "5%–15%");
        // the wider clone site first: more coverage
        assertThat(answerSection.indexOf("clone.org")).isLessThan(answerSection.indexOf("rewrite.net"));

        // no word-signal alerts: the answer table has no column for them, the section says why it is empty
        assertThat(answerSection).doesNotContain("alike in wording");
        assertThat(html.substring(html.indexOf("<h2>Rewritten copies"), html.indexOf("<h2>Worst neighborhoods")))
                .contains("No page of another site was alerted near-copy or near-duplicate")
                .doesNotContain("<table");

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
    void aHostOfSpunPagesIsACopyingHostOfItsSourceEvenWithoutExactChunks(@TempDir Path in, @TempDir Path out)
            throws Exception {
        ReportFixtures.spunDetection(in, false);

        String html = Files.readString(ReportWriter.write(in, out).html());

        String answer =
                html.substring(html.indexOf("<h2>What was copied from where"), html.indexOf("<h2>Rewritten copies"));
        // 12 wiki, spin0..2 with chunks; spin3, spin0.reword.info and the two phishing hosts by their wording alone
        assertThat(answer).contains("docs-source.org → copied onto 19 hosts (4 of them found by their wording alone).");
        List<List<String>> rows = rows(answer);
        assertThat(rows)
                .extracting(r -> r.get(1))
                .containsExactly(
                        "clone.org: wiki0, wiki1, wiki2, wiki3, wiki4, wiki5, wiki6, wiki7, wiki8, wiki9, wiki10,"
                                + " wiki11",
                        "rewrite.net: spin0, spin1, spin2, spin3",
                        "reword.info: spin0",
                        "2 sites, one page alike on each host:a.co: phish; b.co: phish");
        // columns: source, hosts, count, coverage, pages alike in wording, pages, worst badness
        assertThat(rows.get(0)).containsSubsequence("12", "90%up to 900 of 1,000 chunks", "1 pageresemblance 1.000");
        assertThat(rows.get(1).subList(2, 5))
                .containsExactly("4", "5%–15%up to 150 of 1,000 chunks", "9 pagesresemblance 0.420–0.800, mean 0.532");
        assertThat(rows.get(2).subList(2, 7))
                .containsExactly("1", "none in a bad neighborhood", "2 pagesresemblance 0.550–1.000", "", "");
        // a host found by its wording alone is in italics, linked to its root; one with chunks to its neighbourhood
        assertThat(answer)
                .contains("<i><a href=\"https://spin3.rewrite.net/\"", "<a href=\"https://spin0.rewrite.net/\"")
                .doesNotContain("<i><a href=\"https://spin0.rewrite.net/\"");

        String spun = html.substring(html.indexOf("<h2>Rewritten copies"), html.indexOf("<h2>Worst neighborhoods"));
        assertThat(spun)
                .contains("docs-source.org → 13 rewritten pages on 6 hosts, resemblance 0.420–1.000; 6 of them found by"
                        + " their wording alone.")
                .contains("the page that is an identical copy of a labelled file is left out here")
                .contains(
                        "Left out: 1 page alike in wording to a labelled page of the same site (the publisher&#39;s own"
                                + " pages, the labelled pages themselves among them).");
        String byHost = spun.substring(0, spun.indexOf("<details>"));
        List<List<String>> hosts = rows(byHost);
        // strongest first: the sum of the pages' resemblance (2.1, 1.74, 1.55, 0.95, 0.9, 0.9), ties by host
        assertThat(hosts)
                .extracting(r -> r.get(1))
                .containsExactly(
                        "spin0.rewrite.net",
                        "spin3.rewrite.net",
                        "spin0.reword.info",
                        "spin1.rewrite.net",
                        "phish.a.co",
                        "phish.b.co");
        // source, host, pages, mean, lowest, signal, labelled chunks
        assertThat(hosts.get(0).subList(2, 7))
                .containsExactly("3", "0.700", "0.600", "near-copy 3", "47%3 of 3 pages alerted");
        assertThat(hosts.get(1).subList(2, 7))
                .containsExactly("4", "0.435", "0.420", "near-copy 4", "5%0 of 4 pages alerted");
        // the near-duplicate's page counted once, with its closer match (resemblance 1 over the near-copy's 0.9)
        assertThat(hosts.get(2).subList(2, 7))
                .containsExactly("2", "0.775", "0.550", "near-copy 2, near-duplicate 1", "0%0 of 2 pages alerted");
        assertThat(hosts.get(4).subList(2, 7))
                .containsExactly("1", "0.900", "0.900", "near-copy 1", "80%its page alerted");
        // its pages closest first, each with the source page it resembles
        assertThat(hosts.get(0).get(7))
                .isEqualTo("← resembling pages of www.docs-source.org/a.html 0.800 ← /a.html/b.html 0.700 ← /b.html"
                        + "/c.html 0.600 ← /c.html");
        assertThat(byHost).doesNotContain("wiki0");

        List<List<String>> sources = rows(spun.substring(spun.indexOf("<details>")));
        assertThat(sources)
                .extracting(r -> r.get(0))
                .containsExactly(
                        "https://www.docs-source.org/a.html",
                        "https://www.docs-source.org/b.html",
                        "https://www.docs-source.org/login.html",
                        "https://www.docs-source.org/c.html",
                        "https://www.docs-source.org/d.html");
        assertThat(sources.get(0).subList(1, 5))
                .containsExactly(
                        "4",
                        "4",
                        "1.000",
                        "spin0.reword.info: /a.html 1.000 near-copy + near-duplicate"
                                + "spin0.rewrite.net: /a.html 0.800 near-copy"
                                + "spin1.rewrite.net: /a.html 0.500 near-copy"
                                + "spin3.rewrite.net: /a.html 0.450 near-copy");

        // a URL's markup is text, in a link's text and in its address
        assertThat(html).doesNotContain("q=<b>", "x=\"1\"").contains("/s.html?q=&lt;b&gt;&amp;x=&quot;1&quot;");
    }

    @Test
    void theSpunCopiesAreReportedTheSameWhateverTheOrderOfTheAlerts(
            @TempDir Path a, @TempDir Path b, @TempDir Path outA, @TempDir Path outB) throws Exception {
        ReportFixtures.spunDetection(a, false);
        ReportFixtures.spunDetection(b, true);

        String first = Files.readString(ReportWriter.write(a, outA).html());
        String second = Files.readString(ReportWriter.write(b, outB).html());

        String answerAndSpun = "<h2>What was copied from where";
        assertThat(second.substring(second.indexOf(answerAndSpun), second.indexOf("<h2>Worst neighborhoods")))
                .isEqualTo(first.substring(first.indexOf(answerAndSpun), first.indexOf("<h2>Worst neighborhoods")));
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

    /** The body rows of the tables in a piece of the page, each as its cells' text (tags dropped, entities kept). */
    static List<List<String>> rows(String html) {
        List<List<String>> rows = new ArrayList<>();
        Matcher row = Pattern.compile("<tr>(.*?)</tr>").matcher(html);
        while (row.find()) {
            List<String> cells = new ArrayList<>();
            Matcher cell = Pattern.compile("<td[^>]*>(.*?)</td>").matcher(row.group(1));
            while (cell.find()) {
                cells.add(cell.group(1).replaceAll("<[^>]*>", ""));
            }
            if (!cells.isEmpty()) {
                rows.add(cells);
            }
        }
        return rows;
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
