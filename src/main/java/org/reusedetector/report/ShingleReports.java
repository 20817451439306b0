package org.reusedetector.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.reusedetector.format.Json;
import org.reusedetector.shingle.PhrasesRun;
import org.reusedetector.shingle.QuiltsRun;

/**
 * The report sections of the shingle commands: for a {@code phrases} directory the popular-phrase frequency
 * distribution (Fetterly et al. 2005 Fig. 1), popular shingles per document (Fig. 2) and the hosts' mean ± σ of
 * popular shingles per page (Fig. 8); for a {@code quilts} directory the histogram of the quilts' covered fraction.
 */
final class ShingleReports {

    private ShingleReports() {}

    static boolean isPhrases(Path dir) {
        return Files.exists(dir.resolve(PhrasesRun.PHRASES)) && Files.exists(dir.resolve(PhrasesRun.SITES));
    }

    static boolean isQuilts(Path dir) {
        return Files.exists(dir.resolve(QuiltsRun.QUILTS)) && Files.exists(dir.resolve(QuiltsRun.SUMMARY));
    }

    static String phrases(Path in, Path out, List<Path> images) throws IOException {
        Html html = new Html("Phrase-level replication: " + in.getFileName());
        JsonNode summary = Json.MAPPER.readTree(in.resolve(PhrasesRun.SUMMARY).toFile());
        html.heading("Summary");
        summaryTable(html, summary, "popular_per_document", "frequency");

        List<double[]> frequency = new ArrayList<>();
        summary.path("frequency")
                .forEach(r -> frequency.add(new double[] {
                    r.get("documents").asDouble(), r.get("phrases").asDouble()
                }));
        html.heading("Popular phrases: frequency distribution");
        html.paragraph(
                "Each point: how many popular shingles (y) were selected in exactly x documents (near-duplicates collapsed); Fetterly et al. Fig. 1.");
        if (frequency.isEmpty()) {
            html.paragraph("No popular shingles.");
        } else {
            XYChart chart = xy("Popular shingles by number of documents", "documents", "popular shingles");
            chart.getStyler().setXAxisLogarithmic(true).setYAxisLogarithmic(true);
            XYSeries points = chart.addSeries(
                    "shingles",
                    frequency.stream().mapToDouble(r -> r[0]).toArray(),
                    frequency.stream().mapToDouble(r -> r[1]).toArray());
            points.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter).setMarker(SeriesMarkers.CIRCLE);
            addImage(html, out, images, chart, "phrases-frequency.png", "popular phrase frequency distribution");
        }

        JsonNode perDocument = summary.path("popular_per_document");
        if (perDocument.isArray() && perDocument.size() > 0) {
            html.heading("Popular shingles per document");
            html.paragraph("Share of documents (y) with x of their 84 shingles popular; Fetterly et al. Fig. 2.");
            double total = 0;
            for (JsonNode v : perDocument) {
                total += v.asDouble();
            }
            double[] x = new double[perDocument.size()];
            double[] y = new double[perDocument.size()];
            for (int i = 0; i < x.length; i++) {
                x[i] = i;
                y[i] = total == 0 ? 0 : perDocument.get(i).asDouble() / total;
            }
            XYChart chart = xy("Popular shingles per document", "popular shingles", "share of documents");
            chart.addSeries("documents", x, y).setMarker(SeriesMarkers.NONE);
            addImage(html, out, images, chart, "phrases-per-document.png", "popular shingles per document");
        }

        List<JsonNode> sites = lines(in.resolve(PhrasesRun.SITES));
        html.heading("Hosts: mean ± σ of popular shingles per page (" + sites.size() + ")");
        html.paragraph("One point a host of at least "
                + summary.path("min_site_pages").asInt() + " pages, by decreasing mean, with ±σ bars; Fetterly et al."
                + " Fig. 8. Hosts high and narrow are built from other pages' phrases.");
        if (!sites.isEmpty()) {
            double[] x = new double[sites.size()];
            double[] y = new double[sites.size()];
            double[] sd = new double[sites.size()];
            for (int i = 0; i < x.length; i++) {
                x[i] = i + 1;
                y[i] = sites.get(i).get("mean_popular").asDouble();
                sd[i] = sites.get(i).get("sd_popular").asDouble();
            }
            XYChart chart = xy("Hosts: popular shingles per page", "host rank", "mean popular shingles ± σ");
            chart.addSeries("hosts", x, y, sd)
                    .setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter)
                    .setMarker(SeriesMarkers.CIRCLE);
            chart.getStyler().setYAxisMin(0.0).setYAxisMax(84.0);
            addImage(
                    html,
                    out,
                    images,
                    chart,
                    "phrases-sites.png",
                    "hosts mean and standard deviation of popular shingles");
            List<List<String>> rows = new ArrayList<>();
            for (JsonNode s : sites.subList(0, Math.min(ReportWriter.TOP_ROWS, sites.size()))) {
                rows.add(List.of(
                        Html.escape(s.get("host").asText()),
                        s.get("pages").asText(),
                        Html.number(s.get("mean_popular").asDouble()),
                        Html.number(s.get("sd_popular").asDouble())));
            }
            html.table(List.of("host", "pages", "mean popular", "σ"), rows, List.of("pages", "mean popular", "σ"));
        }

        List<JsonNode> phrases = lines(in.resolve(PhrasesRun.PHRASES));
        html.heading("Most popular phrases (" + phrases.size() + ")");
        List<List<String>> rows = new ArrayList<>();
        for (JsonNode p : phrases.subList(0, Math.min(ReportWriter.TOP_ROWS, phrases.size()))) {
            rows.add(List.of(
                    p.get("documents").asText(),
                    p.get("selector").asText(),
                    Html.escape(p.get("text").asText())));
        }
        html.table(List.of("documents", "selector", "phrase"), rows, List.of("documents", "selector"));
        return html.finish();
    }

    static String quilts(Path in, Path out, List<Path> images) throws IOException {
        Html html = new Html("Quilted pages: " + in.getFileName());
        JsonNode summary = Json.MAPPER.readTree(in.resolve(QuiltsRun.SUMMARY).toFile());
        html.heading("Summary");
        summaryTable(html, summary, "coverage_histogram");
        html.heading("Coverage of the quilts");
        html.paragraph("Quilts (y) by the fraction of their k-grams that their foreign sources cover (x, tenths); θ = "
                + summary.path("theta").asText() + ".");
        JsonNode histogram = summary.path("coverage_histogram");
        List<String> bins = new ArrayList<>();
        List<Number> counts = new ArrayList<>();
        for (int i = 0; i < histogram.size(); i++) {
            bins.add(String.format(java.util.Locale.ROOT, "%.1f", i / 10.0));
            counts.add(histogram.get(i).asLong());
        }
        if (!bins.isEmpty()) {
            CategoryChart chart = new CategoryChartBuilder()
                    .width(Charts.WIDTH)
                    .height(Charts.HEIGHT)
                    .title("Quilts by covered fraction")
                    .xAxisTitle("covered fraction (from)")
                    .yAxisTitle("quilts")
                    .build();
            chart.getStyler().setLegendVisible(false).setChartBackgroundColor(Color.WHITE);
            chart.addSeries("quilts", bins, counts);
            byte[] png = BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
            html.image(png, "quilt coverage histogram");
            images.add(save(out, "quilts-coverage.png", png));
        }
        List<JsonNode> quilts = lines(in.resolve(QuiltsRun.QUILTS));
        quilts.sort((a, b) -> Double.compare(
                b.get("covered_fraction").asDouble(), a.get("covered_fraction").asDouble()));
        html.heading("Quilts (" + quilts.size() + ")");
        List<List<String>> rows = new ArrayList<>();
        for (JsonNode q : quilts.subList(0, Math.min(ReportWriter.TOP_ROWS, quilts.size()))) {
            StringBuilder sources = new StringBuilder();
            for (JsonNode s : q.get("sources")) {
                sources.append(Html.url(s.get("url").asText()))
                        .append(" (")
                        .append(s.get("grams").asInt())
                        .append(")<br>");
            }
            rows.add(List.of(
                    Html.url(q.get("url").asText()),
                    Html.number(q.get("covered_fraction").asDouble()),
                    String.valueOf(q.get("sources").size()),
                    sources.toString()));
        }
        html.table(List.of("page", "covered", "sources", "sources (grams)"), rows, List.of("covered", "sources"));
        return html.finish();
    }

    private static void summaryTable(Html html, JsonNode summary, String... skip) {
        List<List<String>> rows = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = summary.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!List.of(skip).contains(e.getKey())) {
                rows.add(List.of(
                        Html.escape(e.getKey().replace('_', ' ')),
                        Html.escape(e.getValue().asText())));
            }
        }
        html.table(List.of("", "value"), rows, List.of());
    }

    private static List<JsonNode> lines(Path file) throws IOException {
        List<JsonNode> nodes = new ArrayList<>();
        if (Files.exists(file)) {
            for (String line : Files.readAllLines(file)) {
                if (!line.isBlank()) {
                    nodes.add(Json.MAPPER.readTree(line));
                }
            }
        }
        return nodes;
    }

    private static XYChart xy(String title, String xTitle, String yTitle) {
        XYChart chart = new XYChartBuilder()
                .width(Charts.WIDTH)
                .height(Charts.HEIGHT)
                .title(title)
                .xAxisTitle(xTitle)
                .yAxisTitle(yTitle)
                .build();
        chart.getStyler()
                .setPlotGridLinesVisible(true)
                .setLegendPosition(Styler.LegendPosition.InsideNE)
                .setChartBackgroundColor(Color.WHITE);
        return chart;
    }

    private static void addImage(Html html, Path out, List<Path> images, XYChart chart, String name, String alt)
            throws IOException {
        byte[] png = BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
        html.image(png, alt);
        images.add(save(out, name, png));
    }

    private static Path save(Path dir, String name, byte[] png) throws IOException {
        Path file = dir.resolve(name);
        Files.write(file, png);
        return file;
    }
}
