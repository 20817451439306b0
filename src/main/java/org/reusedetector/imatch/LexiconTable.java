package org.reusedetector.imatch;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A lexicon compiled for lookups straight from the word stream's buffer: folded, allocation-free, open addressing. Term
 * ids follow the sorted order of the terms, so sorting a page's ids sorts its terms. Immutable and shareable.
 */
public final class LexiconTable {

    private final Lexicon lexicon;
    private final byte[][] utf8;
    /**
     * Per term, interleaved so that signing reads one cache line per term: at {@code 2·id} 64 bits of the SHA-1 of its
     * UTF-8 (its key in the signatures' fingerprint, see {@link Signer}), at {@code 2·id + 1} its lexicon memberships.
     */
    private final long[] termData;
    /**
     * Open addressing, one {@code long} per slot: the term's 64-bit word hash with its low {@link #idBits} replaced by
     * id + 1 (0 = empty). The slot index comes from the hash's low bits, so a term found at its home slot has matched
     * on all 64 bits. A lookup compares hashes only, not characters: a probe is one memory access in a table of 8 bytes
     * per slot at load about 1/2 (0.5 MB for the default crawl's 33,100 terms, small enough for the L2 cache), where a
     * character comparison cost a second, scattered access per hit (most probes hit). The price, a documented
     * deviation: a word that is no term is taken for one if its 64-bit hash equals the term's in the
     * {@code 64 - idBits} compared bits, about 2^-48 per word looked up for that lexicon; none of the distinct words of
     * the two standard crawls does.
     */
    private final long[] slots;
    private final int mask;
    private final int idBits;
    private final long idMask;
    private final int maxLength;

    public LexiconTable(Lexicon lexicon) {
        this.lexicon = lexicon;
        List<String> terms = lexicon.terms();
        int n = terms.size();
        utf8 = new byte[n][];
        termData = new long[2 * n];
        idBits = Math.max(1, 64 - Long.numberOfLeadingZeros(n)); // id + 1 <= n
        if (idBits > 24) {
            throw new IllegalArgumentException("a lexicon holds at most " + ((1 << 24) - 1) + " terms, got " + n);
        }
        idMask = (1L << idBits) - 1;
        // load factor at most about 1/2: a power of 2 that is a little short of 2n is kept rather than doubled
        int capacity = Integer.highestOneBit(Math.max(4, n * 2 - 1));
        if (capacity < n * 2 - (n * 2 >> 6)) {
            capacity <<= 1;
        }
        slots = new long[capacity];
        mask = capacity - 1;
        long[] memberships = lexicon.memberships();
        java.util.Map<Long, String> tags = new java.util.HashMap<>();
        int longest = 0;
        for (int id = 0; id < n; id++) {
            String term = terms.get(id);
            char[] key = term.toCharArray();
            utf8[id] = term.getBytes(StandardCharsets.UTF_8);
            termData[2 * id] = java.nio.ByteBuffer.wrap(org.apache.commons.codec.digest.DigestUtils.sha1(utf8[id])).getLong();
            termData[2 * id + 1] = memberships[id];
            longest = Math.max(longest, key.length);
            long h = hash(key, 0, key.length);
            String other = tags.put(h & ~idMask, term);
            if (other != null) { // would be one term to the lookups; about 2^-40 for a lexicon of a million terms
                throw new IllegalArgumentException("lexicon terms '" + other + "' and '" + term + "' have the same word hash");
            }
            int slot = (int) h & mask;
            while (slots[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            slots[slot] = (h & ~idMask) | (id + 1);
        }
        maxLength = longest;
    }

    public Lexicon lexicon() {
        return lexicon;
    }

    public int size() {
        return utf8.length;
    }

    public int lexiconCount() {
        return lexicon.lexiconCount();
    }

    /** The id of the folded word {@code text[start, start + length)}, or -1 if it is not a lexicon term. */
    public int lookup(char[] text, int start, int length) {
        if (length < TermRules.MIN_LENGTH || length > maxLength) {
            return -1;
        }
        return lookupHashed(mix(fnv(text, start, length)));
    }

    /** The longest term, in chars: longer words need no lookup. */
    public int maxLength() {
        return maxLength;
    }

    /**
     * As {@link #lookup}, for a caller that has folded the word into {@link #FNV_OFFSET}/{@link #FNV_PRIME} as it read it
     * and {@link #mix mixed} it ({@code h}), and checked its length against {@link TermRules#MIN_LENGTH} and
     * {@link #maxLength()}: the fused word splitting of {@link Signer#chunk} reads every char once.
     */
    int lookupHashed(long h) {
        long tag = h & ~idMask;
        for (int slot = (int) h & mask; ; slot = (slot + 1) & mask) {
            long entry = slots[slot];
            if (entry == 0) {
                return -1;
            }
            if ((entry & ~idMask) == tag) {
                return (int) (entry & idMask) - 1;
            }
        }
    }

    long membership(int id) {
        return termData[2 * id + 1];
    }

    byte[] utf8(int id) {
        return utf8[id];
    }

    long key(int id) {
        return termData[2 * id];
    }

    static final long FNV_OFFSET = 0xcbf29ce484222325L;
    static final long FNV_PRIME = 0x100000001b3L;

    /** The mixed word hash of {@code text[start, start + length)}, folded, for {@link #lookupHashed}. */
    static long hash(char[] text, int start, int length) {
        return mix(fnv(text, start, length));
    }

    /** FNV-1a over the folded chars. */
    private static long fnv(char[] text, int start, int length) {
        long h = FNV_OFFSET;
        for (int i = start, end = start + length; i < end; i++) {
            h = (h ^ TermRules.fold(text[i])) * FNV_PRIME;
        }
        return h;
    }

    /** Murmur3 finaliser: the low bits pick the slot, the high bits tag it. */
    static long mix(long h) {
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        return h;
    }
}
