package org.reusedetector.shingle;

import java.util.Arrays;
import org.reusedetector.page.WordSink;

/**
 * Sketches a page from the word stream ({@link org.reusedetector.page.PageHasher#hashWithWords}): its 84 min-hash
 * shingles over circular k-word phrases, the values {@code phrases} uses. One per thread; {@link #sketch} after each
 * page.
 */
public final class PageSketcher implements WordSink {

    private static final long[] EMPTY = new long[0];

    private final int k;
    private final MinHash minHash = new MinHash(MinHash.SELECTORS);
    private long[] words = new long[1024];
    private int count;

    public PageSketcher(int k) {
        this.k = k;
    }

    @Override
    public void word(char[] text, int start, int length) {
        if (count == words.length) {
            words = Arrays.copyOf(words, count * 2);
        }
        words[count++] = Fingerprints.word(text, start, length);
    }

    /** The page's shingles (empty for a page without words); resets for the next page. */
    public long[] sketch() {
        if (count == 0) {
            return EMPTY;
        }
        long[] phrases = Phrases.circular(Arrays.copyOf(words, count), k);
        count = 0;
        return minHash.shingles(phrases, phrases.length);
    }

    /** Forgets the current page's words (a page that failed to parse). */
    public void reset() {
        count = 0;
    }

    /** The word fingerprints of the current page (for the quilt signal), before {@link #sketch}. */
    public long[] words() {
        return Arrays.copyOf(words, count);
    }
}
