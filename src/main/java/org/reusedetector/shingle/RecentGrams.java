package org.reusedetector.shingle;

/**
 * The quilt index's grams in the heap, in front of its keyed state (RocksDB): each gram's holders as last written, with
 * the time of that write, and whether the state has them yet. State stays the record (checkpointed, restored, expired
 * by its TTL) but is written behind: the owner writes the changed grams ({@link #flush}) before each checkpoint, once
 * each however often they changed since the last, and before this copy forgets anything. Reads are answered here
 * where they can be, saving a JNI call and a deserialisation a gram. While the copy holds every gram written since the
 * operator started without restored state ({@code complete}), a gram it lacks is in no state either, so even misses
 * need no read. Past {@code capacity} grams it is flushed, forgets everything and is no longer complete: misses read
 * the state again (as after a restore). An entry whose TTL has run out is not answered: the state decides.
 */
public final class RecentGrams {

    /** The answer for a gram that no page holds. */
    public static final long[] ABSENT = new long[0];

    private static final int INITIAL_SLOTS = 1 << 12;

    private final int capacity;
    private final long ttlMillis;
    private boolean complete;
    private long[] grams = new long[INITIAL_SLOTS];
    private long[][] holders = new long[INITIAL_SLOTS][];
    private long[] writtenAt = new long[INITIAL_SLOTS];
    private int[] keys = new int[INITIAL_SLOTS];
    private boolean[] dirty = new boolean[INITIAL_SLOTS];
    private long[] dirtyGrams = new long[64];
    private int dirtyCount;
    private int size;

    /** Where {@link #flush} writes a changed gram: its owner's state under the given key. */
    @FunctionalInterface
    public interface Writer {
        void write(int key, long gram, long[] holders) throws Exception;
    }

    /**
     * @param capacity at most this many grams are kept
     * @param ttlMillis the state's TTL: an entry written this long ago is not answered
     * @param complete whether the state holds no gram this copy has not seen written (no state was restored)
     */
    public RecentGrams(int capacity, long ttlMillis, boolean complete) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        }
        this.capacity = capacity;
        this.ttlMillis = ttlMillis;
        this.complete = complete;
    }

    /** The gram's holders at time {@code now}: {@link #ABSENT} when it has none, {@code null} when the state must say. */
    public long[] get(long gram, long now) {
        int slot = slot(gram);
        if (holders[slot] == null) {
            return complete ? ABSENT : null;
        }
        return now - writtenAt[slot] >= ttlMillis ? null : holders[slot];
    }

    /** Whether a new gram would not fit: the owner must {@link #flush} and {@link #forgetAll} first. */
    public boolean full(long gram) {
        return size >= capacity && holders[slot(gram)] == null;
    }

    /** The gram's new holders at time {@code now}, to be written to the state under {@code key} by the next flush. */
    public void put(long gram, long[] gramHolders, long now, int key) {
        int slot = slot(gram);
        if (holders[slot] == null) {
            if (size >= capacity) {
                throw new IllegalStateException("full: flush and forget first");
            }
            if (2 * (size + 1) > grams.length) {
                grow();
                slot = slot(gram);
            }
            size++;
            grams[slot] = gram;
        }
        holders[slot] = gramHolders;
        writtenAt[slot] = now;
        keys[slot] = key;
        if (!dirty[slot]) {
            dirty[slot] = true;
            if (dirtyCount == dirtyGrams.length) {
                dirtyGrams = java.util.Arrays.copyOf(dirtyGrams, dirtyCount * 2);
            }
            dirtyGrams[dirtyCount++] = gram;
        }
    }

    /** Hands every gram changed since the last flush to the writer, in the order they first changed. */
    public void flush(Writer writer) throws Exception {
        for (int i = 0; i < dirtyCount; i++) {
            int slot = slot(dirtyGrams[i]);
            writer.write(keys[slot], grams[slot], holders[slot]);
            dirty[slot] = false;
        }
        dirtyCount = 0;
    }

    /** How many grams the next flush writes. */
    public int changed() {
        return dirtyCount;
    }

    /** Forgets every (flushed) gram: misses read the state from now on. */
    public void forgetAll() {
        if (dirtyCount > 0) {
            throw new IllegalStateException(dirtyCount + " grams not flushed");
        }
        grams = new long[INITIAL_SLOTS];
        holders = new long[INITIAL_SLOTS][];
        writtenAt = new long[INITIAL_SLOTS];
        keys = new int[INITIAL_SLOTS];
        dirty = new boolean[INITIAL_SLOTS];
        size = 0;
        complete = false;
    }

    public int size() {
        return size;
    }

    public boolean complete() {
        return complete;
    }

    /** The slot holding the gram, or the empty slot where it would go (linear probing, load at most 1/2). */
    private int slot(long gram) {
        int mask = grams.length - 1;
        int slot = (int) Fingerprints.mix(gram) & mask;
        while (holders[slot] != null && grams[slot] != gram) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    private void grow() {
        long[] oldGrams = grams;
        long[][] oldHolders = holders;
        long[] oldWritten = writtenAt;
        int[] oldKeys = keys;
        boolean[] oldDirty = dirty;
        grams = new long[oldGrams.length * 2];
        holders = new long[oldGrams.length * 2][];
        writtenAt = new long[oldGrams.length * 2];
        keys = new int[oldGrams.length * 2];
        dirty = new boolean[oldGrams.length * 2];
        for (int i = 0; i < oldGrams.length; i++) {
            if (oldHolders[i] != null) {
                int slot = slot(oldGrams[i]);
                grams[slot] = oldGrams[i];
                holders[slot] = oldHolders[i];
                writtenAt[slot] = oldWritten[i];
                keys[slot] = oldKeys[i];
                dirty[slot] = oldDirty[i];
            }
        }
    }
}
