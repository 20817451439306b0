package org.reusedetector.shingle;

/**
 * Najork 2012's four parameters. A document is (k, m, c, θ)-quilted iff at least a θ fraction of its k-grams are
 * patch grams (k-grams in more than one and at most m documents) and the (greedy) minimal set of source documents
 * covering its patch grams has at least c members (§2). The defaults are the paper's pivot point
 * (k, m, c, θ) = (5, 50, 4, 0.5), the best of its five judged runs (§3, Table 2).
 */
public record QuiltParams(int k, int m, int c, double theta) implements java.io.Serializable {

    public static final QuiltParams DEFAULTS = new QuiltParams(5, 50, 4, 0.5);

    public QuiltParams {
        if (k < 1 || m < 2 || c < 1 || theta < 0 || theta > 1) {
            throw new IllegalArgumentException("quilt parameters need k ≥ 1, m ≥ 2, c ≥ 1, 0 ≤ θ ≤ 1: " + k + ", " + m + ", " + c + ", " + theta);
        }
    }
}
