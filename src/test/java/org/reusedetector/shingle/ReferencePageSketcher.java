package org.reusedetector.shingle;

import java.util.Arrays;
import org.reusedetector.page.TokenizingChunker;
import org.reusedetector.page.WordChars;
import org.reusedetector.page.WordSink;

/**
 * The sketcher's word fingerprints and circular k-word phrases as they were computed before its word hashing was
 * unrolled (the differential test's oracle). Two ways
 * in: as a {@link WordSink} behind {@code PageHasher.hashWithWords}, or as the chunker's
 * {@link TokenizingChunker.ChunkSink} ({@code PageHasher.hashWithChunks}), which cuts the words itself from the chunk
 * text (see {@link #chunk}), with no word objects and no word stream, into the same words as {@code WordSplitter}
 * (maximal runs of letters and digits, per code point) with the same fingerprints as {@link Fingerprints#word}. One
 * per thread; {@link #reset} after each page.
 */
public final class ReferencePageSketcher implements WordSink, TokenizingChunker.ChunkSink {

    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;
    private final int k;
    private long[] words = new long[1024];
    private int count;
    /** The current chunk's runs of word chars: start, end, start, end, ... */
    private int[] edges = new int[256];
    /** The circular phrases of the current page, valid when {@link #phrasesValid}. */
    private long[] phrases = new long[1024];

    private boolean phrasesValid;

    /** Runs of word chars published by the thread's I-Match signer for each chunk, or {@code null}: cut them here. */
    private final WordRuns runs;

    public ReferencePageSketcher(int k) {
        this(k, null);
    }

    /**
     * A sketcher of a parse thread whose I-Match signer may publish each chunk's runs of word chars: it takes them
     * from {@code runs} when the signer registered as their producer first ({@link WordRuns#consumer}), else it cuts
     * its own.
     */
    public static ReferencePageSketcher readingRuns(int k, WordRuns runs) {
        return new ReferencePageSketcher(k, runs.consumer() ? runs : null);
    }

    /** A sketcher that takes each chunk's runs of word chars from {@code runs} when they were published for it. */
    ReferencePageSketcher(int k, WordRuns runs) {
        this.k = k;
        this.runs = runs;
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

    /**
     * Cuts the chunk's words and fingerprints them ({@link Fingerprints#word}). Two loops, as the I-Match signer cuts
     * its words: the first classifies every char by one table read with no branch on its class and notes where runs
     * of word chars start and end (a branch on the class was mispredicted about once a word); the second hashes each run's chars. With the I-Match signal on, its
     * signer has classified the chunk's chars already and the first loop is skipped ({@link WordRuns}).
     */
    @Override
    public void chunk(char[] text, int length) {
        int[] e;
        int edgeCount;
        if (runs != null && runs.take(length)) {
            e = runs.edges();
            edgeCount = runs.edgeCount();
        } else {
            if (edges.length < length + 2) {
                edges = new int[Math.max(length + 2, edges.length * 2)];
            }
            e = edges;
            edgeCount = 0;
            int inWord = 0;
            for (int i = 0; i < length; i++) {
                int isWord = WordChars.wordCharBit(text, i, length);
                e[edgeCount] = i; // a run of word chars starts or ends here when the class changes
                edgeCount += isWord ^ inWord;
                inWord = isWord;
            }
            e[edgeCount] = length;
            edgeCount += inWord;
        }
        int runCount = edgeCount >>> 1;
        if (words.length < count + runCount) {
            words = Arrays.copyOf(words, Math.max(count + runCount, words.length * 2));
        }
        long[] out = words;
        int n = count;
        for (int w = 0; w < edgeCount; w += 2) {
            long h = FNV_OFFSET;
            for (int i = e[w], end = e[w + 1]; i < end; i++) {
                h = (h ^ text[i]) * FNV_PRIME;
            }
            out[n++] = Fingerprints.mix(h);
        }
        count = n;
        phrasesValid &= runCount == 0;
    }

    /** The number of words of the current page. */
    public int wordCount() {
        return count;
    }

    /**
     * The current page's circular phrases ({@link Phrases#circular}): the first {@link #wordCount()} elements of the
     * returned buffer, which the sketcher reuses; computed once a page, whoever asks first.
     */
    public long[] phrases() {
        if (!phrasesValid) {
            if (phrases.length < count) {
                phrases = new long[Math.max(count, phrases.length * 2)];
            }
            Phrases.circular(words, count, k, phrases);
            phrasesValid = true;
        }
        return phrases;
    }

    /** Forgets the current page's words (a page that failed to parse, or after its grams when it needs no sketch). */
    public void reset() {
        count = 0;
        phrasesValid = false;
    }

    /** The word fingerprints of the current page, before {@link #reset}. */
    public long[] words() {
        return Arrays.copyOf(words, count);
    }
}
