package org.reusedetector.shingle;

import java.io.Serializable;

/**
 * The near-copy signal's parameters: pages are sketched by {@link MinHash#SELECTORS} min-hash values over circular
 * {@code k}-word phrases (Fetterly et al. 2005 §3.1, by one-permutation hashing: {@link OnePermutationHash}), and a
 * page is a near copy of a
 * labelled page when the share of agreeing shingles (the estimate of the resemblance of their phrase sets) is at
 * least {@code threshold}. Candidates come from an LSH band index: the sketch is cut into bands of
 * {@code bandRows} shingles, and two sketches are compared only when some band agrees. With r rows and b = 84 / r
 * bands, a pair of resemblance s is found with probability 1 − (1 − s^r)^b: for r = 2 (42 bands) 98 % at s = 0.3,
 * 99.9 % at s = 0.4.
 */
public record NearCopyParams(int k, double threshold, int bandRows) implements Serializable {

    private static final long serialVersionUID = 1L;

    public NearCopyParams {
        if (k < 1 || threshold <= 0 || threshold > 1 || bandRows < 1 || MinHash.SELECTORS % bandRows != 0) {
            throw new IllegalArgumentException(
                    "near-copy parameters need k ≥ 1, 0 < threshold ≤ 1 and band rows dividing " + MinHash.SELECTORS
                            + ": " + k + ", " + threshold + ", " + bandRows);
        }
    }

    public int bands() {
        return MinHash.SELECTORS / bandRows;
    }
}
