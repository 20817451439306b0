package org.reusedetector.shingle;

/**
 * The quilt index's grams in the heap, in front of its keyed state (RocksDB): each gram's holders as last written, with
 * the time of that write. State stays the record (checkpointed, restored, expired by its TTL); this copy saves its
 * reads, which cost a JNI call and a deserialisation a gram. While the copy holds every gram written since the
 * operator started without restored state ({@code complete}), a gram it lacks is in no state either, so even misses
 * need no read. Past {@code capacity} grams it forgets everything and is no longer complete: misses read the state
 * again (as after a restore). An entry whose TTL has run out is not answered: the state decides (it has expired it,
 * or wrote it a moment after this copy's clock was read).
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
    private int size;

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

    /** The gram's holders as just written to the state, at time {@code now}. */
    public void put(long gram, long[] gramHolders, long now) {
        int slot = slot(gram);
        if (holders[slot] == null) {
            if (size >= capacity) {
                forgetAll();
                slot = slot(gram);
            } else if (2 * (size + 1) > grams.length) {
                grow();
                slot = slot(gram);
            }
            size++;
            grams[slot] = gram;
        }
        holders[slot] = gramHolders;
        writtenAt[slot] = now;
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
        grams = new long[oldGrams.length * 2];
        holders = new long[oldGrams.length * 2][];
        writtenAt = new long[oldGrams.length * 2];
        for (int i = 0; i < oldGrams.length; i++) {
            if (oldHolders[i] != null) {
                int slot = slot(oldGrams[i]);
                grams[slot] = oldGrams[i];
                holders[slot] = oldHolders[i];
                writtenAt[slot] = oldWritten[i];
            }
        }
    }

    private void forgetAll() {
        grams = new long[INITIAL_SLOTS];
        holders = new long[INITIAL_SLOTS][];
        writtenAt = new long[INITIAL_SLOTS];
        size = 0;
        complete = false;
    }
}
