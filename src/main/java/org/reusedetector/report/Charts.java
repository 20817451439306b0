package org.reusedetector.report;

import java.awt.Color;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.reusedetector.discover.HistogramRow;

/** The report's plots, drawn off-screen with XChart. */
final class Charts {

    static final int WIDTH = 800;
    static final int HEIGHT = 500;
    static final Color THRESHOLD = new Color(200, 30, 30);

    static {
        // plots are drawn on servers and in CI: no display
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private Charts() {}

    /** The log-log frequency-occurrence scatter of one kind (paper Figures 1, 2, 11), with the threshold. */
    static XYChart frequencyOccurrence(String title, List<HistogramRow> rows, long threshold) {
        XYChart chart = base(title, "occurrences (pages carrying the hash)", "distinct hashes");
        chart.getStyler()
                .setXAxisLogarithmic(true)
                .setYAxisLogarithmic(true)
                .setXAxisDecimalPattern("#,###")
                .setYAxisDecimalPattern("#,###");
        double[] x = rows.stream().mapToDouble(HistogramRow::occurrences).toArray();
        double[] y = rows.stream().mapToDouble(HistogramRow::items).toArray();
        XYSeries points = chart.addSeries("hashes", x, y);
        points.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        points.setMarker(SeriesMarkers.CIRCLE).setMarkerColor(new Color(90, 90, 90));
        if (threshold > 0) {
            double top = Math.max(
                    1, rows.stream().mapToLong(HistogramRow::items).max().orElse(1));
            verticalLine(chart, "threshold " + threshold, threshold, 1, top);
        }
        return chart;
    }

    /** Counts of neighbourhood badness per bin, as steps, with the threshold. */
    static XYChart badnessHistogram(BadnessBins bins, double threshold) {
        XYChart chart = base("Neighborhood badness", "badness", "neighborhoods");
        int n = BadnessBins.HISTOGRAM_BINS;
        double[] x = new double[n + 1];
        double[] y = new double[n + 1];
        long[] counts = bins.histogram();
        for (int i = 0; i <= n; i++) {
            x[i] = (double) i / n;
            y[i] = counts[Math.min(i, n - 1)];
        }
        XYSeries steps = chart.addSeries("neighborhoods", x, y);
        steps.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.StepArea).setMarker(SeriesMarkers.NONE);
        if (!Double.isNaN(threshold)) {
            verticalLine(
                    chart,
                    "threshold " + Html.number(threshold),
                    threshold,
                    0,
                    Math.max(1, Arrays.stream(counts).max().orElse(1)));
        }
        return chart;
    }

    /** The cumulative share of neighbourhoods up to each badness, with the threshold. */
    static XYChart badnessCdf(BadnessBins bins, double threshold) {
        XYChart chart = base("Neighborhood badness, cumulative", "badness", "share of neighborhoods");
        double[][] cdf = bins.cdf();
        XYSeries line = chart.addSeries("CDF", cdf[0], cdf[1]);
        line.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line).setMarker(SeriesMarkers.NONE);
        chart.getStyler().setYAxisMin(0.0).setYAxisMax(1.0);
        if (!Double.isNaN(threshold)) {
            verticalLine(chart, "threshold " + Html.number(threshold), threshold, 0, 1);
        }
        return chart;
    }

    static byte[] png(XYChart chart) throws IOException {
        return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    }

    private static XYChart base(String title, String xTitle, String yTitle) {
        XYChart chart = new XYChartBuilder()
                .width(WIDTH)
                .height(HEIGHT)
                .title(title)
                .xAxisTitle(xTitle)
                .yAxisTitle(yTitle)
                .build();
        chart.getStyler().setPlotGridLinesVisible(true);
        chart.getStyler()
                .setLegendPosition(Styler.LegendPosition.InsideNE)
                .setChartBackgroundColor(Color.WHITE)
                .setAntiAlias(true);
        return chart;
    }

    private static void verticalLine(XYChart chart, String name, double x, double from, double to) {
        XYSeries line = chart.addSeries(name, new double[] {x, x}, new double[] {from, to});
        line.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line)
                .setMarker(SeriesMarkers.NONE)
                .setLineColor(THRESHOLD);
    }
}
