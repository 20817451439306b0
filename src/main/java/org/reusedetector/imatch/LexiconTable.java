package org.reusedetector.imatch;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A lexicon compiled for lookups straight from the word stream's buffer: folded, allocation-free, open addressing. Term
 * ids follow the sorted order of the terms, so sorting a page's ids sorts its terms. Immutable and shareable.
 */
public final class LexiconTable {

    private final Lexicon lexicon;
    private final char[][] keys;
    private final byte[][] utf8;
    /** Per term: 64 bits of the SHA-1 of its UTF-8, its key in the signatures' fingerprint (see {@link Signer}). */
    private final long[] keys64;
    private final long[] memberships;
    /**
     * Open addressing, one {@code long} per slot: the upper 40 bits of the term's 64-bit hash and its id + 1 in the lower
     * 24 (0 = empty), so that a probe costs one memory access and compares characters only when the hashes agree.
     */
    private final long[] slots;
    private final int mask;
    private static final long ID_MASK = (1L << 24) - 1;
    private final int maxLength;

    public LexiconTable(Lexicon lexicon) {
        this.lexicon = lexicon;
        List<String> terms = lexicon.terms();
        int n = terms.size();
        keys = new char[n][];
        utf8 = new byte[n][];
        keys64 = new long[n];
        if (n >= ID_MASK) {
            throw new IllegalArgumentException("a lexicon holds at most " + (ID_MASK - 1) + " terms, got " + n);
        }
        int capacity = Integer.highestOneBit(Math.max(4, n * 2 - 1)) << 1; // load factor at most 1/2
        slots = new long[capacity];
        mask = capacity - 1;
        int longest = 0;
        for (int id = 0; id < n; id++) {
            char[] key = terms.get(id).toCharArray();
            keys[id] = key;
            utf8[id] = terms.get(id).getBytes(StandardCharsets.UTF_8);
            keys64[id] = java.nio.ByteBuffer.wrap(org.apache.commons.codec.digest.DigestUtils.sha1(utf8[id])).getLong();
            longest = Math.max(longest, key.length);
            long h = hash(key, 0, key.length);
            int slot = (int) h & mask;
            while (slots[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            slots[slot] = (h & ~ID_MASK) | (id + 1);
        }
        maxLength = longest;
        memberships = lexicon.memberships();
    }

    public Lexicon lexicon() {
        return lexicon;
    }

    public int size() {
        return keys.length;
    }

    public int lexiconCount() {
        return lexicon.lexiconCount();
    }

    /** The id of the folded word {@code text[start, start + length)}, or -1 if it is not a lexicon term. */
    public int lookup(char[] text, int start, int length) {
        if (length < TermRules.MIN_LENGTH || length > maxLength) {
            return -1;
        }
        return lookupHashed(mix(fnv(text, start, length)), text, start, length);
    }

    /** The longest term, in chars: longer words need no lookup. */
    public int maxLength() {
        return maxLength;
    }

    /**
     * As {@link #lookup}, for a caller that has folded the word into {@link #FNV_OFFSET}/{@link #FNV_PRIME} as it read it
     * ({@code fnv}): the fused word splitting of {@link Signer#chunk} reads every char once.
     */
    int lookupFnv(long fnv, char[] text, int start, int length) {
        if (length < TermRules.MIN_LENGTH || length > maxLength) {
            return -1;
        }
        return lookupHashed(mix(fnv), text, start, length);
    }

    private int lookupHashed(long h, char[] text, int start, int length) {
        long tag = h & ~ID_MASK;
        int slot = (int) h & mask;
        for (long entry; (entry = slots[slot]) != 0; slot = (slot + 1) & mask) {
            if ((entry & ~ID_MASK) == tag) {
                int id = (int) (entry & ID_MASK) - 1;
                char[] key = keys[id];
                if (key.length == length && equalsFolded(key, text, start)) {
                    return id;
                }
            }
        }
        return -1;
    }

    long membership(int id) {
        return memberships[id];
    }

    byte[] utf8(int id) {
        return utf8[id];
    }

    long key(int id) {
        return keys64[id];
    }

    private static boolean equalsFolded(char[] key, char[] text, int start) {
        for (int i = 0; i < key.length; i++) {
            if (key[i] != TermRules.fold(text[start + i])) {
                return false;
            }
        }
        return true;
    }

    static final long FNV_OFFSET = 0xcbf29ce484222325L;
    static final long FNV_PRIME = 0x100000001b3L;

    private static long hash(char[] text, int start, int length) {
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
    private static long mix(long h) {
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        return h;
    }
}
