package org.reusedetector.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.function.ToDoubleFunction;
import org.reusedetector.batch.BackfillOutput;
import org.reusedetector.batch.BackfillSummary;
import org.reusedetector.batch.NeighbourhoodResult;
import org.reusedetector.batch.PageResult;
import org.reusedetector.discover.DiscoveryOutput;
import org.reusedetector.discover.DiscoverySummary;
import org.reusedetector.discover.Family;
import org.reusedetector.discover.HashCount;
import org.reusedetector.discover.HistogramRow;
import org.reusedetector.format.Json;
import org.reusedetector.format.JsonLines;
import org.reusedetector.imatch.NearDupClustering;
import org.reusedetector.imatch.NearDupRun;
import org.reusedetector.model.Alert;
import org.reusedetector.model.AlertType;
import org.reusedetector.model.Evidence;
import org.reusedetector.model.Label;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns the output directory of a discovery run or of a detection run into one self-contained HTML page
 * ({@value #HTML}, plots embedded as PNG data URIs) plus the same plots as PNG files.
 *
 * <ul>
 *   <li>Discovery ({@code labels.jsonl}, {@code histogram.csv}, {@code summary.json}, optionally
 *       {@code frequent.jsonl}): the log-log frequency-occurrence plots of chunks and files with the
 *       threshold, the summary, the most frequent labels and the frequent hashes kept out as templates.
 *   <li>Detection ({@code pages.jsonl}, {@code neighborhoods.jsonl}, {@code alerts.jsonl},
 *       {@code summary.json}): what was copied from where (sources and their copying hosts), the rewritten copies
 *       the word signals found ({@link WordCopies}), the histogram and CDF of neighbourhood badness with the
 *       threshold, the summary, and the worst neighbourhoods with their evidence.
 * </ul>
 *
 * Inputs are streamed: the report needs memory for the top rows, fixed badness bins, the bad neighbourhoods and the
 * pages the word signals alerted (one small record each).
 */
public final class ReportWriter {

    private static final Logger LOG = LoggerFactory.getLogger(ReportWriter.class);

    public static final String HTML = "report.html";
    public static final int TOP_ROWS = 50;

    public enum Kind {
        DISCOVER,
        DETECT,
        NEAR_DUPS,
        PHRASES,
        QUILTS
    }

    /** What was written. */
    public record Report(Kind kind, Path html, List<Path> images) {}

    private ReportWriter() {}

    public static Kind kindOf(Path dir) {
        if (BackfillOutput.isBackfill(dir)) {
            return Kind.DETECT;
        }
        if (DiscoveryOutput.isDiscovery(dir)) {
            return Kind.DISCOVER;
        }
        if (Files.exists(dir.resolve(NearDupRun.CLUSTERS)) && Files.exists(dir.resolve(NearDupRun.SUMMARY))) {
            return Kind.NEAR_DUPS;
        }
        if (ShingleReports.isPhrases(dir)) {
            return Kind.PHRASES;
        }
        if (ShingleReports.isQuilts(dir)) {
            return Kind.QUILTS;
        }
        throw new IllegalArgumentException(
                dir + " is neither a discovery output (histogram.csv, labels.jsonl), a detection output"
                        + " (pages.jsonl, neighborhoods.jsonl), a near-dups output (clusters.jsonl, summary.json), a phrases output"
                        + " (phrases.jsonl, sites.jsonl) nor a quilts output (quilts.jsonl, summary.json)");
    }

    public static Report write(Path inputDir, Path outputDir) throws IOException {
        Files.createDirectories(outputDir);
        Kind kind = kindOf(inputDir);
        List<Path> images = new ArrayList<>();
        String html = switch (kind) {
            case DISCOVER -> discover(inputDir, outputDir, images);
            case DETECT -> detect(inputDir, outputDir, images);
            case NEAR_DUPS -> nearDups(inputDir);
            case PHRASES -> ShingleReports.phrases(inputDir, outputDir, images);
            case QUILTS -> ShingleReports.quilts(inputDir, outputDir, images);
        };
        Path file = outputDir.resolve(HTML);
        Files.writeString(file, html, StandardCharsets.UTF_8);
        LOG.info("wrote {} report of {} to {} with {} plots", kind, inputDir, file, images.size());
        return new Report(kind, file, List.copyOf(images));
    }

    // --- near-duplicate clusters -----------------------------------------------------------------------------

    private static String nearDups(Path in) throws IOException {
        Html html = new Html("Near-duplicate clusters: " + in.getFileName());
        NearDupRun.Summary summary = NearDupRun.readSummary(in);
        html.heading("Summary");
        summaryTable(html, summary);
        html.heading("Cluster sizes");
        html.paragraph(
                "How many clusters (pages sharing an I-Match signature under any lexicon, or an identical body) hold each number of pages.");
        List<List<String>> sizes = new ArrayList<>();
        summary.clustersBySize()
                .forEach((size, clusters) ->
                        sizes.add(List.of(count((long) size), count((long) clusters), count((long) size * clusters))));
        html.table(
                List.of("pages in cluster", "clusters", "pages"),
                sizes,
                List.of("pages in cluster", "clusters", "pages"));
        html.heading("Largest clusters");
        List<List<String>> rows = new ArrayList<>();
        for (NearDupClustering.Cluster c :
                JsonLines.readAll(in.resolve(NearDupRun.CLUSTERS), NearDupClustering.Cluster.class).stream()
                        .limit(TOP_ROWS)
                        .toList()) {
            rows.add(List.of(
                    Html.escape(c.id()),
                    count((long) c.size()),
                    count((long) c.hosts()),
                    Html.escape(c.lexiconsAgreeing() + (c.exactCopies() ? " + identical" : "")),
                    Html.escape(String.join(
                            " ", c.urls().subList(0, Math.min(3, c.urls().size()))))));
        }
        html.table(
                List.of("cluster", "pages", "hosts", "lexicons agreeing", "first URLs"),
                rows,
                List.of("pages", "hosts"));
        return html.finish();
    }

    // --- discovery -----------------------------------------------------------------------------------------

    private static String discover(Path in, Path out, List<Path> images) throws IOException {
        Html html = new Html("Blind discovery: " + in.getFileName());
        Path summaryFile = in.resolve(DiscoveryOutput.SUMMARY);
        DiscoverySummary summary = Files.exists(summaryFile) ? DiscoveryOutput.readSummary(summaryFile) : null;
        families(html, in.resolve(DiscoveryOutput.FAMILIES));

        List<HistogramRow> histogram = Files.exists(in.resolve(DiscoveryOutput.HISTOGRAM))
                ? DiscoveryOutput.readHistogram(in.resolve(DiscoveryOutput.HISTOGRAM))
                : List.of();
        html.heading("Frequency of occurrence");
        html.paragraph("Each point: how many distinct hashes (y) occur on exactly x pages, after stop-chunk removal;"
                + " hashes right of the threshold line are label candidates.");
        for (String kind : List.of(Label.KIND_CHUNK, Label.KIND_FILE)) {
            List<HistogramRow> rows =
                    histogram.stream().filter(r -> r.kind().equals(kind)).toList();
            if (rows.isEmpty()) {
                html.paragraph("No " + kind + "s were counted.");
                continue;
            }
            long threshold = summary == null
                    ? 0
                    : Label.KIND_FILE.equals(kind) ? summary.fileThreshold() : summary.chunkThreshold();
            byte[] png = Charts.png(
                    Charts.frequencyOccurrence(capitalised(kind) + "s: frequency of occurrence", rows, threshold));
            html.image(png, kind + " frequency-occurrence plot");
            images.add(savePng(out, kind + "s-frequency.png", png));
        }

        List<Label> labels = Files.exists(in.resolve(DiscoveryOutput.LABELS))
                ? DiscoveryOutput.readLabels(in.resolve(DiscoveryOutput.LABELS))
                : List.of();
        html.heading("Labels (" + labels.size() + ")");
        List<Label> top = labels.stream()
                .sorted(Comparator.comparing((Label l) -> l.count() == null ? 0L : l.count())
                        .reversed()
                        .thenComparing(Label::hash))
                .limit(TOP_ROWS)
                .toList();
        List<List<String>> rows = new ArrayList<>();
        for (Label l : top) {
            rows.add(List.of(
                    Html.escape(l.kind()),
                    "<code>" + Html.escape(l.hash()) + "</code>",
                    count(l.count()),
                    count(l.hosts()),
                    Html.url(l.exampleUrl()),
                    Html.escape(l.text())));
        }
        html.table(List.of("kind", "hash", "pages", "hosts", "example", "text"), rows, List.of("pages", "hosts"));
        if (labels.size() > TOP_ROWS) {
            html.paragraph("The " + TOP_ROWS + " most frequent of " + labels.size() + " labels.");
        }

        Path frequent = in.resolve(DiscoveryOutput.FREQUENT);
        if (Files.exists(frequent)) {
            PriorityQueue<HashCount> templates = new PriorityQueue<>(Comparator.comparingLong(HashCount::count));
            JsonLines.forEach(frequent, HashCount.class, c -> {
                if (!c.verdict().published()) {
                    keepTop(templates, c, TOP_ROWS);
                }
            });
            List<HashCount> kept = new ArrayList<>(templates);
            kept.sort(Comparator.comparingLong(HashCount::count).reversed().thenComparing(HashCount::hash));
            html.heading("Considered but not labelled, and why");
            html.paragraph(
                    "Labelled: " + Html.escape(summary == null ? "" : summary.thresholdRule()) + " (group threshold "
                            + (summary == null ? "?" : summary.groupThreshold()) + "); candidates: "
                            + Html.escape(summary == null ? "" : summary.templateRule())
                            + ". SAME_SITE: one publisher's own reuse; SMALL_GROUP: too few"
                            + " distinct hashes on the same hosts (natural duplication); STOP: boilerplate on several sites, published as a stop label.");
            List<List<String>> trows = new ArrayList<>();
            for (HashCount c : kept) {
                trows.add(List.of(
                        Html.escape(String.valueOf(c.verdict())),
                        Html.escape(c.kind()),
                        "<code>" + Html.escape(c.hash()) + "</code>",
                        count(c.count()),
                        count(c.hosts()),
                        count(c.sites()),
                        count(c.group()),
                        count(c.topHostPages()),
                        Html.url(c.exampleUrl()),
                        Html.escape(c.text())));
            }
            html.table(
                    List.of(
                            "verdict",
                            "kind",
                            "hash",
                            "pages",
                            "hosts",
                            "sites",
                            "group",
                            "top host pages",
                            "example",
                            "text"),
                    trows,
                    List.of("pages", "hosts", "sites", "group", "top host pages"));
        }
        html.heading("Summary");
        facts(html, discoverySummary(summary));
        return html.finish();
    }

    // --- detection -----------------------------------------------------------------------------------------

    private static String detect(Path in, Path out, List<Path> images) throws IOException {
        Html html = new Html("Detection: " + in.getFileName());
        BackfillSummary summary = BackfillOutput.readSummary(in);
        int minPages = summary == null ? 0 : summary.neighborhoodMinPages();

        boolean hasAlerts = Files.exists(in.resolve(BackfillOutput.ALERTS));
        Map<String, Alert> latest = new LinkedHashMap<>(); // a neighbourhood alerts again as it grows: its last alert
        WordCopies words = new WordCopies();
        if (hasAlerts) {
            BackfillOutput.forEachAlert(in, alert -> {
                if (alert.type() == AlertType.NEIGHBORHOOD && alert.prefix() != null) {
                    latest.put(alert.prefix(), alert);
                }
                words.accept(alert);
            });
        }

        long[] pageCounts = new long[3]; // pages, partial targets, file matches
        PriorityQueue<PageResult> worstPages = new PriorityQueue<>(Comparator.comparingDouble(PageResult::badness));
        BackfillOutput.forEachPage(in, page -> {
            pageCounts[0]++;
            pageCounts[1] += page.partialTarget() ? 1 : 0;
            pageCounts[2] += page.fileMatch() ? 1 : 0;
            keepTop(worstPages, page, 20);
            words.accept(page);
        });
        // the threshold statistic's neighbourhoods: those of at least the minimum pages, as in summary.json
        BadnessBins bins = new BadnessBins();
        long[] neighbourhoods = new long[2]; // all, bad
        List<NeighbourhoodResult> badOnes = new ArrayList<>();
        BackfillOutput.forEachNeighbourhood(in, n -> {
            neighbourhoods[0]++;
            if (n.pages() >= minPages) {
                bins.add(n.badness());
            }
            if (n.bad()) {
                neighbourhoods[1]++;
                badOnes.add(n);
            }
        });
        double threshold = summary == null || summary.neighborhoodThreshold() == null
                ? Double.NaN
                : summary.neighborhoodThreshold();

        CopyTable.Families families = CopyTable.Families.of(summary == null ? null : summary.labels(), badOnes);
        html.heading("What was copied from where");
        CopyTable.write(html, CopyTable.of(badOnes, families, words.bySourceAndHost()), families);
        if (hasAlerts) {
            WordCopies.write(html, words, families);
        }

        html.heading("Worst neighborhoods");
        List<List<String>> rows = new ArrayList<>();
        if (hasAlerts) {
            List<Alert> worst = latest.values().stream()
                    .sorted(Comparator.comparingDouble(Alert::badness)
                            .reversed()
                            .thenComparing(a -> a.pages() == null ? 0L : -a.pages())
                            .thenComparing(Alert::prefix))
                    .limit(TOP_ROWS)
                    .toList();
            Map<String, String> texts = labelTexts(summary, worst);
            Map<String, List<PageResult>> examples = examplePages(in, worst);
            for (Alert a : worst) {
                rows.add(List.of(
                        Html.url(a.prefix()),
                        Html.number(a.badness()),
                        Html.number(a.threshold() == null ? Double.NaN : a.threshold()),
                        count(a.pages()),
                        copies(a.copies(), families),
                        copiedText(a.evidence(), texts),
                        pageLinks(a.prefix(), examples.get(a.prefix()))));
            }
            html.table(
                    List.of(
                            "neighborhood",
                            "badness",
                            "threshold",
                            "pages",
                            "copied sources (coverage)",
                            "copied text",
                            "its worst pages"),
                    rows,
                    List.of("badness", "threshold", "pages"));
            html.paragraph(latest.size() + " neighborhoods alerted"
                    + (latest.size() > TOP_ROWS ? "; the " + TOP_ROWS + " worst are shown." : ".")
                    + " Coverage is the share of a source's labelled chunks that the neighborhood holds; a neighborhood"
                    + " whose badness is under its threshold was alerted for its coverage."
                    + (texts.isEmpty() ? " The labels file is not readable here: copied text is shown by hash." : ""));
        } else {
            for (NeighbourhoodResult n : worstFirst(worstOf(badOnes), NeighbourhoodResult::badness)) {
                rows.add(List.of(Html.url(n.prefix()), Html.number(n.badness()), count(n.pages())));
            }
            html.table(List.of("neighborhood", "badness", "pages"), rows, List.of("badness", "pages"));
            html.paragraph("No alerts.jsonl: evidence unavailable.");
        }

        html.heading("Neighborhood badness");
        String meanDefinition = meanDefinition(bins, neighbourhoods[0], minPages);
        if (bins.count() == 0) {
            html.paragraph("No neighborhood has " + minPages + " pages or more: nothing to plot.");
        } else {
            html.paragraph("The " + count(bins.count()) + " neighborhoods of at least " + minPages
                    + " pages, the ones the threshold is computed from; the red line is the threshold.");
            byte[] hist = Charts.png(Charts.badnessHistogram(bins, threshold));
            html.image(hist, "histogram of neighborhood badness");
            images.add(savePng(out, "badness-histogram.png", hist));
            byte[] cdf = Charts.png(Charts.badnessCdf(bins, threshold));
            html.image(cdf, "cumulative distribution of neighborhood badness");
            images.add(savePng(out, "badness-cdf.png", cdf));
        }

        html.heading("Worst pages");
        List<List<String>> pageRows = new ArrayList<>();
        for (PageResult p : worstFirst(worstPages, PageResult::badness)) {
            pageRows.add(List.of(
                    Html.url(p.url()),
                    Html.number(p.badness()),
                    count(p.chunks()),
                    count(p.matchedChunks()),
                    Html.escape(p.fileMatch() ? "yes" : "no")));
        }
        html.table(
                List.of("page", "badness", "chunks", "matched chunks", "whole file copied"),
                pageRows,
                List.of("badness", "chunks", "matched chunks"));

        html.heading("Summary");
        facts(html, detectionSummary(summary, pageCounts, neighbourhoods, bins, meanDefinition));
        return html.finish();
    }

    private static PriorityQueue<NeighbourhoodResult> worstOf(List<NeighbourhoodResult> neighbourhoods) {
        PriorityQueue<NeighbourhoodResult> worst =
                new PriorityQueue<>(Comparator.comparingDouble(NeighbourhoodResult::badness));
        neighbourhoods.forEach(n -> keepTop(worst, n, TOP_ROWS));
        return worst;
    }

    /**
     * What the one mean badness shown is: the mean over the neighbourhoods the threshold statistic counts (at least
     * the minimum pages; {@code summary.json}'s {@code badness_mean} is the same, exact), not over every neighbourhood
     * (small ones of a page or two are often 0 or 1 and would pull it either way).
     */
    private static String meanDefinition(BadnessBins bins, long all, int minPages) {
        return "mean of the badness (matched chunks over chunks, pooled over the neighborhood's pages) of the "
                + count(bins.count()) + " neighborhoods of at least " + minPages + " pages, the ones the threshold"
                + " is computed from"
                + (all > bins.count()
                        ? "; the " + count(all - bins.count()) + " smaller of the " + count(all)
                                + " neighborhoods are judged but not counted"
                        : "");
    }

    /** The run's summary with labels for people, in the order a reader asks. */
    private static List<String[]> detectionSummary(
            BackfillSummary s, long[] pageCounts, long[] neighbourhoods, BadnessBins bins, String meanDefinition) {
        List<String[]> rows = new ArrayList<>();
        if (s != null) {
            rows.add(fact("Crawl read", s.input()));
            rows.add(fact("Labels", s.labels()));
            if (s.records() != null) {
                rows.add(fact("Records read", count(s.records())));
            }
            if (s.pages() != null) {
                rows.add(fact("Pages parsed", count(s.pages())));
            }
            rows.add(fact("Pages scored against the labels", count(s.pagesScored())));
            rows.add(fact(
                    "Records not scored (dead letters: unreadable, invalid, crawler recursion)",
                    count(s.deadLetters())));
        } else {
            rows.add(fact("Pages", count(pageCounts[0])));
        }
        rows.add(fact("Pages above the page threshold (page and file alerts)", count(pageCounts[1])));
        rows.add(fact("Pages copied whole (identical file)", count(pageCounts[2])));
        rows.add(fact("Neighborhoods (URL prefixes with pages)", count(neighbourhoods[0])));
        rows.add(fact("Bad neighborhoods", count(neighbourhoods[1])));
        rows.add(fact(
                "Mean neighborhood badness",
                bins.count() == 0
                        ? "n/a"
                        : Html.number(bins.mean()) + " (standard deviation " + Html.number(bins.standardDeviation())
                                + ")",
                meanDefinition));
        if (s != null) {
            rows.add(fact(
                    "Neighborhood threshold", Html.number(s.neighborhoodThreshold()), s.neighborhoodThresholdRule()));
            rows.add(fact("Page threshold (share of a page's chunks matched)", Html.number(s.pageThreshold())));
            rows.add(fact("Fewest pages of a neighborhood in the statistic", count((long) s.neighborhoodMinPages())));
            rows.add(fact("Shortest chunk scored (characters)", count((long) s.stopChunkMinLength())));
            rows.add(fact("Chunk hashes cover", s.contentForm()));
            if (s.alerts() != null && !s.alerts().isEmpty()) {
                List<String> parts = new ArrayList<>();
                new java.util.TreeMap<>(s.alerts()).forEach((type, n) -> parts.add(count(n) + " " + type));
                rows.add(fact("Alerts written, by type", String.join(", ", parts)));
            }
            rows.add(fact("Run time", String.format(Locale.ROOT, "%.1f s", s.seconds())));
        }
        return rows;
    }

    /** The discovery run's summary with labels for people. */
    private static List<String[]> discoverySummary(DiscoverySummary s) {
        List<String[]> rows = new ArrayList<>();
        if (s == null) {
            return rows;
        }
        rows.add(fact("Run", s.run()));
        rows.add(fact("Pages counted", count(s.pages())));
        rows.add(fact("Pages left out as crawler recursion", count(s.recursionPages())));
        rows.add(fact("Pages left out for an unusable URL", count(s.invalidUrlPages())));
        rows.add(fact("Distinct chunks / files counted", count(s.distinctChunks()) + " / " + count(s.distinctFiles())));
        rows.add(fact(
                "Chunks / files on enough pages to be candidates",
                count(s.frequentChunks()) + " / " + count(s.frequentFiles()),
                "chunk threshold " + s.chunkThreshold() + " pages, file threshold " + s.fileThreshold() + " pages"));
        rows.add(fact(
                "Labelled chunks / files", count(s.chunkLabels()) + " / " + count(s.fileLabels()), s.thresholdRule()));
        rows.add(fact("Group threshold (distinct candidates on the same hosts)", count(s.groupThreshold())));
        rows.add(fact("Left out: on one site only (a publisher's own reuse)", count(s.sameSite())));
        rows.add(fact("Left out: too few candidates on the same hosts", count(s.smallGroup())));
        rows.add(fact("Left out: on too few hosts", count(s.fewHosts())));
        rows.add(fact("Left out: one host holds most of it", count(s.concentrated())));
        rows.add(fact("Left out: boilerplate", count(s.boilerplate()), s.templateRule()));
        rows.add(fact("Published as stop labels (boilerplate on several sites)", count(s.stopLabels())));
        rows.add(fact("Shortest chunk counted (characters)", count(s.minChunkLength())));
        return rows;
    }

    private static String[] fact(String label, String value) {
        return new String[] {label, value == null ? "" : value, null};
    }

    private static String[] fact(String label, String value, String definition) {
        return new String[] {label, value == null ? "" : value, definition};
    }

    /** A two-column table of labelled facts; a fact's definition is shown under its value. Values are text. */
    private static void facts(Html html, List<String[]> facts) {
        if (facts.isEmpty()) {
            html.paragraph("No summary.json.");
            return;
        }
        List<List<String>> rows = new ArrayList<>();
        for (String[] f : facts) {
            rows.add(List.of(
                    Html.escape(f[0]),
                    Html.escape(f[1])
                            + (f[2] == null || f[2].isEmpty()
                                    ? ""
                                    : "<br><span class=\"note\">" + Html.escape(f[2]) + "</span>")));
        }
        html.table(List.of(), rows, List.of());
    }

    private static final int FAMILY_HOSTS_SHOWN = 6;

    /**
     * The copy families of a discovery run: first those that are copies (mirrors and partial copies, most pages
     * first), each with its source where the evidence tells it and the hosts that hold it grouped by site, with the
     * side each is judged on and why; then, folded, the template families (boilerplate, not labelled as content).
     */
    private static void families(Html html, Path file) throws IOException {
        if (!Files.exists(file)) {
            return;
        }
        List<Family> copies = new ArrayList<>();
        List<Family> templates = new ArrayList<>();
        long[] total = new long[2]; // copies, templates
        JsonLines.forEach(
                file,
                Family.class,
                f -> { // the file is sorted, most pages first
                    boolean template = org.reusedetector.discover.Families.TEMPLATE.equals(f.kind());
                    total[template ? 1 : 0]++;
                    List<Family> kept = template ? templates : copies;
                    if (kept.size() < TOP_ROWS) {
                        kept.add(f);
                    }
                });
        html.heading("What was copied from where");
        List<String> headline = new ArrayList<>();
        for (Family f : copies) {
            String source = judgedSource(f);
            if (source != null && headline.size() < 12) {
                headline.add(source + " → " + count(f.hostCount() - 1) + (f.hostCount() == 2 ? " host" : " hosts"));
            }
        }
        html.lead(total[0] + " copy families (content on exactly the same hosts: a mirror holds whole files"
                + " identical, a partial copy chunks only)"
                + (headline.isEmpty()
                        ? "."
                        : "; copied sources the evidence names: " + String.join("; ", headline) + "."));
        html.table(
                List.of("source", "copied text", "kind", "chunks", "pages", "hosts", "held by (site, side and why)"),
                familyRows(copies),
                List.of("chunks", "pages", "hosts"));
        if (total[0] > TOP_ROWS) {
            html.paragraph("The " + TOP_ROWS + " largest of " + total[0] + " copy families.");
        }
        html.paragraph("A host is judged by its site (registrable domain): a copier's site holds next to no text of"
                + " its own (under " + Math.round(100 * FAMILY_COPIER_OWN_SHARE) + "% of its pages, beyond doubt),"
                + " the source is the site with most text of its own when the family has a copier. A site with much"
                + " text of its own besides the copy (a clone with pages of its own, a source whose pages were copied"
                + " one by one) stays unclear: its share of own pages, shown, cannot tell which side it is on. Labels"
                + " and neighborhood alerts name a family by its id.");
        if (!templates.isEmpty()) {
            html.openDetails(total[1] + " template families (boilerplate on several sites, published as stop labels,"
                    + " not counted as content): show");
            html.table(
                    List.of(
                            "source",
                            "copied text",
                            "kind",
                            "chunks",
                            "pages",
                            "hosts",
                            "held by (site, side and why)"),
                    familyRows(templates),
                    List.of("chunks", "pages", "hosts"));
            html.closeDetails();
        }
    }

    /** Mirrors {@code CopySide.COPIER_OWN_SHARE}, for the explanation. */
    private static final double FAMILY_COPIER_OWN_SHARE = 0.1;

    private static String judgedSource(Family f) {
        if (f.hosts() != null) {
            for (Family.Member m : f.hosts()) {
                if ("source".equals(m.side())) {
                    return m.host();
                }
            }
        }
        return null;
    }

    private static List<List<String>> familyRows(List<Family> families) {
        List<List<String>> rows = new ArrayList<>();
        for (Family f : families) {
            String source = judgedSource(f);
            String text = f.exampleText() == null ? "" : f.exampleText();
            rows.add(List.of(
                    source == null
                            ? "<span class=\"note\">not told apart</span>"
                            : "<b>" + Html.escape(source) + "</b>",
                    (text.isEmpty() ? "" : "“" + Html.escape(cut(text)) + "”<br>") + Html.url(f.exampleUrl())
                            + "<br><span class=\"note\">family <code>" + Html.escape(f.id()) + "</code></span>",
                    Html.escape(f.kind()),
                    count(f.chunks()),
                    count(f.pages()),
                    count(f.hostCount()),
                    familyHosts(f, source)));
        }
        return rows;
    }

    /**
     * The hosts of a family other than its judged source, grouped by site and side: the site, the side with its
     * confidence, its hosts (natural order), and the evidence of the side: how many of its site's pages are its own.
     */
    private static String familyHosts(Family f, String source) {
        Map<String, List<Family.Member>> groups = new LinkedHashMap<>();
        Family.Member[] members = f.hosts() == null ? new Family.Member[0] : f.hosts();
        long listed = 0;
        for (Family.Member m : members) {
            listed++;
            if (m.host().equals(source)) {
                continue;
            }
            String site = siteOf(m.host());
            groups.computeIfAbsent(site + "\u0000" + m.side(), k -> new ArrayList<>())
                    .add(m);
        }
        List<String> parts = new ArrayList<>();
        groups.forEach((key, hosts) -> {
            String site = key.substring(0, key.indexOf('\u0000'));
            hosts.sort(Comparator.comparing(Family.Member::host, CopyTable::natural));
            List<String> names = new ArrayList<>();
            for (Family.Member m : hosts) {
                names.add(
                        m.host().endsWith("." + site)
                                ? Html.escape(m.host().substring(0, m.host().length() - site.length() - 1))
                                : Html.escape(m.host()));
                if (names.size() == FAMILY_HOSTS_SHOWN && hosts.size() > FAMILY_HOSTS_SHOWN + 1) {
                    names.add("… and " + (hosts.size() - FAMILY_HOSTS_SHOWN) + " more");
                    break;
                }
            }
            Family.Member first = hosts.get(0);
            parts.add("<b>" + Html.escape(site) + "</b> <i>" + Html.escape(first.side())
                    + (first.confidence() > 0 ? String.format(Locale.ROOT, " %.2f", first.confidence()) : "")
                    + "</i>: " + String.join(", ", names) + " <span class=\"note\">(its site: "
                    + count(first.siteOwnPages()) + " of " + count(first.sitePages()) + " pages its own text)</span>");
        });
        if (f.hostCount() > listed) {
            parts.add("… " + count(f.hostCount() - listed) + " more hosts");
        }
        return String.join("<br>", parts);
    }

    private static String siteOf(String host) {
        try {
            return org.reusedetector.url.Sites.of(host);
        } catch (RuntimeException e) {
            return host;
        }
    }

    private static String cut(String text) {
        return text.length() > SNIPPET_CHARS ? text.substring(0, SNIPPET_CHARS) + "…" : text;
    }

    private static final int SNIPPET_CHARS = 160;
    private static final int EXAMPLE_PAGES = 3;

    /** The text of the labels in the alerts' evidence, from the run's labels file when it can still be read. */
    private static Map<String, String> labelTexts(BackfillSummary summary, List<Alert> alerts) throws IOException {
        java.util.Set<String> wanted = new java.util.HashSet<>();
        for (Alert a : alerts) {
            if (a.evidence() != null) {
                for (Evidence e : a.evidence()) {
                    if (e != null && e.hash() != null) {
                        wanted.add(e.hash());
                    }
                }
            }
        }
        Map<String, String> texts = new java.util.HashMap<>();
        Path labels = summary == null || summary.labels() == null ? null : Path.of(summary.labels());
        if (wanted.isEmpty() || labels == null || !Files.isRegularFile(labels)) {
            return texts;
        }
        try {
            for (Label label : DiscoveryOutput.readLabels(labels)) {
                if (label.text() != null && wanted.contains(label.hash())) {
                    texts.put(label.hash(), label.text());
                }
            }
        } catch (IOException | RuntimeException e) {
            LOG.warn("labels file {} not readable for the report's copied text: {}", labels, e.toString());
        }
        return texts;
    }

    /** The worst few pages under each alerted prefix, in one pass over the pages. */
    private static Map<String, List<PageResult>> examplePages(Path in, List<Alert> alerts) throws IOException {
        Map<String, PriorityQueue<PageResult>> worst = new LinkedHashMap<>();
        for (Alert a : alerts) {
            worst.put(a.prefix(), new PriorityQueue<>(Comparator.comparingDouble(PageResult::badness)));
        }
        BackfillOutput.forEachPage(in, page -> {
            if (page.badness() <= 0 || page.url() == null) {
                return;
            }
            for (Map.Entry<String, PriorityQueue<PageResult>> e : worst.entrySet()) {
                if (underPrefix(page.url(), e.getKey())) {
                    keepTop(e.getValue(), page, EXAMPLE_PAGES);
                }
            }
        });
        Map<String, List<PageResult>> result = new LinkedHashMap<>();
        worst.forEach((prefix, heap) -> result.put(prefix, worstFirst(heap, PageResult::badness)));
        return result;
    }

    /** Whether a page's URL lies under a normalised prefix (scheme and host compared without case). */
    static boolean underPrefix(String url, String prefix) {
        return url.regionMatches(true, 0, prefix, 0, prefix.length());
    }

    private static String copies(org.reusedetector.model.Copy[] copies, CopyTable.Families families) {
        if (copies == null || copies.length == 0) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        for (org.reusedetector.model.Copy c : copies) {
            parts.add("<b>" + Html.escape(families.name(c.source())) + "</b> "
                    + String.format(Locale.ROOT, "%.0f%%", 100 * c.coverage())
                    + " (" + count(c.chunks()) + " of " + count(c.sourceChunks()) + " chunks)"
                    + (c.exampleUrl() == null ? "" : "<br>e.g. " + Html.url(c.exampleUrl())));
        }
        return String.join("<br>", parts);
    }

    private static String copiedText(Evidence[] evidence, Map<String, String> texts) {
        if (evidence == null || evidence.length == 0) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        for (Evidence e : evidence) {
            if (e == null) {
                continue;
            }
            String text = e.hash() == null ? null : texts.get(e.hash());
            if (text != null) {
                String cut = text.length() > SNIPPET_CHARS ? text.substring(0, SNIPPET_CHARS) + "…" : text;
                parts.add("“" + Html.escape(cut) + "”");
            } else {
                parts.add(evidence(new Evidence[] {e}));
            }
        }
        return String.join("<br>", parts);
    }

    /** The pages as links named by their path under the prefix, with their badness. */
    private static String pageLinks(String prefix, List<PageResult> pages) {
        if (pages == null || pages.isEmpty()) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        for (PageResult p : pages) {
            String under = p.url().length() > prefix.length() ? p.url().substring(prefix.length()) : p.url();
            parts.add(Html.link(p.url(), under) + " " + Html.number(p.badness()));
        }
        return String.join("<br>", parts);
    }

    private static String evidence(Evidence[] evidence) {
        if (evidence == null || evidence.length == 0) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        for (Evidence e : evidence) {
            String hash = e.hash() == null
                    ? ""
                    : e.hash().substring(0, Math.min(12, e.hash().length()));
            parts.add(Html.escape(e.kind()) + " <code>" + Html.escape(hash) + "</code> " + Html.escape(e.source())
                    + (e.exampleUrl() == null ? "" : " " + Html.url(e.exampleUrl())));
        }
        return String.join("<br>", parts);
    }

    // --- helpers -------------------------------------------------------------------------------------------

    /** Every field of the run's summary (a record), as written to its {@code summary.json}. */
    private static void summaryTable(Html html, Record summary) {
        List<List<String>> rows = new ArrayList<>();
        if (summary != null) {
            for (Map.Entry<String, JsonNode> f :
                    Json.MAPPER.<JsonNode>valueToTree(summary).properties()) {
                JsonNode v = f.getValue();
                rows.add(List.of(Html.escape(f.getKey()), Html.escape(v.isValueNode() ? v.asText() : v.toString())));
            }
        }
        if (rows.isEmpty()) {
            html.paragraph("No summary.json.");
        } else {
            html.table(List.of("field", "value"), rows, List.of());
        }
    }

    private static <T> void keepTop(PriorityQueue<T> heap, T item, int size) {
        heap.add(item);
        if (heap.size() > size) {
            heap.poll();
        }
    }

    private static <T> List<T> worstFirst(PriorityQueue<T> heap, ToDoubleFunction<T> badness) {
        List<T> items = new ArrayList<>(heap);
        items.sort(Comparator.comparingDouble(badness).reversed());
        return items;
    }

    private static Path savePng(Path dir, String name, byte[] png) throws IOException {
        Path file = dir.resolve(name);
        Files.write(file, png);
        return file;
    }

    private static String count(Long v) {
        return v == null ? "" : String.format(Locale.ROOT, "%,d", v);
    }

    private static String count(long v) {
        return String.format(Locale.ROOT, "%,d", v);
    }

    private static String capitalised(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
