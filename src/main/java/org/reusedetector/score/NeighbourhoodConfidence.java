package org.reusedetector.score;

/**
 * How sure a neighbourhood's badness is. A neighbourhood's badness is a ratio over its pages (matched chunks over
 * scorable chunks, summed over pages), and its pages, not its chunks, are the sample: the chunks of one page come
 * and go together, and a stream sees a neighbourhood's pages a few at a time. So the bound is the ratio estimator's,
 * with pages as clusters: {@code R ± t · SE}, where {@code SE² = k/(k−1) · Σ(mᵢ − R·nᵢ)² / (Σnᵢ)²} over the k pages
 * ({@code mᵢ} matched and {@code nᵢ} scorable chunks of page i), and t is Student's one-sided quantile at the
 * confidence level with k − 1 degrees of freedom, so that few pages give a wide interval. The sums this needs
 * ({@code Σm², Σn², Σmn}) are kept beside the totals, as the totals are: page by page, revisits replacing.
 *
 * <p>A neighbourhood is judged bad when the <em>lower</em> bound is above the threshold and judged clean again only
 * when the <em>upper</em> bound falls below it. Between the two the verdict stands: a neighbourhood whose badness
 * hovers near the threshold as its pages arrive neither flaps nor alerts on a few pages that happen to be copied.
 *
 * @param level the one-sided confidence level of each bound, in (0.5, 1); or 0 for no interval (both bounds are the
 *     badness itself: the point rule)
 * @param alertOnLowerBound whether a neighbourhood turns bad by its badness only when the lower bound is above the
 *     threshold (else by the paper's rule: the badness itself, with enough pages); clearing always uses the upper bound
 */
public record NeighbourhoodConfidence(double level, boolean alertOnLowerBound) implements java.io.Serializable {

    /** No interval: the verdict compares the badness itself (the paper's rule). */
    public static final NeighbourhoodConfidence NONE = new NeighbourhoodConfidence(0);

    /** Bounds for clearing only: a neighbourhood turns bad by the paper's rule. */
    public NeighbourhoodConfidence(double level) {
        this(level, false);
    }

    public NeighbourhoodConfidence {
        if (!(level == 0 || (level > 0.5 && level < 1))) {
            throw new IllegalArgumentException("neighborhood confidence must be 0 (none) or in (0.5, 1), got " + level);
        }
    }

    /**
     * The bounds of a neighbourhood's badness: {@code [lower, upper]} within [0, 1]. With fewer than two pages there is
     * no spread to measure: {@code [0, 1]} (no verdict either way), unless the level is 0.
     *
     * @param pages pages (k)
     * @param chunks scorable chunks over all pages (Σn)
     * @param matched matched chunks over all pages (Σm)
     * @param chunksSquared Σn²
     * @param matchedSquared Σm²
     * @param products Σmn
     */
    public double[] bounds(
            long pages, long chunks, double matched, double chunksSquared, double matchedSquared, double products) {
        double badness = Neighbourhood.badness(chunks, matched);
        if (level == 0) {
            return new double[] {badness, badness};
        }
        if (pages < 2 || chunks <= 0) {
            return new double[] {0, 1};
        }
        double residuals = matchedSquared - 2 * badness * products + badness * badness * chunksSquared;
        double se = Math.sqrt(Math.max(0, residuals) * pages / (pages - 1.0)) / chunks;
        double half = studentQuantile(level, pages - 1) * se;
        return new double[] {Math.max(0, badness - half), Math.min(1, badness + half)};
    }

    /** Student's t quantile at probability {@code p} (> 0.5) with {@code df} degrees of freedom. */
    static double studentQuantile(double p, long df) {
        if (df == 1) {
            return Math.tan(Math.PI * (p - 0.5));
        }
        if (df == 2) {
            return (2 * p - 1) / Math.sqrt(2 * p * (1 - p));
        }
        // Cornish-Fisher expansion around the normal quantile: within 0.5 % of the exact value from 3 degrees of
        // freedom
        double z = normalQuantile(p);
        double z3 = z * z * z;
        double z5 = z3 * z * z;
        double z7 = z5 * z * z;
        double n = df;
        return z
                + (z3 + z) / (4 * n)
                + (5 * z5 + 16 * z3 + 3 * z) / (96 * n * n)
                + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * n * n * n);
    }

    /** The standard normal quantile (Acklam's rational approximation, relative error below 1.2e-9). */
    public static double normalQuantile(double p) {
        double[] a = {
            -3.969683028665376e+01,
            2.209460984245205e+02,
            -2.759285104469687e+02,
            1.383577518672690e+02,
            -3.066479806614716e+01,
            2.506628277459239e+00
        };
        double[] b = {
            -5.447609879822406e+01,
            1.615858368580409e+02,
            -1.556989798598866e+02,
            6.680131188771972e+01,
            -1.328068155288572e+01
        };
        double[] c = {
            -7.784894002430293e-03,
            -3.223964580411365e-01,
            -2.400758277161838e+00,
            -2.549732539343734e+00,
            4.374664141464968e+00,
            2.938163982698783e+00
        };
        double[] d = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00};
        double low = 0.02425;
        if (p < low) {
            double q = Math.sqrt(-2 * Math.log(p));
            return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
                    / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
        }
        if (p > 1 - low) {
            return -normalQuantile(1 - p);
        }
        double q = p - 0.5;
        double r = q * q;
        return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5])
                * q
                / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
    }
}
