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
 * @param minTerms a page with fewer terms of the original lexicon gets no signature under it (§3 step 3: "rejected if
 *     |S| is below a user-defined threshold"). Default 2: generated pages (javadoc class-use pages) hold only a few
 *     mid-idf terms beside their template; a threshold of 5 (§6.3 used it for unique <i>words</i>, not lexicon terms)
 *     left them, and so their copies, unsigned.
 * @param minRandomizedTerms the same threshold for the randomized lexicons, 0 = {@code minTerms}. A deviation from the
 *     paper, which applies one threshold: a randomized lexicon keeps about 2/3 of a page's terms (§4 assumes the
 *     change is small next to the terms kept), so on a page of a few terms it drops the very terms that tell it from
 *     its template siblings, and union-find chains those siblings together. Default 10.
 */
public record LexiconParams(
        double nidfLow,
        double nidfHigh,
        int randomized,
        double dropFraction,
        long seed,
        int minTerms,
        int minRandomizedTerms)
        implements Serializable {

    public static final double DEFAULT_NIDF_LOW = 0.2;
    public static final double DEFAULT_NIDF_HIGH = 0.8;
    public static final int DEFAULT_RANDOMIZED = 10;
    public static final double DEFAULT_DROP_FRACTION = 0.33;
    public static final long DEFAULT_SEED = 2004;
    public static final int DEFAULT_MIN_TERMS = 2;
    public static final int DEFAULT_MIN_RANDOMIZED_TERMS = 10;
    /** Signatures of all lexicons of a page fit one {@code long} mask. */
    public static final int MAX_RANDOMIZED = 62;

    public LexiconParams {
        if (!(0 <= nidfLow && nidfLow <= nidfHigh && nidfHigh <= 1)) {
            throw new IllegalArgumentException(
                    "the nidf band must satisfy 0 <= low <= high <= 1, got [" + nidfLow + ", " + nidfHigh + "]");
        }
        if (randomized < 0 || randomized > MAX_RANDOMIZED) {
            throw new IllegalArgumentException(
                    "randomized lexicons must be 0.." + MAX_RANDOMIZED + ", got " + randomized);
        }
        if (!(0 <= dropFraction && dropFraction < 1)) {
            throw new IllegalArgumentException("the drop fraction must be in [0, 1), got " + dropFraction);
        }
        if (minTerms < 1) {
            throw new IllegalArgumentException("the minimum of lexicon terms must be at least 1, got " + minTerms);
        }
        if (minRandomizedTerms == 0) { // absent from lexicons written before it existed
            minRandomizedTerms = minTerms;
        }
        if (minRandomizedTerms < 1) {
            throw new IllegalArgumentException(
                    "the minimum of randomized-lexicon terms must be at least 1, got " + minRandomizedTerms);
        }
    }

    /** One threshold for all lexicons, as in the paper. */
    public LexiconParams(
            double nidfLow, double nidfHigh, int randomized, double dropFraction, long seed, int minTerms) {
        this(nidfLow, nidfHigh, randomized, dropFraction, seed, minTerms, minTerms);
    }

    /** The threshold for lexicon {@code j} (0 = the original). */
    public int minTerms(int j) {
        return j == 0 ? minTerms : minRandomizedTerms;
    }

    public static LexiconParams defaults() {
        return new LexiconParams(
                DEFAULT_NIDF_LOW,
                DEFAULT_NIDF_HIGH,
                DEFAULT_RANDOMIZED,
                DEFAULT_DROP_FRACTION,
                DEFAULT_SEED,
                DEFAULT_MIN_TERMS,
                DEFAULT_MIN_RANDOMIZED_TERMS);
    }

    public LexiconParams withRandomized(int k) {
        return new LexiconParams(nidfLow, nidfHigh, k, dropFraction, seed, minTerms, minRandomizedTerms);
    }
}
