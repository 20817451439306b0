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
        circular(words, words.length, k, phrases);
        return phrases;
    }

    /** As {@link #circular(long[], int)}, for the first {@code n} words, into {@code phrases[0, n)}. */
    public static void circular(long[] words, int n, int k, long[] phrases) {
        if (n == 0) {
            return;
        }
        long top = 1; // R^(k-1)
        for (int j = 1; j < k; j++) {
            top *= Fingerprints.R;
        }
        long h = 0;
        for (int j = 0; j < k; j++) {
            h = h * Fingerprints.R + words[j % n];
        }
        // roll: drop word i, append word i + k; only the last k phrases wrap round the circle (no division before)
        int i = 0;
        for (int straight = n - k; i < straight; i++) {
            phrases[i] = Fingerprints.mix(h);
            h = (h - words[i] * top) * Fingerprints.R + words[i + k];
        }
        for (; i < n; i++) {
            phrases[i] = Fingerprints.mix(h);
            h = (h - words[i] * top) * Fingerprints.R + words[(i + k) % n];
        }
    }

    /**
     * Najork 2012 §2: an n-word document is segmented into n − k + 1 overlapping k-grams (none when n &lt; k); the
     * result is the document's gram set, distinct and sorted.
     */
    public static long[] gramSet(long[] words, int k) {
        return gramSetOfPhrases(circular(words, k), k);
    }

    /** As {@link #gramSet(long[], int)}, from the document's {@link #circular} phrases (the first n − k + 1 do not wrap). */
    public static long[] gramSetOfPhrases(long[] circularPhrases, int k) {
        if (circularPhrases.length < k) {
            return new long[0];
        }
        long[] grams = Arrays.copyOf(circularPhrases, circularPhrases.length - k + 1);
        Arrays.sort(grams);
        int distinct = 0;
        for (int i = 0; i < grams.length; i++) {
            if (i == 0 || grams[i] != grams[i - 1]) {
                grams[distinct++] = grams[i];
            }
        }
        return Arrays.copyOf(grams, distinct);
    }

    /**
     * A phrase's id in the near-copy index: the high half of its fingerprint (the sample takes the low bits). Two
     * phrases share an id with probability 2⁻³²: a stray hit now and then, never the several on one labelled page
     * that a match needs.
     */
    public static int id(long phrase) {
        return (int) (phrase >>> 32);
    }

    /** The distinct ids ({@link #id}) of phrases, sorted. */
    public static int[] ids(long[] phrases) {
        return java.util.Arrays.stream(phrases)
                .mapToInt(Phrases::id)
                .sorted()
                .distinct()
                .toArray();
    }

    /**
     * The distinct k-grams of the first {@code n} words ({@link #gramSet}'s values) that {@code sample} keeps, sorted:
     * the labelled side of the near-copy signal.
     */
    public static long[] sampledGramSet(long[] words, int n, int k, NearCopyParams sample) {
        long[] phrases = new long[n];
        circular(words, n, k, phrases);
        return sampledGramSetOfPhrases(phrases, n, k, sample);
    }

    /** As {@link #sampledGramSet}, from the first {@code n} of a document's {@link #circular} phrases. */
    public static long[] sampledGramSetOfPhrases(long[] circularPhrases, int n, int k, NearCopyParams sample) {
        if (n < k) {
            return new long[0];
        }
        long[] kept = new long[n - k + 1];
        int count = 0;
        for (int i = 0; i < n - k + 1; i++) { // the first n − k + 1 do not wrap
            if (sample.sampled(circularPhrases[i])) {
                kept[count++] = circularPhrases[i];
            }
        }
        Arrays.sort(kept, 0, count);
        int distinct = 0;
        for (int i = 0; i < count; i++) {
            if (i == 0 || kept[i] != kept[i - 1]) {
                kept[distinct++] = kept[i];
            }
        }
        return Arrays.copyOf(kept, distinct);
    }
}
