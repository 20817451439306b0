package org.reusedetector.imatch;

import java.security.MessageDigest;
import java.util.Arrays;
import org.apache.commons.codec.digest.DigestUtils;
import org.reusedetector.page.TokenizingChunker;
import org.reusedetector.page.WordChars;
import org.reusedetector.page.WordSink;

/**
 * Turns a page's word stream into its extended I-Match signature (paper §4): one signature for the original lexicon
 * and one for each of the K randomized ones, each determined by the page's unique terms of that lexicon, sorted (§3
 * steps 2-3). A lexicon of which the page holds fewer than the minimum of terms gives no signature (§3 step 3), so tiny
 * pages cannot form false clusters.
 *
 * <p>The signature is a SHA-1, as in I-Match, but not over the terms' bytes: hashing every lexicon's terms anew
 * would hash a page's text some eight times over (1 + K·(1-p)) and cost the parse step most of its speed. Instead
 * one pass over the sorted terms folds each term's 64-bit key (from the SHA-1 of the term) into a 128-bit
 * polynomial fingerprint per lexicon, and the signature is the SHA-1 of that fingerprint and the term count. Equal
 * sorted term sets give equal signatures; different ones collide with probability about 2^-64 per pair.
 * <p>Two ways in: as a {@link WordSink} behind {@code PageHasher.hashWithWords} (beside other word consumers), or,
 * alone, as the chunker's {@link TokenizingChunker.ChunkSink} ({@code PageHasher.hashWithChunks}), which splits the
 * words itself and folds each char into the lookup hash as it reads it: one pass over the text instead of two. Both
 * cut the same words as {@code WordSplitter} (maximal runs of letters and digits, per code point).
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
     * loop waited for its miss alone (probes were 1.2 of the lookups' 2.6 ms/MB on the default crawl).
     */
    private long[] pending = new long[256];
    private int pendingCount;
    /** The page's term ids, each once (see {@link #seen}), sorted before signing. */
    private int[] ids = new int[64];
    private int count;
    /** One bit per term id: set for the terms of the current page, so that each is kept once; cleared after signing. */
    private final long[] seen;
    private byte[] signatures = Signatures.NONE;

    public Signer(LexiconTable table) {
        this.table = table;
        this.minTerms = table.lexicon().params().minTerms();
        this.minRandomizedTerms = table.lexicon().params().minRandomizedTerms();
        this.lexicons = table.lexiconCount();
        this.low = new long[lexicons];
        this.high = new long[lexicons];
        this.counts = new int[lexicons];
        this.seen = new long[(table.size() + 63) >>> 6];
    }

    public LexiconTable table() {
        return table;
    }

    @Override
    public void word(char[] text, int start, int length) {
        if (length >= TermRules.MIN_LENGTH && length <= table.maxLength()) {
            lookUpOnce(table.hash(text, start, length));
        }
    }

    /**
     * Queues a word (its mixed hash) for the table unless it was met earlier on this page. A word can still be queued
     * twice when another word took its place in {@link #recentWords}; {@link #sign} counts each term once.
     */
    private void lookUpOnce(long hash) {
        // most words recur on their page (60-80 % of lookups on the standard crawls): a word met again is done
        long stamp = hash ^ pageSalt;
        int at = (int) (hash >>> 40) & (RECENT_WORDS - 1);
        if (recentWords[at] != stamp) {
            recentWords[at] = stamp;
            if (pendingCount == pending.length) {
                pending = Arrays.copyOf(pending, pendingCount * 2);
            }
            pending[pendingCount++] = hash;
        }
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

    @Override
    public void chunk(char[] text, int length) {
        int maxLength = table.maxLength();
        int start = -1;
        long h = 0;
        int i = 0;
        while (i < length) {
            char c = text[i];
            if (!WordChars.isSurrogate(c)) {
                char folded = BMP_FOLDED[c];
                if (folded != 0) {
                    if (start < 0) {
                        start = i;
                        h = LexiconTable.FNV_OFFSET;
                    }
                    h = (h ^ folded) * LexiconTable.FNV_PRIME;
                } else if (start >= 0) {
                    endWord(h, i - start, maxLength);
                    start = -1;
                }
                i++;
                continue;
            }
            int cp = Character.codePointAt(text, i, length);
            int width = Character.charCount(cp);
            if (Character.isLetterOrDigit(cp)) {
                if (start < 0) {
                    start = i;
                    h = LexiconTable.FNV_OFFSET;
                }
                for (int k = i; k < i + width; k++) { // per char, as LexiconTable hashes
                    h = (h ^ TermRules.fold(text[k])) * LexiconTable.FNV_PRIME;
                }
            } else if (start >= 0) {
                endWord(h, i - start, maxLength);
                start = -1;
            }
            i += width;
        }
        if (start >= 0) {
            endWord(h, length - start, maxLength);
        }
    }

    private void endWord(long fnv, int length, int maxLength) {
        if (length >= TermRules.MIN_LENGTH && length <= maxLength) {
            lookUpOnce(LexiconTable.mix(fnv));
        }
    }

    @Override
    public void endOfPage() {
        signatures = sign();
        count = 0;
        pageSalt += M1; // odd increment: no salt repeats within 2^64 pages
    }

    /** The signatures of the last page (see {@link Signatures}); {@link Signatures#NONE} when no lexicon gave one. */
    public byte[] signatures() {
        return signatures;
    }

    private byte[] sign() {
        for (int i = 0; i < pendingCount; i++) {
            int id = table.lookupHashed(pending[i]);
            if (id >= 0 && (seen[id >>> 6] & 1L << id) == 0) {
                seen[id >>> 6] |= 1L << id;
                if (count == ids.length) {
                    ids = Arrays.copyOf(ids, count * 2);
                }
                ids[count++] = id;
            }
        }
        pendingCount = 0;
        for (int i = 0; i < count; i++) {
            seen[ids[i] >>> 6] = 0;
        }
        if (count < Math.min(minTerms, minRandomizedTerms)) {
            return Signatures.NONE;
        }
        Arrays.sort(ids, 0, count); // term ids follow the sorted terms
        Arrays.fill(low, 0);
        Arrays.fill(high, 0);
        Arrays.fill(counts, 0);
        for (int i = 0; i < count; i++) {
            int id = ids[i];
            long key = table.key(id);
            for (long mask = table.membership(id); mask != 0; mask &= mask - 1) {
                int j = Long.numberOfTrailingZeros(mask);
                low[j] = low[j] * M1 + key;
                high[j] = (high[j] ^ key) * M2 + 1;
                counts[j]++;
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
            digest.reset();
            digest.update(block);
            System.arraycopy(digest.digest(), 0, out, j * Signatures.LENGTH, Signatures.LENGTH);
        }
        return out == null ? Signatures.NONE : out;
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
