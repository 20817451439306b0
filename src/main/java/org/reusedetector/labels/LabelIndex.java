package org.reusedetector.labels;

import java.util.Arrays;
import org.reusedetector.model.Evidence;
import org.reusedetector.model.Label;
import org.reusedetector.page.Sha1;
import org.reusedetector.url.Sites;

/**
 * The labelled set in compact form. A label is not a Java object: the set is split into 65,536 buckets by
 * the first two bytes of the SHA-1, and each bucket is one byte array of sorted fixed-width entries
 * (the remaining 18 hash bytes, a kind mask and an origin id: 23 bytes). Lookup is a binary search; an
 * update copies one bucket, a few kilobytes even for tens of millions of labels. The origin (source and
 * example URL, needed as evidence in alerts) is dictionary-encoded, because many labels share one.
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
    static final int SUFFIX = Sha1.LENGTH - 2;
    static final int ENTRY = SUFFIX + 1 + 4;

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
        // discovery's example URLs differ per hash: kept in its own output, not in the dictionary, which they would bloat
        String example = Label.isDiscovered(label) || label.exampleUrl() == null ? "" : label.exampleUrl();
        String origin = (label.source() == null ? "" : label.source()) + ORIGIN_SEPARATOR + example;
        int originId = store.originId(origin);
        if (originId < 0) {
            originId = store.addOrigin(origin);
        }
        return add(hash, kind, originId);
    }

    public boolean add(byte[] hash, byte kind, int originId) {
        int bucket = bucketOf(hash, 0);
        byte[] entries = store.bucket(bucket);
        if (entries == null) {
            entries = new byte[0];
        }
        int position = search(entries, hash, 0);
        if (position >= 0) {
            int at = position * ENTRY;
            byte oldKind = entries[at + SUFFIX];
            int oldOrigin = readInt(entries, at + SUFFIX + 1);
            if ((oldKind | kind) == oldKind && oldOrigin == originId) {
                return false;
            }
            byte[] updated = entries.clone();
            updated[at + SUFFIX] = (byte) (oldKind | kind);
            writeInt(updated, at + SUFFIX + 1, originId);
            store.putBucket(bucket, updated);
            return true;
        }
        int insertAt = (-position - 1) * ENTRY;
        byte[] updated = new byte[entries.length + ENTRY];
        System.arraycopy(entries, 0, updated, 0, insertAt);
        System.arraycopy(hash, 2, updated, insertAt, SUFFIX);
        updated[insertAt + SUFFIX] = kind;
        writeInt(updated, insertAt + SUFFIX + 1, originId);
        System.arraycopy(entries, insertAt, updated, insertAt + ENTRY, entries.length - insertAt);
        store.putBucket(bucket, updated);
        return true;
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
        byte oldKind = entries[at + SUFFIX];
        byte newKind = (byte) (oldKind & ~kind);
        if (newKind == oldKind) {
            return false;
        }
        if (newKind != 0) {
            byte[] updated = entries.clone();
            updated[at + SUFFIX] = newKind;
            store.putBucket(bucket, updated);
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
        int at = position * ENTRY;
        return ((long) (entries[at + SUFFIX] & 0xff) << 32) | (readInt(entries, at + SUFFIX + 1) & 0xffffffffL);
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
            example = emptyToNull(origin.substring(split + 1));
        }
        return new Evidence(Sha1.hex(Arrays.copyOfRange(packed, offset, offset + Sha1.LENGTH)), kind, source, example);
    }

    /**
     * The site (registrable domain) of an origin's example URL, or {@code ""} when it has none (blind
     * discovery's labels, labels without an example): such labels belong to no site.
     */
    public String originSite(int originId) {
        String origin = store.origin(originId);
        if (origin == null) {
            return "";
        }
        String site = Sites.ofUrl(origin.substring(origin.indexOf(ORIGIN_SEPARATOR) + 1));
        return site == null ? "" : site;
    }

    private static String emptyToNull(String s) {
        return s.isEmpty() ? null : s;
    }

    static int bucketOf(byte[] hash, int offset) {
        return ((hash[offset] & 0xff) << 8) | (hash[offset + 1] & 0xff);
    }

    /** Binary search of the suffix of the hash at {@code offset}; as {@link Arrays#binarySearch}. */
    private static int search(byte[] entries, byte[] hash, int offset) {
        int low = 0;
        int high = entries.length / ENTRY - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            int cmp = Arrays.compareUnsigned(entries, mid * ENTRY, mid * ENTRY + SUFFIX, hash, offset + 2, offset + Sha1.LENGTH);
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

    private static int readInt(byte[] b, int at) {
        return ((b[at] & 0xff) << 24) | ((b[at + 1] & 0xff) << 16) | ((b[at + 2] & 0xff) << 8) | (b[at + 3] & 0xff);
    }

    private static void writeInt(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }
}
