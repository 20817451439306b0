package org.reusedetector.shingle;

import java.util.Arrays;

/** The two ways the papers cut a document's words into k-word phrases. */
public final class Phrases {

    private Phrases() {}

    /**
     * Fetterly et al. 2005 §3.1: "We treat the document as a circle: its last word is followed by its first word.
     * Consequently, an n-word document has exactly n phrases, independent of k. The single phrase for a one-word
     * document will be k repetitions of that one word." Element i is the phrase starting at word i.
     */
    public static long[] circular(long[] words, int k) {
        long[] phrases = new long[words.length];
        for (int i = 0; i < words.length; i++) {
            phrases[i] = Fingerprints.phrase(words, i, k);
        }
        return phrases;
    }

    /**
     * Najork 2012 §2: an n-word document is segmented into n − k + 1 overlapping k-grams (none when n &lt; k); the
     * result is the document's gram set, distinct and sorted.
     */
    public static long[] gramSet(long[] words, int k) {
        if (words.length < k) {
            return new long[0];
        }
        long[] grams = new long[words.length - k + 1];
        for (int i = 0; i < grams.length; i++) {
            grams[i] = Fingerprints.phrase(words, i, k);
        }
        Arrays.sort(grams);
        int distinct = 0;
        for (int i = 0; i < grams.length; i++) {
            if (i == 0 || grams[i] != grams[i - 1]) {
                grams[distinct++] = grams[i];
            }
        }
        return Arrays.copyOf(grams, distinct);
    }
}
