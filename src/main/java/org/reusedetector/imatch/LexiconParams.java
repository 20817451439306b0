package org.reusedetector.imatch;

import java.io.Serializable;

/**
 * How a lexicon is chosen and randomized. The defaults are the paper's (Kolcz, Chowdhury &amp; Alspector 2004).
 *
 * @param nidfLow lowest normalised idf of a lexicon term (§6.6: the band [0.2, 0.8] for web pages)
 * @param nidfHigh highest normalised idf of a lexicon term (§6.6)
 * @param randomized K, the number of randomized lexicons besides the original (§4; §6.8 and Table 1 go up to 10, which
 *     gave the best recall)
 * @param dropFraction p, the fraction of the original's terms each randomized lexicon drops (§4, Figure 1: 0.33; §6.8:
 *     a bootstrap sample keeps about 67 %)
 * @param seed seed of the randomization, kept in the lexicon so that every reader derives the same K lexicons
 * @param minTerms a page with fewer lexicon terms gets no signature under that lexicon (§3 step 3; §6.3 ignores
 *     documents with fewer than 5 unique words)
 */
public record LexiconParams(double nidfLow, double nidfHigh, int randomized, double dropFraction, long seed, int minTerms) implements Serializable {

    public static final double DEFAULT_NIDF_LOW = 0.2;
    public static final double DEFAULT_NIDF_HIGH = 0.8;
    public static final int DEFAULT_RANDOMIZED = 10;
    public static final double DEFAULT_DROP_FRACTION = 0.33;
    public static final long DEFAULT_SEED = 2004;
    public static final int DEFAULT_MIN_TERMS = 5;
    /** Signatures of all lexicons of a page fit one {@code long} mask. */
    public static final int MAX_RANDOMIZED = 62;

    public LexiconParams {
        if (!(0 <= nidfLow && nidfLow <= nidfHigh && nidfHigh <= 1)) {
            throw new IllegalArgumentException("the nidf band must satisfy 0 <= low <= high <= 1, got [" + nidfLow + ", " + nidfHigh + "]");
        }
        if (randomized < 0 || randomized > MAX_RANDOMIZED) {
            throw new IllegalArgumentException("randomized lexicons must be 0.." + MAX_RANDOMIZED + ", got " + randomized);
        }
        if (!(0 <= dropFraction && dropFraction < 1)) {
            throw new IllegalArgumentException("the drop fraction must be in [0, 1), got " + dropFraction);
        }
        if (minTerms < 1) {
            throw new IllegalArgumentException("the minimum of lexicon terms must be at least 1, got " + minTerms);
        }
    }

    public static LexiconParams defaults() {
        return new LexiconParams(DEFAULT_NIDF_LOW, DEFAULT_NIDF_HIGH, DEFAULT_RANDOMIZED, DEFAULT_DROP_FRACTION, DEFAULT_SEED, DEFAULT_MIN_TERMS);
    }

    public LexiconParams withRandomized(int k) {
        return new LexiconParams(nidfLow, nidfHigh, k, dropFraction, seed, minTerms);
    }
}
