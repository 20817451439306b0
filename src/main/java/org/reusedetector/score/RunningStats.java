package org.reusedetector.score;

/**
 * Mean and population standard deviation of a multiset of values that supports replacing a value:
 * each neighbourhood contributes its current badness, and an update removes the old value and adds the new.
 * Sums are kept with Kahan compensation so that long runs of add/remove do not drift.
 */
public final class RunningStats {
    private long count;
    private double sum;
    private double sumCompensation;
    private double sumOfSquares;
    private double squaresCompensation;

    public RunningStats() {}

    public RunningStats(long count, double sum, double sumOfSquares) {
        this.count = count;
        this.sum = sum;
        this.sumOfSquares = sumOfSquares;
    }

    public void add(double value) {
        count++;
        addToSums(value, value * value);
    }

    public void remove(double value) {
        if (count == 0) {
            throw new IllegalStateException("remove from empty statistic");
        }
        count--;
        if (count == 0) {
            sum = sumCompensation = sumOfSquares = squaresCompensation = 0;
        } else {
            addToSums(-value, -value * value);
        }
    }

    public void replace(double oldValue, double newValue) {
        addToSums(newValue - oldValue, newValue * newValue - oldValue * oldValue);
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
