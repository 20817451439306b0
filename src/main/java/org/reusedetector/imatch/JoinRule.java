package org.reusedetector.imatch;

import java.io.Serializable;

/**
 * When two pages that share an I-Match signature are joined: a deviation from the paper, which joins them on the
 * signature alone. A signature only says that two pages hold the same terms of the lexicon's idf band; pages that
 * differ only in words outside the band share it too, and these are typically small generated pages that differ in a
 * name too rare for the band (rustdoc's redirect and intrinsic pages, one feature name apart). Union-find then chains
 * them into clusters of pages with little text in common. So the signature names candidates, and the join is made
 * only when the two pages' word phrases agree ({@link PhraseSample}):
 *
 * <ul>
 *   <li>their resemblance is at least {@code minResemblance} (Broder et al. 1997, "Syntactic clustering of the Web",
 *       cluster at resemblance 50 %), or
 *   <li>the page with fewer phrases has at least {@code minContainment} of them in the other (Broder 1997's
 *       containment): a copy with text added, such as ads around a small page, resembles its source little but holds
 *       it nearly whole. Nearly: text put in at one point breaks the source's phrases that run across that point, up
 *       to k − 1 of them, and on a small page one is already a share (an ad put after a one-word title breaks the
 *       phrase that runs on from the title). 3 of 4 keeps a page of 4 phrases (8 words) with one broken; a page one
 *       name apart loses every phrase that holds the name, k of them for a name well inside the page. The estimate
 *       counts only when it rests on all of that page's phrases or on at least {@code minCompared} of them, so that a
 *       small page is not judged inside a far larger one from a phrase or two.
 * </ul>
 *
 * @param phraseWords k, words per phrase (5, as the shingle signals and Fetterly et al. 2005)
 * @param sampleSize phrases sampled per page: pages with no more distinct phrases are compared exactly
 * @param minResemblance the least resemblance that confirms a join
 * @param minContainment the least containment of the page with fewer phrases that confirms a join
 * @param minCompared phrases of that page the containment must rest on, unless they are all its phrases
 */
public record JoinRule(int phraseWords, int sampleSize, double minResemblance, double minContainment, int minCompared)
        implements Serializable {

    public static final int DEFAULT_PHRASE_WORDS = 5;
    public static final int DEFAULT_SAMPLE_SIZE = 128;
    public static final double DEFAULT_MIN_RESEMBLANCE = 0.5;
    public static final double DEFAULT_MIN_CONTAINMENT = 0.75;
    public static final int DEFAULT_MIN_COMPARED = 16;

    public JoinRule {
        if (phraseWords < 1 || sampleSize < 1 || minCompared < 1) {
            throw new IllegalArgumentException("phrase words, sample size and phrases compared must be at least 1: "
                    + phraseWords + ", " + sampleSize + ", " + minCompared);
        }
        if (!(0 < minResemblance && minResemblance <= 1 && 0 < minContainment && minContainment <= 1)) {
            throw new IllegalArgumentException("the least resemblance and containment must be in (0, 1]: "
                    + minResemblance + ", " + minContainment);
        }
    }

    public static JoinRule defaults() {
        return new JoinRule(
                DEFAULT_PHRASE_WORDS,
                DEFAULT_SAMPLE_SIZE,
                DEFAULT_MIN_RESEMBLANCE,
                DEFAULT_MIN_CONTAINMENT,
                DEFAULT_MIN_COMPARED);
    }

    /** Whether two pages that share a signature are joined. */
    public boolean confirms(PhraseSample a, PhraseSample b) {
        return confirms(a.overlap(b));
    }

    /** Whether two pages that share a signature, with this overlap of their phrase samples, are joined. */
    public boolean confirms(PhraseSample.Overlap overlap) {
        if (overlap.resemblance() >= minResemblance) {
            return true;
        }
        boolean enough = overlap.smallerWhole() || overlap.smallerCompared() >= minCompared;
        return enough && overlap.containment() >= minContainment;
    }
}
