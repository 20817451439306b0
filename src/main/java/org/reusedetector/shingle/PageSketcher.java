package org.reusedetector.shingle;

import java.util.Arrays;
import org.reusedetector.page.TokenizingChunker;
import org.reusedetector.page.WordChars;
import org.reusedetector.page.WordSink;

/**
 * Sketches a page from its words: its 84 min-hash shingles over circular k-word phrases, the values {@code phrases}
 * uses, and the quilt signal's sampled grams from the same phrases (computed once a page). Two ways in: as a
 * {@link WordSink} behind {@code PageHasher.hashWithWords}, or as the chunker's {@link TokenizingChunker.ChunkSink}
 * ({@code PageHasher.hashWithChunks}), which cuts the words itself and fingerprints each char as it reads it: one pass
 * over the text instead of two, with the same words as {@code WordSplitter} (maximal runs of letters and digits, per
 * code point) and the same fingerprints as {@link Fingerprints#word}. One per thread; {@link #sketch} or
 * {@link #reset} after each page.
 */
public final class PageSketcher implements WordSink, TokenizingChunker.ChunkSink {

    private static final long[] EMPTY = new long[0];
    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;
    private final int k;
    private final MinHash minHash = new MinHash(MinHash.SELECTORS);
    private long[] words = new long[1024];
    private int count;
    /** The circular phrases of the current page, valid when {@link #phrasesValid}. */
    private long[] phrases = new long[1024];
    private boolean phrasesValid;

    public PageSketcher(int k) {
        this.k = k;
    }

    @Override
    public void word(char[] text, int start, int length) {
        add(Fingerprints.word(text, start, length));
    }

    private void add(long fingerprint) {
        if (count == words.length) {
            words = Arrays.copyOf(words, count * 2);
        }
        words[count++] = fingerprint;
        phrasesValid = false;
    }

    @Override
    public void chunk(char[] text, int length) {
        int start = -1;
        long h = 0;
        int i = 0;
        while (i < length) {
            int signedWidth = WordChars.letterOrDigitWidth(text, i, length);
            int width = Math.abs(signedWidth);
            if (signedWidth > 0) {
                if (start < 0) {
                    start = i;
                    h = FNV_OFFSET;
                }
                h = (h ^ text[i]) * FNV_PRIME;
                if (width == 2) {
                    h = (h ^ text[i + 1]) * FNV_PRIME;
                }
            } else if (start >= 0) {
                add(Fingerprints.mix(h));
                start = -1;
            }
            i += width;
        }
        if (start >= 0) {
            add(Fingerprints.mix(h));
        }
    }

    /** The number of words of the current page. */
    public int wordCount() {
        return count;
    }

    /**
     * The current page's circular phrases ({@link Phrases#circular}): the first {@link #wordCount()} elements of the
     * returned buffer, which the sketcher reuses.
     */
    private long[] phrases() {
        if (!phrasesValid) {
            if (phrases.length < count) {
                phrases = new long[Math.max(count, phrases.length * 2)];
            }
            Phrases.circular(words, count, k, phrases);
            phrasesValid = true;
        }
        return phrases;
    }

    /** The page's shingles (empty for a page without words); resets for the next page. */
    public long[] sketch() {
        if (count == 0) {
            return EMPTY;
        }
        long[] shingles = minHash.shingles(phrases(), count);
        reset();
        return shingles;
    }

    /** The quilt signal's sampled grams of the current page ({@link QuiltStream#sampledGrams}), before {@link #sketch}. */
    public long[] sampledGrams(QuiltStream quilt) {
        if (quilt.params().k() != k) {
            return quilt.sampledGrams(words());
        }
        return quilt.sampledGramsOfPhrases(phrases(), count);
    }

    /** Forgets the current page's words (a page that failed to parse, or after its grams when it needs no sketch). */
    public void reset() {
        count = 0;
        phrasesValid = false;
    }

    /** The word fingerprints of the current page, before {@link #sketch}. */
    public long[] words() {
        return Arrays.copyOf(words, count);
    }
}
