package org.reusedetector.score;

/**
 * Mean and population standard deviation, and median and median absolute deviation, of a multiset of values
 * in [0, 1] that supports replacing a value: each neighbourhood contributes its current badness, and an
 * update removes the old value and adds the new. Sums are kept with Kahan compensation so that long runs of
 * add/remove do not drift; the median and MAD come from a histogram of {@link #BINS} fixed bins (resolution
 * 0.001), which adds, removes and merges exactly.
 */
public final class RunningStats {
    /** Histogram bins over [0, 1]. */
    public static final int BINS = 1000;
    /** MAD × this estimates σ for a normal population, so median + k·1.4826·MAD reads as mean + k·σ. */
    public static final double MAD_TO_SIGMA = 1.4826;

    private final long[] bins;
    private long count;
    private double sum;
    private double sumCompensation;
    private double sumOfSquares;
    private double squaresCompensation;

    public RunningStats() {
        this.bins = new long[BINS];
    }

    /** From sums alone (no histogram: {@link #median()} and {@link #medianAbsoluteDeviation()} are unknown). */
    public RunningStats(long count, double sum, double sumOfSquares) {
        this(count, sum, sumOfSquares, null);
    }

    /** From sums and a histogram of {@link #BINS} counts ({@code null}: none). */
    public RunningStats(long count, double sum, double sumOfSquares, long[] bins) {
        if (bins != null && bins.length != BINS) {
            throw new IllegalArgumentException("a badness histogram has " + BINS + " bins, got " + bins.length);
        }
        this.count = count;
        this.sum = sum;
        this.sumOfSquares = sumOfSquares;
        this.bins = bins == null ? null : bins.clone();
    }

    /** The bin of a value in [0, 1] (values outside are clamped). */
    public static int bin(double value) {
        if (!(value > 0)) {
            return 0;
        }
        return Math.min(BINS - 1, (int) (value * BINS));
    }

    public void add(double value) {
        count++;
        addToSums(value, value * value);
        if (bins != null) {
            bins[bin(value)]++;
        }
    }

    public void remove(double value) {
        if (count == 0) {
            throw new IllegalStateException("remove from empty statistic");
        }
        count--;
        if (bins != null && bins[bin(value)] > 0) {
            bins[bin(value)]--;
        }
        if (count == 0) {
            sum = sumCompensation = sumOfSquares = squaresCompensation = 0;
        } else {
            addToSums(-value, -value * value);
        }
    }

    public void replace(double oldValue, double newValue) {
        addToSums(newValue - oldValue, newValue * newValue - oldValue * oldValue);
        if (bins != null && bins[bin(oldValue)] > 0) {
            bins[bin(oldValue)]--;
            bins[bin(newValue)]++;
        }
    }

    /** Whether the median and MAD are known (a histogram is kept). */
    public boolean hasHistogram() {
        return bins != null;
    }

    /** A copy of the histogram, or {@code null}. */
    public long[] histogram() {
        return bins == null ? null : bins.clone();
    }

    /** The median (the centre of its bin), NaN when empty or without a histogram. */
    public double median() {
        long total = histogramTotal();
        if (total == 0) {
            return Double.NaN;
        }
        return centre(medianBin(total));
    }

    /** The median absolute deviation from the median, to the bin resolution; NaN when empty or without a histogram. */
    public double medianAbsoluteDeviation() {
        long total = histogramTotal();
        if (total == 0) {
            return Double.NaN;
        }
        int m = medianBin(total);
        long half = (total + 1) / 2;
        // widen a window around the median bin until it holds half the values: its half-width is the MAD
        long inside = bins[m];
        for (int d = 0; d < BINS; d++) {
            if (inside >= half) {
                return d / (double) BINS;
            }
            if (m - d - 1 >= 0) {
                inside += bins[m - d - 1];
            }
            if (m + d + 1 < BINS) {
                inside += bins[m + d + 1];
            }
        }
        return 1.0;
    }

    private long histogramTotal() {
        if (bins == null) {
            return 0;
        }
        long total = 0;
        for (long b : bins) {
            total += b;
        }
        return total;
    }

    private int medianBin(long total) {
        long half = (total + 1) / 2;
        long seen = 0;
        for (int i = 0; i < BINS; i++) {
            seen += bins[i];
            if (seen >= half) {
                return i;
            }
        }
        return BINS - 1;
    }

    private static double centre(int bin) {
        return bin == 0 ? 0.0 : (bin + 0.5) / BINS;
    }

    private void addToSums(double value, double square) {
        double y = value - sumCompensation;
        double t = sum + y;
        sumCompensation = (t - sum) - y;
        sum = t;
        double y2 = square - squaresCompensation;
        double t2 = sumOfSquares + y2;
        squaresCompensation = (t2 - sumOfSquares) - y2;
        sumOfSquares = t2;
    }

    public long count() {
        return count;
    }

    public double sum() {
        return sum;
    }

    public double sumOfSquares() {
        return sumOfSquares;
    }

    public double mean() {
        return count == 0 ? Double.NaN : sum / count;
    }

    public double standardDeviation() {
        if (count == 0) {
            return Double.NaN;
        }
        double mean = sum / count;
        return Math.sqrt(Math.max(0.0, sumOfSquares / count - mean * mean));
    }
}
