package org.reusedetector.labels.keyed;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.reusedetector.labels.LabelIndex;
import org.reusedetector.model.Label;
import org.reusedetector.model.LabelAnswer;
import org.reusedetector.model.LabelQuery;
import org.reusedetector.page.Sha1;

/**
 * One label partition of the keyed mode: its labels, their origins and its counts of chunk labels per coverage
 * source, with the rules of {@link LabelIndex} (kind bits or-ed and cleared, discovered labels on bits of their own,
 * the latest add's origin kept, a label's identity the first 96 bits of its SHA-1).
 *
 * <p>A label is one entry of its {@link Store}: the key is the hash's first 8 bytes, the value a {@code long[]} of
 * (next 4 bytes, entry int) pairs, one pair almost always: the same 96 bits as the broadcast index keeps, in one point
 * lookup of a key-value store (RocksDB) instead of a sorted bucket that each update would rewrite.
 */
public final class PartitionLabels {

    /** Where a partition keeps its labels; in the stream, Flink keyed state of the partition's key. */
    public interface Store {
        /** The pairs under a key, or {@code null}. */
        long[] get(long key);

        void put(long key, long[] pairs);

        void remove(long key);

        /** Id of an origin, or -1 when it has none yet. */
        int originId(String origin);

        /** Registers a new origin and returns its id. */
        int addOrigin(String origin);

        String origin(int id);

        long sourceChunks(String source);

        void putSourceChunks(String source, long count);
    }

    /** Cache of the coverage source of an origin (a pure function of it, and a public-suffix lookup to work out). */
    private static final int SOURCE_CACHE_LIMIT = 10_000;

    private final Store store;
    private final Map<String, String> sourceOfOrigin = new HashMap<>();

    public PartitionLabels(Store store) {
        this.store = store;
    }

    /**
     * Applies a chunk, file or stop label record; returns whether the set changed, and adds to {@code changedSources}
     * the coverage sources whose counts changed.
     */
    public boolean apply(Label label, Set<String> changedSources) {
        byte[] hash = Sha1.fromHex(label.hash());
        byte kind = LabelIndex.bitOf(label);
        if (Label.OP_REMOVE.equals(label.op())) {
            return remove(hash, kind, changedSources);
        }
        String origin = LabelIndex.originOf(label);
        int originId = store.originId(origin);
        if (originId < 0) {
            originId = store.addOrigin(origin);
        }
        return add(hash, kind, originId, changedSources);
    }

    boolean add(byte[] hash, byte kind, int originId, Set<String> changedSources) {
        int origin = originId >= 0 && originId < LabelIndex.NO_ORIGIN ? originId : LabelIndex.NO_ORIGIN;
        long key = high(hash, 0);
        int low = low(hash, 0);
        long[] pairs = store.get(key);
        int at = find(pairs, low);
        if (at >= 0) {
            int old = (int) pairs[at];
            int updated = LabelIndex.pack((byte) (LabelIndex.kindOfEntry(old) | kind), origin);
            if (updated == old) {
                return false;
            }
            long[] copy = pairs.clone();
            copy[at] = pair(low, updated);
            store.put(key, copy);
            countSource(old, -1, changedSources);
            countSource(updated, 1, changedSources);
            return true;
        }
        long[] grown = pairs == null ? new long[1] : Arrays.copyOf(pairs, pairs.length + 1);
        int entry = LabelIndex.pack(kind, origin);
        grown[grown.length - 1] = pair(low, entry);
        store.put(key, grown);
        countSource(entry, 1, changedSources);
        return true;
    }

    boolean remove(byte[] hash, byte kind, Set<String> changedSources) {
        long key = high(hash, 0);
        int low = low(hash, 0);
        long[] pairs = store.get(key);
        int at = find(pairs, low);
        if (at < 0) {
            return false;
        }
        int old = (int) pairs[at];
        byte oldKind = LabelIndex.kindOfEntry(old);
        byte newKind = (byte) (oldKind & ~kind);
        if (newKind == oldKind) {
            return false;
        }
        countSource(old, -1, changedSources);
        if (newKind != 0) {
            int updated = LabelIndex.pack(newKind, old & LabelIndex.ORIGIN_MASK);
            long[] copy = pairs.clone();
            copy[at] = pair(low, updated);
            store.put(key, copy);
            countSource(updated, 1, changedSources);
        } else if (pairs.length == 1) {
            store.remove(key);
        } else {
            long[] shrunk = new long[pairs.length - 1];
            System.arraycopy(pairs, 0, shrunk, 0, at);
            System.arraycopy(pairs, at + 1, shrunk, at, pairs.length - at - 1);
            store.put(key, shrunk);
        }
        return true;
    }

    /** The entry int of the hash at {@code offset} (kind mask and origin id), 0 when it is not labelled. */
    public int lookup(byte[] hashes, int offset) {
        long[] pairs = store.get(high(hashes, offset));
        int at = find(pairs, low(hashes, offset));
        return at < 0 ? 0 : (int) pairs[at];
    }

    /**
     * The label of {@code hash} as it now stands, as a change for the page that holds it at {@code index}: its kind mask
     * (0: not labelled) and origin.
     */
    public LabelAnswer change(long page, int index, byte[] hash) {
        int entry = lookup(hash, 0);
        int origin = entry & LabelIndex.ORIGIN_MASK;
        return new LabelAnswer(
                page, new int[] {index}, new byte[] {entry == 0 ? 0 : LabelIndex.kindOfEntry(entry)}, new String[] {
                    entry == 0 || origin == LabelIndex.NO_ORIGIN ? null : store.origin(origin)
                });
    }

    /** Hash bytes 0..7 of the hash at {@code offset}: the key its label and its memory of pages are kept under. */
    public static long keyOf(byte[] hash, int offset) {
        return high(hash, offset);
    }

    /** Hash bytes 8..11 of the hash at {@code offset}, which tell apart the labels under one key. */
    public static int lowOf(byte[] hash, int offset) {
        return low(hash, offset);
    }

    /** The answer to a query: the labelled hashes among the query's, with their kinds and origins. */
    public LabelAnswer answer(LabelQuery query) {
        int[] indices = query.indices();
        List<Integer> found = null;
        int[] entries = null;
        for (int i = 0; i < indices.length; i++) {
            int entry = lookup(query.hashes(), i * Sha1.LENGTH);
            if (entry != 0) {
                if (found == null) {
                    found = new ArrayList<>();
                    entries = new int[indices.length];
                }
                entries[found.size()] = entry;
                found.add(i);
            }
        }
        if (found == null) {
            return new LabelAnswer(query.page(), new int[0], new byte[0], new String[0]);
        }
        int n = found.size();
        int[] foundIndices = new int[n];
        byte[] kinds = new byte[n];
        String[] origins = new String[n];
        for (int k = 0; k < n; k++) {
            foundIndices[k] = indices[found.get(k)];
            kinds[k] = LabelIndex.kindOfEntry(entries[k]);
            int origin = entries[k] & LabelIndex.ORIGIN_MASK;
            origins[k] = origin == LabelIndex.NO_ORIGIN ? null : store.origin(origin);
        }
        return new LabelAnswer(query.page(), foundIndices, kinds, origins);
    }

    /** Adds ({@code sign} 1) or takes ({@code -1}) an entry's chunk label to or from its source's count. */
    private void countSource(int entry, int sign, Set<String> changedSources) {
        int origin = entry & LabelIndex.ORIGIN_MASK;
        if ((LabelIndex.kindOfEntry(entry) & LabelIndex.CHUNK_MATCH) == 0 || origin == LabelIndex.NO_ORIGIN) {
            return;
        }
        String originText = store.origin(origin);
        String source = originText == null ? "" : sourceOfOrigin.get(originText);
        if (source == null) {
            source = LabelIndex.sourceOfOrigin(originText);
            if (sourceOfOrigin.size() >= SOURCE_CACHE_LIMIT) {
                sourceOfOrigin.clear();
            }
            sourceOfOrigin.put(originText, source);
        }
        if (!source.isEmpty()) {
            store.putSourceChunks(source, Math.max(0, store.sourceChunks(source) + sign));
            changedSources.add(source);
        }
    }

    private static int find(long[] pairs, int low) {
        if (pairs == null) {
            return -1;
        }
        for (int i = 0; i < pairs.length; i++) {
            if ((int) (pairs[i] >>> 32) == low) {
                return i;
            }
        }
        return -1;
    }

    private static long pair(int low, int entry) {
        return (long) low << 32 | (entry & 0xffffffffL);
    }

    /** Hash bytes 0..7, the store's key. */
    static long high(byte[] hash, int offset) {
        long v = 0;
        for (int b = 0; b < 8; b++) {
            v = v << 8 | (hash[offset + b] & 0xff);
        }
        return v;
    }

    /** Hash bytes 8..11, kept in the value. */
    static int low(byte[] hash, int offset) {
        return (hash[offset + 8] & 0xff) << 24
                | (hash[offset + 9] & 0xff) << 16
                | (hash[offset + 10] & 0xff) << 8
                | (hash[offset + 11] & 0xff);
    }
}
