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
     * Per term, its lexicon memberships (bit j: randomized lexicon j holds it, bit 0 always), 16 bits each when there
     * are at most 16 lexicons (two bytes a term, so that it stays in the nearer caches), else in {@link #wideMemberships}.
     */
    private final char[] memberships;

    private final long[] wideMemberships;
    /**
     * Open addressing, two {@code long}s per slot: the term's 64-bit word hash with its low {@link #idBits} replaced by
     * id + 1 (0 = empty), then its key in the signatures' fingerprint (64 bits of the SHA-1 of its UTF-8, see
     * {@link Signer}), so that the probe that finds a term brings its key in the same cache line. The slot index comes
     * from the hash's low bits, so a term found at its home slot has matched on all 64 bits. A lookup compares hashes
     * only, not characters: a probe is one memory access in a table of 16 bytes per slot at load about 1/2, where a
     * character comparison would cost a second, scattered access per hit, and a key kept by term id a third when
     * signing. The price, a documented deviation: a word that is no term is taken for one if its 64-bit hash equals
     * the term's in the {@code 64 - idBits} compared bits, about 2^-(64 - idBits) per word looked up.
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
        slots = new long[2 * capacity];
        mask = capacity - 1;
        long[] masks = lexicon.memberships();
        if (lexicon.lexiconCount() <= 16) {
            memberships = new char[n];
            for (int id = 0; id < n; id++) {
                memberships[id] = (char) masks[id];
            }
            wideMemberships = null;
        } else {
            memberships = null;
            wideMemberships = masks;
        }
        java.util.Map<Long, String> tags = new java.util.HashMap<>();
        int longest = 0;
        for (int id = 0; id < n; id++) {
            String term = terms.get(id);
            char[] key = term.toCharArray();
            utf8[id] = term.getBytes(StandardCharsets.UTF_8);
            longest = Math.max(longest, key.length);
            long h = hash(key, 0, key.length);
            String other = tags.put(h & ~idMask, term);
            if (other != null) { // would be one term to the lookups; about 2^-40 for a lexicon of a million terms
                throw new IllegalArgumentException(
                        "lexicon terms '" + other + "' and '" + term + "' have the same word hash");
            }
            int slot = (int) h & mask;
            while (slots[2 * slot] != 0) {
                slot = (slot + 1) & mask;
            }
            slots[2 * slot] = (h & ~idMask) | (id + 1);
            slots[2 * slot + 1] = java.nio.ByteBuffer.wrap(org.apache.commons.codec.digest.DigestUtils.sha1(utf8[id]))
                    .getLong();
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
        return lookupHashed(hash(text, start, length));
    }

    /** The longest term, in chars: longer words need no lookup. */
    public int maxLength() {
        return maxLength;
    }

    /**
     * As {@link #lookup}, for a caller that has {@link #hash hashed} the folded word as {@link Signer#chunk} does, and
     * checked its length against {@link TermRules#MIN_LENGTH} and {@link #maxLength()}.
     */
    int lookupHashed(long h) {
        long entry = home(h);
        int slot = ((entry ^ h) & ~idMask) == 0 ? (int) h & mask : entry == 0 ? -1 : probeOn(h);
        return slot < 0 ? -1 : idAt(slot);
    }

    /** The entry at the home slot of word hash {@code h}: a match when its tag is h's, nothing more when it is 0. */
    long home(long h) {
        return slots[2 * ((int) h & mask)];
    }

    /** The slot of word hash {@code h}, whose home entry was neither a match nor empty, or -1: probes on from the next slot. */
    int probeOn(long h) {
        long tag = h & ~idMask;
        for (int slot = ((int) h + 1) & mask; ; slot = (slot + 1) & mask) {
            long entry = slots[2 * slot];
            if (entry == 0) {
                return -1;
            }
            if ((entry & ~idMask) == tag) {
                return slot;
            }
        }
    }

    /** The home slot of word hash {@code h}. */
    int homeSlot(long h) {
        return (int) h & mask;
    }

    /** The term id at a slot, -1 for an empty one. */
    int idAt(int slot) {
        return (int) (slots[2 * slot] & idMask) - 1;
    }

    /** The fingerprint key of the term at a slot (0 for an empty one). */
    long keyAt(int slot) {
        return slots[2 * slot + 1];
    }

    /** The low bits of an entry that hold id + 1. */
    long idMask() {
        return idMask;
    }

    long membership(int id) {
        return memberships != null ? memberships[id] : wideMemberships[id];
    }

    byte[] utf8(int id) {
        return utf8[id];
    }

    static final long SEED = 0x9E3779B97F4A7C15L;
    private static final long STEP = 0xC6A4A7935BD1E995L;

    /**
     * The word hash of {@code text[start, start + length)}, folded: the folded chars are taken four at a time as the
     * 16-bit lanes of a long (first char lowest, zero-padded, at least two groups), each group one {@link #step},
     * and the length is mixed in at the end. Four chars a multiply instead of one, and {@link Signer#chunk} reads a
     * group with one load from its buffer of folded chars.
     */
    static long hash(char[] text, int start, int length) {
        long h = SEED;
        int groups = Math.max(2, (length + 3) >>> 2);
        for (int g = 0; g < groups; g++) {
            long group = 0;
            for (int k = 0; k < 4; k++) {
                int i = 4 * g + k;
                if (i < length) {
                    group |= (long) TermRules.fold(text[start + i]) << (16 * k);
                }
            }
            h = step(h, group);
        }
        return mix(h + length);
    }

    /** One group of four chars into the word hash. */
    static long step(long h, long group) {
        h = (h ^ group) * STEP;
        return h ^ h >>> 29;
    }

    /** Murmur3 finaliser: the low bits pick the slot, the high bits tag it. */
    static long mix(long h) {
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        return h;
    }
}
