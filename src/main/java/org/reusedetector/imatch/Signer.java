package org.reusedetector.imatch;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.util.Arrays;
import org.apache.commons.codec.digest.DigestUtils;
import org.reusedetector.page.TokenizingChunker;
import org.reusedetector.page.WordChars;
import org.reusedetector.page.WordSink;
import org.reusedetector.shingle.WordRuns;

/**
 * Turns a page's word stream into its extended I-Match signature (paper §4): one signature for the original lexicon
 * and one for each of the K randomized ones, each determined by the page's unique terms of that lexicon, sorted (§3
 * steps 2-3). A lexicon of which the page holds fewer than the minimum of terms gives no signature (§3 step 3), so tiny
 * pages cannot form false clusters.
 *
 * <p>The signature is a SHA-1, as in I-Match, but not over the terms' bytes: hashing every lexicon's terms anew
 * would hash each term once for every lexicon that holds it (1 + K·(1-p) times on average). Instead one pass over the sorted terms folds each term's 64-bit key (from the SHA-1 of the term) into a 128-bit
 * polynomial fingerprint per lexicon, and the signature is the SHA-1 of that fingerprint and the term count. Equal
 * sorted term sets give equal signatures; different ones collide with probability about 2^-64 per pair.
 * <p>Two ways in: as a {@link WordSink} behind {@code PageHasher.hashWithWords} (beside other word consumers), or,
 * as the chunker's {@link TokenizingChunker.ChunkSink} ({@code PageHasher.hashWithChunks}), which splits the words
 * itself from each chunk's text as it is hashed, with no word objects (see {@link #chunk}). Both cut the same words as
 * {@code WordSplitter} (maximal runs of letters and digits, per code point).
 * Holds buffers and a digest: one instance per thread.
 */
public final class Signer implements WordSink, TokenizingChunker.ChunkSink {

    private static final long M1 = 0x9E3779B97F4A7C15L;
    private static final long M2 = 0xC2B2AE3D27D4EB4FL;

    private final LexiconTable table;
    private final int minTerms;
    private final int minRandomizedTerms;
    private final int lexicons;
    private final MessageDigest digest = DigestUtils.getSha1Digest();
    private final long[] low;
    private final long[] high;
    private final int[] counts;
    private final byte[] block = new byte[20];
    /**
     * The words of this page already looked up, direct-mapped by hash (small enough for the L1 cache): each entry is
     * the word's 64-bit hash xor {@link #pageSalt}, so that a new page needs no clearing. Two different words of one
     * page with equal 64-bit hashes would count as one: about 2^-64 per pair of words.
     */
    private static final int RECENT_WORDS = 1024;

    private final long[] recentWords = new long[RECENT_WORDS];
    private long pageSalt = M1;
    /**
     * The page's words to look up, probed together at the end of the page: the table is too large for the nearer
     * caches, and probes in a loop of their own overlap their misses, where a probe between the chars of the word
     * loop would wait for its miss alone.
     */
    private long[] pending = new long[256];

    private int pendingCount;
    /** The home-slot entries of {@link #pending}, read in a loop of their own. */
    private long[] homes = new long[256];
    /**
     * One bit per term id: set for the terms of the current page, so that each is kept once, and read in id order
     * (the terms' sorted order) when signing, which clears it. One spare word at the end takes the words that are no terms.
     */
    private final long[] seen;
    /** The fingerprint key of each term of the current page, by id, noted by the probe that found it; one spare entry. */
    private final long[] keyById;
    /** The current chunk's folded chars, two bytes each (little-endian), 0 for a char that is no letter or digit. */
    private byte[] folded = new byte[512];
    /** The current chunk's runs of word chars: start, end, start, end, ... */
    private int[] edges = new int[256];
    /** The current chunk's runs of a term's length: start, length, start, length, ... */
    private int[] termRuns = new int[256];
    /** Where this signer publishes {@link #edges} for the shingle words, or {@code null}. */
    private final WordRuns runs;

    private byte[] signatures = Signatures.NONE;

    public Signer(LexiconTable table) {
        this(table, null);
    }

    /**
     * A signer that also publishes each chunk's runs of word chars to {@code runs} for the shingle words of the same
     * thread (when it is the runs' producer: see {@link WordRuns#producer}); {@code null}: none.
     */
    public Signer(LexiconTable table, WordRuns runs) {
        this.runs = runs != null && runs.producer() ? runs : null;
        this.table = table;
        this.minTerms = table.lexicon().params().minTerms();
        this.minRandomizedTerms = table.lexicon().params().minRandomizedTerms();
        this.lexicons = table.lexiconCount();
        this.low = new long[lexicons];
        this.high = new long[lexicons];
        this.counts = new int[lexicons];
        this.seen = new long[((table.size() + 63) >>> 6) + 1];
        this.keyById = new long[table.size() + 1];
    }

    public LexiconTable table() {
        return table;
    }

    @Override
    public void word(char[] text, int start, int length) {
        if (length >= TermRules.MIN_LENGTH && length <= table.maxLength()) {
            long hash = LexiconTable.hash(text, start, length);
            if (pending.length == pendingCount) {
                pending = Arrays.copyOf(pending, pendingCount * 2);
            }
            pendingCount = lookUpOnce(hash, pending, pendingCount, recentWords, pageSalt);
        }
    }

    /**
     * Queues a word (its hash) for the table unless it was met earlier on this page; returns the new queue length. A
     * word can still be queued twice when another word took its place in {@link #recentWords}: {@link #sign} counts
     * each term once. Branch-free: whether a word recurs (most words of a page do) is unpredictable.
     */
    private static int lookUpOnce(long hash, long[] queue, int queued, long[] recent, long salt) {
        long stamp = hash ^ salt;
        int at = (int) (hash >>> 40) & (RECENT_WORDS - 1);
        long before = recent[at];
        recent[at] = stamp;
        queue[queued] = hash;
        return queued + (before != stamp ? 1 : 0);
    }

    /**
     * For every BMP char that is no surrogate (128 KB): the folded char for a letter or digit, 0 for any other (0 is no
     * letter or digit), so that one table read both classifies and folds, instead of the Unicode lookups of
     * {@code Character.isLetterOrDigit} and {@code Character.toLowerCase}. ASCII text reads only its first 256 bytes.
     */
    private static final char[] BMP_FOLDED = new char[1 << 16];

    static {
        for (int c = 1; c < 1 << 16; c++) {
            if (!WordChars.isSurrogate((char) c) && Character.isLetterOrDigit(c)) {
                BMP_FOLDED[c] = TermRules.fold((char) c);
            }
        }
    }

    private static final VarHandle CHARS = MethodHandles.byteArrayViewVarHandle(char[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** Room after a chunk's folded chars: a word's last group and its second group are read whole, then masked. */
    private static final int FOLDED_SLACK = 16;

    /**
     * Loops with no branch on a char's class or a word's length (such a branch is mispredicted about once a word):
     * the first folds every char into {@link #folded} (as the 16-bit
     * lanes that {@link LexiconTable#hash} groups) and notes where runs of word chars start and end; the second keeps
     * the runs of a term's length; the third hashes each of them from its folded chars, four at a time (one load), and
     * queues it (see {@link #lookUpOnce}).
     */
    @Override
    public void chunk(char[] text, int length) {
        if (folded.length < 2 * length + FOLDED_SLACK) {
            folded = new byte[Math.max(2 * length + FOLDED_SLACK, folded.length * 2)];
        }
        if (edges.length < length + 2) {
            edges = new int[Math.max(length + 2, edges.length * 2)];
            termRuns = new int[edges.length];
        }
        byte[] f = folded;
        int[] e = edges;
        int edgeCount = 0;
        int inWord = 0;
        for (int i = 0; i < length; i++) {
            char c = text[i];
            char g = BMP_FOLDED[c];
            if ((char) (c - Character.MIN_SURROGATE) <= Character.MAX_SURROGATE - Character.MIN_SURROGATE) {
                g = surrogateFolded(text, i, length);
            }
            CHARS.set(f, i << 1, g);
            int isWord = g != 0 ? 1 : 0;
            e[edgeCount] = i; // a run of word chars starts or ends here when the class changes
            edgeCount += isWord ^ inWord;
            inWord = isWord;
        }
        e[edgeCount] = length;
        edgeCount += inWord;
        if (runs != null) {
            runs.publish(e, edgeCount, length);
        }
        // the runs of a term's length (start, length), compacted with no branch on the length
        int maxLength = table.maxLength();
        int words = 0;
        int[] t = termRuns;
        for (int w = 0; w < edgeCount; w += 2) {
            int start = e[w];
            int wordLength = e[w + 1] - start;
            t[2 * words] = start;
            t[2 * words + 1] = wordLength;
            words += ~((wordLength - TermRules.MIN_LENGTH) | (maxLength - wordLength)) >>> 31;
        }
        if (pending.length < pendingCount + words) {
            pending = Arrays.copyOf(pending, Math.max(pendingCount + words, pending.length * 2));
        }
        long[] queue = pending;
        int queued = pendingCount;
        long[] recent = recentWords;
        long salt = pageSalt;
        for (int w = 0; w < words; w++) {
            int start = t[2 * w];
            int wordLength = t[2 * w + 1];
            int at = start << 1;
            long second = (long) LONGS.get(f, at + 8);
            second &= wordLength >= 8 ? -1L : (1L << ((wordLength - 4) << 4)) - 1; // 0 for a word of four chars
            long h = LexiconTable.step(LexiconTable.step(LexiconTable.SEED, (long) LONGS.get(f, at)), second);
            if (wordLength > 8) {
                int end = start + wordLength;
                int g = start + 8;
                for (; g + 4 <= end; g += 4) {
                    h = LexiconTable.step(h, (long) LONGS.get(f, g << 1));
                }
                if (g < end) {
                    h = LexiconTable.step(h, (long) LONGS.get(f, g << 1) & (1L << ((end - g) << 4)) - 1);
                }
            }
            queued = lookUpOnce(LexiconTable.mix(h + wordLength), queue, queued, recent, salt);
        }
        pendingCount = queued;
    }

    /**
     * The folded char at a surrogate: the char itself (as {@link TermRules#fold} leaves it) when its code point (a
     * pair, or a lone surrogate) is a letter or digit, else 0. A low surrogate after a high one belongs to their pair.
     */
    private static char surrogateFolded(char[] text, int i, int length) {
        return WordChars.wordCharBit(text, i, length) != 0 ? TermRules.fold(text[i]) : 0;
    }

    @Override
    public void endOfPage() {
        signatures = sign();
        pageSalt += M1; // odd increment: no salt repeats within 2^64 pages
    }

    /** The signatures of the last page (see {@link Signatures}); {@link Signatures#NONE} when no lexicon gave one. */
    public byte[] signatures() {
        return signatures;
    }

    private byte[] sign() {
        int n = pendingCount;
        pendingCount = 0;
        if (homes.length < n) {
            homes = new long[Math.max(n, homes.length * 2)];
        }
        long[] queue = pending;
        long[] home = homes;
        // the home slots first, in a loop whose loads do not wait for one another: their cache misses overlap
        for (int i = 0; i < n; i++) {
            home[i] = table.home(queue[i]);
        }
        long idMask = table.idMask();
        long[] bits = seen;
        long[] keys = keyById;
        int idWords = seen.length - 1;
        for (int i = 0; i < n; i++) {
            long h = queue[i];
            long entry = home[i];
            // a match at the home slot (an empty one reads as id -1), an empty home slot, or a probe on
            int slot = ((entry ^ h) & ~idMask) == 0 ? table.homeSlot(h) : entry == 0 ? -1 : table.probeOn(h);
            int id = slot < 0 ? -1 : table.idAt(slot);
            long key = slot < 0 ? 0 : table.keyAt(slot); // in the line the probe read: signing reads no table by id
            keys[id < 0 ? keys.length - 1 : id] = key;
            bits[id < 0 ? idWords : id >>> 6] |=
                    1L << id; // no branch: a word that is no term sets a bit of the spare word
        }
        bits[idWords] = 0;
        int count = 0;
        for (int w = 0; w < idWords; w++) {
            count += Long.bitCount(bits[w]);
        }
        if (count < Math.min(minTerms, minRandomizedTerms)) {
            if (count > 0) {
                Arrays.fill(bits, 0, idWords, 0);
            }
            return Signatures.NONE;
        }
        Arrays.fill(low, 0);
        Arrays.fill(high, 0);
        Arrays.fill(counts, 0);
        for (int w = 0; w < idWords; w++) { // ids in increasing order: the sorted terms, with no sort
            long word = bits[w];
            if (word == 0) {
                continue;
            }
            bits[w] = 0;
            for (; word != 0; word &= word - 1) {
                int id = w << 6 | Long.numberOfTrailingZeros(word);
                long key = keys[id];
                for (long mask = table.membership(id); mask != 0; mask &= mask - 1) {
                    int j = Long.numberOfTrailingZeros(mask);
                    low[j] = low[j] * M1 + key;
                    high[j] = (high[j] ^ key) * M2 + 1;
                    counts[j]++;
                }
            }
        }
        byte[] out = null;
        for (int j = 0; j < lexicons; j++) {
            if (counts[j] < (j == 0 ? minTerms : minRandomizedTerms)) {
                continue;
            }
            if (out == null) {
                out = new byte[lexicons * Signatures.LENGTH];
            }
            putLong(block, 0, low[j]);
            putLong(block, 8, high[j]);
            putInt(block, 16, counts[j]);
            digest.update(block);
            digestInto(out, j * Signatures.LENGTH); // digest() resets the digest for the next lexicon
        }
        return out == null ? Signatures.NONE : out;
    }

    private void digestInto(byte[] out, int at) {
        try {
            digest.digest(out, at, Signatures.LENGTH); // no array per signature, no copy
        } catch (java.security.DigestException e) {
            throw new IllegalStateException("SHA-1 digest of " + Signatures.LENGTH + " bytes", e);
        }
    }

    private static void putLong(byte[] b, int at, long v) {
        for (int i = 7; i >= 0; i--) {
            b[at + i] = (byte) v;
            v >>>= 8;
        }
    }

    private static void putInt(byte[] b, int at, int v) {
        for (int i = 3; i >= 0; i--) {
            b[at + i] = (byte) v;
            v >>>= 8;
        }
    }
}
