package org.reusedetector.report;

/**
 * Neighbourhood badness in fine bins over [0, 1], so that a report over hundreds of millions of
 * neighbourhoods needs constant memory: the histogram merges them, the CDF uses them as they are.
 */
final class BadnessBins {

    static final int FINE_BINS = 1000;
    static final int HISTOGRAM_BINS = 20;

    private final long[] fine = new long[FINE_BINS];
    private long count;
    private double sum;
    private double sumOfSquares;

    void add(double badness) {
        double b = Math.max(0, Math.min(1, badness));
        fine[Math.min(FINE_BINS - 1, (int) (b * FINE_BINS))]++;
        count++;
        sum += b;
        sumOfSquares += b * b;
    }

    long count() {
        return count;
    }

    double mean() {
        return count == 0 ? Double.NaN : sum / count;
    }

    double standardDeviation() {
        return count == 0 ? Double.NaN : Math.sqrt(Math.max(0, sumOfSquares / count - mean() * mean()));
    }

    long[] histogram() {
        long[] coarse = new long[HISTOGRAM_BINS];
        for (int i = 0; i < FINE_BINS; i++) {
            coarse[i * HISTOGRAM_BINS / FINE_BINS] += fine[i];
        }
        return coarse;
    }

    /** x: upper bin edges from 0; y: share of neighbourhoods with badness below the edge. */
    double[][] cdf() {
        double[] x = new double[FINE_BINS + 1];
        double[] y = new double[FINE_BINS + 1];
        long running = 0;
        for (int i = 0; i < FINE_BINS; i++) {
            running += fine[i];
            x[i + 1] = (double) (i + 1) / FINE_BINS;
            y[i + 1] = count == 0 ? 0 : (double) running / count;
        }
        return new double[][] {x, y};
    }
}
