package org.reusedetector.shingle;

import java.util.Arrays;
import org.reusedetector.page.TokenizingChunker;
import org.reusedetector.page.WordChars;
import org.reusedetector.page.WordSink;

/**
 * A page's words as fingerprints, and what the word signals take from them: its sampled distinct phrases for the
 * near-copy signal ({@link #sampledPhrases}) and its circular k-word phrases (computed once a page). Two ways
 * in: as a {@link WordSink} behind {@code PageHasher.hashWithWords}, or as the chunker's
 * {@link TokenizingChunker.ChunkSink} ({@code PageHasher.hashWithChunks}), which cuts the words itself from the chunk
 * text (see {@link #chunk}), with no word objects and no word stream, into the same words as {@code WordSplitter}
 * (maximal runs of letters and digits, per code point) with the same fingerprints as {@link Fingerprints#word}. One
 * per thread; {@link #reset} after each page.
 */
public final class PageSketcher implements WordSink, TokenizingChunker.ChunkSink {

    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;
    private static final int[] NO_IDS = new int[0];
    private final int k;
    /** {@link #phraseIds}' open-addressing table of the page's ids, valid where its stamp is the page's. */
    private int[] idTable = new int[0];

    private int[] idStamps = new int[0];
    private int stamp;
    private int[] ids = new int[1024];
    private long[] words = new long[1024];
    private int count;
    /** The current chunk's runs of word chars: start, end, start, end, ... */
    private int[] edges = new int[256];
    /** The circular phrases of the current page, valid when {@link #phrasesValid}. */
    private long[] phrases = new long[1024];

    private boolean phrasesValid;

    /** Runs of word chars published by the thread's I-Match signer for each chunk, or {@code null}: cut them here. */
    private final WordRuns runs;

    public PageSketcher(int k) {
        this(k, null);
    }

    /**
     * A sketcher of a parse thread whose I-Match signer may publish each chunk's runs of word chars: it takes them
     * from {@code runs} when the signer registered as their producer first ({@link WordRuns#consumer}), else it cuts
     * its own.
     */
    public static PageSketcher readingRuns(int k, WordRuns runs) {
        return new PageSketcher(k, runs.consumer() ? runs : null);
    }

    /** A sketcher that takes each chunk's runs of word chars from {@code runs} when they were published for it. */
    PageSketcher(int k, WordRuns runs) {
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
     * of word chars start and end (a branch on the class would be mispredicted about once a word); the second hashes each run's chars. With the I-Match signal on, its
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
            int i = e[w];
            int end = e[w + 1];
            long h = FNV_OFFSET;
            for (; i + 4 <= end; i += 4) {
                h = (h ^ text[i]) * FNV_PRIME;
                h = (h ^ text[i + 1]) * FNV_PRIME;
                h = (h ^ text[i + 2]) * FNV_PRIME;
                h = (h ^ text[i + 3]) * FNV_PRIME;
            }
            int left = end - i; // 0 to 3 chars
            if (i + 2 < length) {
                // the last chars with no branch on their number: steps past the word's end (reading chars of the chunk
                // after it) are masked out, so no loop exit that depends on the word's length is mispredicted
                h = fnvStepIf(h, text[i], 0, left);
                h = fnvStepIf(h, text[i + 1], 1, left);
                h = fnvStepIf(h, text[i + 2], 2, left);
            } else {
                for (; i < end; i++) {
                    h = (h ^ text[i]) * FNV_PRIME;
                }
            }
            out[n++] = Fingerprints.mix(h);
        }
        count = n;
        phrasesValid &= runCount == 0;
    }

    /** One FNV-1a step of char {@code c}, the group's char {@code at}, when {@code at < left}; else {@code h}, with no branch. */
    private static long fnvStepIf(long h, char c, int at, int left) {
        long stepped = (h ^ c) * FNV_PRIME;
        long mask = (long) (at - left) >> 63; // all ones when at < left (both 0 to 3)
        return h ^ ((h ^ stepped) & mask);
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

    /**
     * The current page's sampled distinct phrases of {@code params.k()} words ({@link Phrases#sampledGramSet}), its side
     * of the near-copy signal, keeping its words for other readers.
     */
    public long[] sampledPhrases(NearCopyParams params) {
        return Phrases.sampledGramSetOfPhrases(phrasesOf(params), count, k, params);
    }

    /** The current page's circular phrases, which must be of the near-copy signal's {@code k}. */
    private long[] phrasesOf(NearCopyParams params) {
        if (params.k() != k) {
            throw new IllegalArgumentException("a sketcher of " + k + "-word phrases asked for the near-copy signal's "
                    + params.k() + "-word ones");
        }
        return phrases();
    }

    /**
     * The ids ({@link Phrases#id}) of the current page's distinct {@code params.k()}-word phrases that the sample keeps,
     * in no order: the page's side of the near-copy signal, the ids of {@link #sampledPhrases}. Read from the page's
     * circular phrases ({@link #phrases}, computed once a page for every reader) and made distinct in a table reused
     * from page to page, with no sort; keeps the words for other readers.
     */
    public int[] phraseIds(NearCopyParams params) {
        int n = count;
        if (n < k) {
            return NO_IDS;
        }
        int phrases = n - k + 1;
        int capacity = Integer.highestOneBit(Math.max(16, phrases * 2 - 1)) << 1;
        if (idTable.length < capacity) {
            idTable = new int[capacity];
            idStamps = new int[capacity];
            stamp = 0;
        }
        if (++stamp == 0) { // the stamps went round: forget them all
            Arrays.fill(idStamps, 0);
            stamp = 1;
        }
        int mask = idTable.length - 1;
        if (ids.length < phrases) {
            ids = new int[Math.max(phrases, ids.length * 2)];
        }
        long[] circular = phrasesOf(params);
        int distinct = 0;
        for (int i = 0; i < phrases; i++) { // the first n − k + 1 circular phrases do not wrap
            long phrase = circular[i];
            if (params.sampled(phrase)) {
                int id = Phrases.id(phrase);
                int slot = (int) (phrase >>> 16) & mask; // above the sampled low bits, which are all zero
                while (idStamps[slot] == stamp && idTable[slot] != id) {
                    slot = (slot + 1) & mask;
                }
                if (idStamps[slot] != stamp) {
                    idStamps[slot] = stamp;
                    idTable[slot] = id;
                    ids[distinct++] = id;
                }
            }
        }
        return Arrays.copyOf(ids, distinct);
    }

    /** Forgets the current page's words (after each page, or a page that failed to parse). */
    public void reset() {
        count = 0;
        phrasesValid = false;
    }

    /** The word fingerprints of the current page, before {@link #reset}. */
    public long[] words() {
        return Arrays.copyOf(words, count);
    }
}
