package org.reusedetector.imatch;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.reusedetector.page.WordSink;

/**
 * The collection statistics a lexicon is built from (paper §3, step 1): in how many pages each term occurs. Feed it
 * the word stream of each page ({@code PageHasher.hashWithWords}); each page counts once per unique term. Not thread-safe.
 */
public final class DocumentFrequencies implements WordSink {

    private final Map<String, int[]> frequencies = new HashMap<>();
    private final Set<String> page = new HashSet<>();
    private long documents;

    @Override
    public void word(char[] text, int start, int length) {
        String term = TermRules.term(text, start, length);
        if (term != null) {
            page.add(term);
        }
    }

    @Override
    public void endOfPage() {
        documents++;
        for (String term : page) {
            frequencies.computeIfAbsent(term, t -> new int[1])[0]++;
        }
        page.clear();
    }

    /** Adds another instance's counts (for parallel counting). */
    public void addAll(DocumentFrequencies other) {
        documents += other.documents;
        other.frequencies.forEach((term, count) -> frequencies.computeIfAbsent(term, t -> new int[1])[0] += count[0]);
    }

    public long documents() {
        return documents;
    }

    public int terms() {
        return frequencies.size();
    }

    /** In how many pages the term occurs (0 if never). */
    public int frequency(String term) {
        int[] count = frequencies.get(term);
        return count == null ? 0 : count[0];
    }

    Map<String, int[]> asMap() {
        return frequencies;
    }

    /**
     * Normalised idf (paper §6.6): {@code log(N / df) / log(N)}, 0 for a term in every page, 1 for a term in one page.
     */
    public static double normalisedIdf(long documents, long frequency) {
        if (documents <= 1 || frequency <= 0) {
            return 0;
        }
        return Math.log((double) documents / frequency) / Math.log(documents);
    }
}
