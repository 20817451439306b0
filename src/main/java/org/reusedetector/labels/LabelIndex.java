package org.reusedetector.labels;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.reusedetector.model.Copy;
import org.reusedetector.model.Evidence;
import org.reusedetector.model.Label;
import org.reusedetector.page.Sha1;
import org.reusedetector.url.Sites;

/**
 * The labelled set in compact form. A label is not a Java object: the set is split into 65,536 buckets by
 * the first two bytes of the SHA-1, and each bucket is one byte array of sorted fixed-width entries of
 * 14 bytes: the next 10 hash bytes and one int holding the kind mask (5 bits) and an origin id (27 bits).
 * Lookup is a binary search comparing one long and one int; an update copies one bucket, a few kilobytes
 * even for tens of millions of labels. The origin (source and example URL, needed as evidence in alerts) is
 * dictionary-encoded, because many labels share one.
 *
 * <p><b>Identity is the first 96 bits of the SHA-1</b> (2 bytes of bucket, 10 stored), and a hit is not
 * confirmed against the other 64 bits, which are not kept: that is what brings a label to 14 bytes. The
 * set is not exact in the mathematical sense, but at the strength of a 96-bit hash: an unlabelled chunk
 * hits a label with probability N/2<sup>96</sup> per lookup for N labels (1.3·10<sup>-20</sup> at a billion
 * labels; a trillion lookups against a billion labels: 1.3·10<sup>-8</sup>), two labels merge with
 * probability N²/2<sup>97</sup> (6·10<sup>-12</sup> at a billion), and making a chunk hit a given label on
 * purpose is a 96-bit second-preimage search on SHA-1. Accidental SHA-1 coincidences of whole pages are of the same order of concern.
 */
public final class LabelIndex {

    public static final byte KIND_CHUNK = 1;
    public static final byte KIND_FILE = 2;
    public static final byte KIND_STOP = 4;
    /**
     * Blind discovery's labels get bits of their own: a discovery run's add and later remove of a hash that an
     * expert also labelled must neither replace nor clear the expert's label.
     */
    public static final byte KIND_DISCOVERED_CHUNK = 8;

    public static final byte KIND_DISCOVERED_FILE = 16;
    public static final byte CHUNK_MATCH = KIND_CHUNK | KIND_DISCOVERED_CHUNK;
    public static final byte FILE_MATCH = KIND_FILE | KIND_DISCOVERED_FILE;

    /** Source prefix of blind-discovery labels ({@code discover:<run>}). */
    /** Hash bytes stored per entry, after the two that pick the bucket. */
    static final int SUFFIX = 10;

    static final int ENTRY = SUFFIX + 4;
    public static final int ENTRY_BYTES = ENTRY;
    /** Bits of the origin id in an entry's int; the kind mask takes the 5 above. */
    static final int ORIGIN_BITS = 27;

    public static final int ORIGIN_MASK = (1 << ORIGIN_BITS) - 1;
    /** Stored for an origin id that does not fit: the label matches, its evidence has no source or example. */
    public static final int NO_ORIGIN = ORIGIN_MASK;

    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

    private static final String ORIGIN_SEPARATOR = "\u0000";

    private final LabelStore store;

    public LabelIndex(LabelStore store) {
        this.store = store;
    }

    public static byte kindBit(String kind) {
        return switch (kind) {
            case Label.KIND_CHUNK -> KIND_CHUNK;
            case Label.KIND_FILE -> KIND_FILE;
            case Label.KIND_STOP -> KIND_STOP;
            default -> throw new IllegalArgumentException("unknown label kind '" + kind + "' (chunk, file or stop)");
        };
    }

    /** The bit a label record sets or clears. */
    public static byte bitOf(Label label) {
        byte kind = kindBit(label.kind());
        if (Label.isDiscovered(label)) {
            kind = kind == KIND_CHUNK ? KIND_DISCOVERED_CHUNK : kind == KIND_FILE ? KIND_DISCOVERED_FILE : kind;
        }
        return kind;
    }

    /** Applies a label record; returns whether the set changed. */
    public boolean apply(Label label) {
        byte[] hash = Sha1.fromHex(label.hash());
        byte kind = bitOf(label);
        if (Label.OP_REMOVE.equals(label.op())) {
            return remove(hash, kind);
        }
        String origin = originOf(label);
        int originId = store.originId(origin);
        if (originId < 0) {
            originId = store.addOrigin(origin);
        }
        return add(hash, kind, originId);
    }

    /**
     * The origin a label is kept under (dictionary-encoded): its source, example page and copy family. The keyed label
     * mode ({@code labels.keyed}) keeps the same origins, so that both modes give the same evidence and sources.
     */
    public static String originOf(Label label) {
        // discovery's example URLs differ per hash: kept in its own output, not in the dictionary, which they would
        // bloat; its copy family (one per host set) is kept, as the source the chunk's coverage counts for, and so is
        // the family's source when discovery could tell it (one per family): like an expert's example page, it says
        // which site the content is the publisher's own on
        String example = Label.isDiscovered(label)
                ? (label.familySource() == null ? "" : label.familySource())
                : (label.exampleUrl() == null ? "" : label.exampleUrl());
        String origin = (label.source() == null ? "" : label.source()) + ORIGIN_SEPARATOR + example;
        if (label.family() != null && !label.family().isEmpty()) {
            origin += ORIGIN_SEPARATOR + label.family();
        }
        return origin;
    }

    public boolean add(byte[] hash, byte kind, int originId) {
        int origin = originId >= 0 && originId < NO_ORIGIN ? originId : NO_ORIGIN;
        int bucket = bucketOf(hash, 0);
        byte[] entries = store.bucket(bucket);
        if (entries == null) {
            entries = new byte[0];
        }
        int position = search(entries, hash, 0);
        if (position >= 0) {
            int at = position * ENTRY;
            int old = readInt(entries, at + SUFFIX);
            int updatedValue = pack((byte) (kindOfEntry(old) | kind), origin);
            if (updatedValue == old) {
                return false;
            }
            byte[] updated = entries.clone();
            writeInt(updated, at + SUFFIX, updatedValue);
            store.putBucket(bucket, updated);
            countSource(old, -1);
            countSource(updatedValue, 1);
            return true;
        }
        int insertAt = (-position - 1) * ENTRY;
        byte[] updated = new byte[entries.length + ENTRY];
        System.arraycopy(entries, 0, updated, 0, insertAt);
        System.arraycopy(hash, 2, updated, insertAt, SUFFIX);
        writeInt(updated, insertAt + SUFFIX, pack(kind, origin));
        System.arraycopy(entries, insertAt, updated, insertAt + ENTRY, entries.length - insertAt);
        store.putBucket(bucket, updated);
        countSource(pack(kind, origin), 1);
        return true;
    }

    /** An entry's int: the kind mask in the top 5 bits, the origin id below. */
    public static int pack(byte kind, int origin) {
        return (kind & 0x1f) << ORIGIN_BITS | origin;
    }

    /** The kind mask of an entry's int. */
    public static byte kindOfEntry(int packed) {
        return (byte) (packed >>> ORIGIN_BITS);
    }

    public boolean remove(byte[] hash, byte kind) {
        int bucket = bucketOf(hash, 0);
        byte[] entries = store.bucket(bucket);
        if (entries == null) {
            return false;
        }
        int position = search(entries, hash, 0);
        if (position < 0) {
            return false;
        }
        int at = position * ENTRY;
        int old = readInt(entries, at + SUFFIX);
        byte oldKind = kindOfEntry(old);
        byte newKind = (byte) (oldKind & ~kind);
        if (newKind == oldKind) {
            return false;
        }
        countSource(old, -1);
        if (newKind != 0) {
            byte[] updated = entries.clone();
            writeInt(updated, at + SUFFIX, pack(newKind, old & ORIGIN_MASK));
            store.putBucket(bucket, updated);
            countSource(pack(newKind, old & ORIGIN_MASK), 1);
        } else if (entries.length == ENTRY) {
            store.removeBucket(bucket);
        } else {
            byte[] updated = new byte[entries.length - ENTRY];
            System.arraycopy(entries, 0, updated, 0, at);
            System.arraycopy(entries, at + ENTRY, updated, at, entries.length - at - ENTRY);
            store.putBucket(bucket, updated);
        }
        return true;
    }

    /**
     * Looks up the hash at {@code offset} of {@code packed}. Returns 0 when it is not labelled, otherwise
     * {@code kindMask << 32 | originId} (kind mask in bits 32..39).
     */
    public long lookup(byte[] packed, int offset) {
        byte[] entries = store.bucket(bucketOf(packed, offset));
        if (entries == null) {
            return 0;
        }
        int position = search(entries, packed, offset);
        if (position < 0) {
            return 0;
        }
        int value = readInt(entries, position * ENTRY + SUFFIX);
        return ((long) (value >>> ORIGIN_BITS) << 32) | (value & ORIGIN_MASK);
    }

    public static byte kindOf(long lookup) {
        return (byte) (lookup >>> 32);
    }

    public static int originOf(long lookup) {
        return (int) lookup;
    }

    /** Evidence for a hash found by {@link #lookup}. */
    public Evidence evidence(byte[] packed, int offset, long lookup, String kind) {
        String origin = store.origin(originOf(lookup));
        String source = null;
        String example = null;
        if (origin != null) {
            int split = origin.indexOf(ORIGIN_SEPARATOR);
            source = emptyToNull(origin.substring(0, split));
            example = emptyToNull(exampleOf(origin, split));
        }
        return new Evidence(Sha1.hex(Arrays.copyOfRange(packed, offset, offset + Sha1.LENGTH)), kind, source, example);
    }

    /**
     * The site (registrable domain) of an origin's example URL, or {@code ""} when it has none (blind
     * discovery's labels of a family whose source is unclear, labels without an example): such labels belong to no
     * site. A discovered label's example is its family's source ({@link Label#familySource}).
     */
    public String originSite(int originId) {
        String origin = store.origin(originId);
        if (origin == null) {
            return "";
        }
        String site = Sites.ofUrl(exampleOf(origin, origin.indexOf(ORIGIN_SEPARATOR)));
        return site == null ? "" : site;
    }

    private static String exampleOf(String origin, int firstSeparator) {
        int end = origin.indexOf(ORIGIN_SEPARATOR, firstSeparator + 1);
        return origin.substring(firstSeparator + 1, end < 0 ? origin.length() : end);
    }

    /**
     * The source whose coverage a chunk label of this origin counts for ({@code ""}: none): a discovered label's copy
     * family ({@code family:<id>}); else the site (registrable domain) of an expert label's example page, so that all the labels taken from one
     * publisher form one source; else the label's {@code source} field.
     */
    public String sourceOf(int originId) {
        return sourceOfOrigin(store.origin(originId));
    }

    /** As {@link #sourceOf}, for an origin string ({@code null}: none). */
    public static String sourceOfOrigin(String origin) {
        if (origin == null) {
            return "";
        }
        int first = origin.indexOf(ORIGIN_SEPARATOR);
        int second = origin.indexOf(ORIGIN_SEPARATOR, first + 1);
        if (second >= 0) {
            return Copy.FAMILY_PREFIX + origin.substring(second + 1);
        }
        String example = origin.substring(first + 1);
        String site = example.isEmpty() ? null : Sites.ofUrl(example);
        return site != null ? site : origin.substring(0, first);
    }

    /** The example page of an origin ({@code null} when it has none). */
    public String exampleOf(int originId) {
        String origin = store.origin(originId);
        return origin == null ? null : emptyToNull(exampleOf(origin, origin.indexOf(ORIGIN_SEPARATOR)));
    }

    /** How many chunk labels count for a source ({@link #sourceOf}). */
    public long sourceChunks(String source) {
        return store.sourceChunks(source);
    }

    /** Adds ({@code sign} 1) or takes ({@code -1}) an entry's chunk label to or from its source's count. */
    private void countSource(int entryValue, int sign) {
        if ((kindOfEntry(entryValue) & CHUNK_MATCH) == 0 || (entryValue & ORIGIN_MASK) == NO_ORIGIN) {
            return;
        }
        String source = sourceOf(entryValue & ORIGIN_MASK);
        if (!source.isEmpty()) {
            store.addSourceChunks(source, sign);
        }
    }

    private static String emptyToNull(String s) {
        return s.isEmpty() ? null : s;
    }

    static int bucketOf(byte[] hash, int offset) {
        return ((hash[offset] & 0xff) << 8) | (hash[offset + 1] & 0xff);
    }

    /**
     * Search of the stored part of the hash at {@code offset} (bytes 2..11); as {@link Arrays#binarySearch}. Hashes
     * are uniform, so the search starts where the hash would sit if the bucket were evenly filled and gallops
     * out from there: two or three probes in neighbouring cache lines instead of a binary search's log2(n) lines
     * spread over the bucket. Compares a long (hash bytes 2..9), then an int over bytes 8..11 (8 and 9 equal by then).
     */
    private static int search(byte[] entries, byte[] hash, int offset) {
        long high64 = (long) LONG.get(hash, offset + 2);
        int low32 = (int) INT.get(hash, offset + 8);
        int n = entries.length / ENTRY;
        if (n == 0) {
            return -1;
        }
        int guess = (int) (((high64 >>> 33) * n) >>> 31); // floor(n * top 31 bits / 2^31), in [0, n)
        int cmp = compare(entries, guess, high64, low32);
        if (cmp == 0) {
            return guess;
        }
        int low;
        int high;
        if (cmp < 0) { // the hash is after the guess
            low = guess + 1;
            int step = 1;
            high = guess + step;
            while (high < n && (cmp = compare(entries, high, high64, low32)) < 0) {
                low = high + 1;
                step <<= 1;
                high = guess + step;
            }
            if (high < n && cmp == 0) {
                return high;
            }
            high = Math.min(high, n) - 1;
        } else {
            high = guess - 1;
            int step = 1;
            low = guess - step;
            while (low >= 0 && (cmp = compare(entries, low, high64, low32)) > 0) {
                high = low - 1;
                step <<= 1;
                low = guess - step;
            }
            if (low >= 0 && cmp == 0) {
                return low;
            }
            low = Math.max(low, -1) + 1;
        }
        while (low <= high) {
            int mid = (low + high) >>> 1;
            cmp = compare(entries, mid, high64, low32);
            if (cmp < 0) {
                low = mid + 1;
            } else if (cmp > 0) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -(low + 1);
    }

    /** Entry {@code index} against the searched hash: negative when the entry sorts before it. */
    private static int compare(byte[] entries, int index, long high64, int low32) {
        int at = index * ENTRY;
        int cmp = Long.compareUnsigned((long) LONG.get(entries, at), high64);
        return cmp != 0 ? cmp : Integer.compareUnsigned((int) INT.get(entries, at + 6), low32);
    }

    private static int readInt(byte[] b, int at) {
        return (int) INT.get(b, at);
    }

    private static void writeInt(byte[] b, int at, int v) {
        INT.set(b, at, v);
    }
}
