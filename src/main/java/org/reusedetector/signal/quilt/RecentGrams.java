package org.reusedetector.signal.quilt;

import java.util.Arrays;
import org.reusedetector.shingle.Fingerprints;

/**
 * The quilt index's grams in the heap, in front of its keyed state (RocksDB): each gram's holders as last written, with
 * the time of that write (in the stream, the fetch time of the page that wrote it), and whether the state has them
 * yet. State stays the record (checkpointed, restored, expired by its TTL) but is written behind: the owner writes
 * the changed grams ({@link #flush}) before each checkpoint, once each however often they changed since the last,
 * and before this copy forgets anything. Reads are answered here where they can be, saving a JNI call and a
 * deserialisation a gram. While the copy holds every gram written since the
 * operator started without restored state ({@code complete}), a gram it lacks is in no state either, so even misses
 * need no read. Past {@code capacity} grams it is flushed, forgets everything and is no longer complete: misses read
 * the state again (as after a restore). An entry whose TTL has run out is not answered: the state decides.
 *
 * <p>Laid out for the cache, since the grams are random and the table is far larger than it: a gram and its slot's
 * word (in use, changed since the flush, time of the write) sit side by side in one array, so that a lookup and the
 * write after it touch one cache line there and one in the holder array. A gram's state key is kept only while it
 * awaits the flush, beside its slot in the list of changed slots. The owner finds a gram's slot once ({@link #locate}) and
 * then reads and writes it there ({@link #holdersAt}, {@link #putAt}).
 */
public final class RecentGrams {

    /** The answer for a gram that no page holds. */
    public static final long[] ABSENT = new long[0];

    private static final int INITIAL_SLOTS = 1 << 14;
    private static final long USED = 1L << 62;
    private static final long CHANGED = Long.MIN_VALUE;
    private static final long TIME = USED - 1;

    private final int capacity;
    private final long ttlMillis;
    private boolean complete;
    /** Per slot, at 2·slot the gram and at 2·slot + 1 its word: {@link #USED}, {@link #CHANGED}, and the write's time. */
    private long[] table = new long[2 * INITIAL_SLOTS];

    private long[][] holders = new long[INITIAL_SLOTS][];
    /**
     * The slots changed since the last flush, each with its gram's state key: the slot in the high 32 bits, the key in
     * the low. A slot moves only when the table grows, which moves these with it.
     */
    private long[] changed = new long[64];

    private int changedCount;
    private int size;

    /** Where {@link #flush} writes a changed gram: its owner's state under the given key, with its write's time. */
    @FunctionalInterface
    public interface Writer {
        void write(int key, long gram, long[] holders, long time) throws Exception;
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
        return holdersAt(locate(gram), now);
    }

    /** Whether a new gram would not fit: the owner must {@link #flush} and {@link #forgetAll} first. */
    public boolean full(long gram) {
        return fullAt(locate(gram));
    }

    /** The gram's new holders at time {@code now}, to be written to the state under {@code key} by the next flush. */
    public void put(long gram, long[] gramHolders, long now, int key) {
        putAt(locate(gram), gram, gramHolders, now, key);
    }

    /**
     * The slot that holds the gram, or the free slot where it would go (linear probing, load at most 1/2). It stays
     * the gram's slot until the next {@link #putAt} of another gram or {@link #forgetAll}.
     */
    public int locate(long gram) {
        int mask = holders.length - 1;
        int slot = (int) Fingerprints.mix(gram) & mask;
        while ((table[2 * slot + 1] & USED) != 0 && table[2 * slot] != gram) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    /**
     * Reads the home slots of the grams, so that their cache misses overlap (independent loads) instead of coming one
     * by one in the lookups that follow; returns a value only so that the reads are not optimised away.
     */
    public long touch(long[] grams) {
        int mask = holders.length - 1;
        long sum = 0;
        for (long gram : grams) {
            sum += table[2 * ((int) Fingerprints.mix(gram) & mask) + 1];
        }
        return sum;
    }

    /** As {@link #get}, for the gram's slot ({@link #locate}). */
    public long[] holdersAt(int slot, long now) {
        long word = table[2 * slot + 1];
        if ((word & USED) == 0) {
            return complete ? ABSENT : null;
        }
        return now - (word & TIME) >= ttlMillis ? null : holders[slot];
    }

    /** As {@link #full}, for the gram's slot ({@link #locate}). */
    public boolean fullAt(int slot) {
        return size >= capacity && (table[2 * slot + 1] & USED) == 0;
    }

    /** As {@link #put}, for the gram's slot ({@link #locate}). */
    public void putAt(int slot, long gram, long[] gramHolders, long now, int key) {
        if (now < 0) {
            throw new IllegalArgumentException("time before the epoch: " + now);
        }
        long word = table[2 * slot + 1];
        if ((word & USED) == 0) {
            if (size >= capacity) {
                throw new IllegalStateException("full: flush and forget first");
            }
            if (2 * (size + 1) > holders.length) {
                grow();
                slot = locate(gram);
            }
            size++;
            table[2 * slot] = gram;
            word = USED;
        }
        holders[slot] = gramHolders;
        if ((word & CHANGED) == 0) {
            if (changedCount == changed.length) {
                changed = Arrays.copyOf(changed, changedCount * 2);
            }
            changed[changedCount++] = (long) slot << 32 | key & 0xFFFFFFFFL;
        }
        table[2 * slot + 1] = USED | CHANGED | now & TIME;
    }

    /**
     * Hands every gram changed since the last flush to the writer, in slot order: the changed slots are sorted first,
     * so that the table is read front to back rather than at random (a flush before a checkpoint visits a large part
     * of it, and a random visit costs a cache miss a gram).
     */
    public void flush(Writer writer) throws Exception {
        Arrays.sort(changed, 0, changedCount);
        for (int i = 0; i < changedCount; i++) {
            int slot = (int) (changed[i] >>> 32);
            long word = table[2 * slot + 1];
            writer.write((int) changed[i], table[2 * slot], holders[slot], word & TIME);
            table[2 * slot + 1] = word & ~CHANGED;
        }
        changedCount = 0;
    }

    /** How many grams the next flush writes. */
    public int changed() {
        return changedCount;
    }

    /** Forgets every (flushed) gram: misses read the state from now on. */
    public void forgetAll() {
        if (changedCount > 0) {
            throw new IllegalStateException(changedCount + " grams not flushed");
        }
        table = new long[2 * INITIAL_SLOTS];
        holders = new long[INITIAL_SLOTS][];
        size = 0;
        complete = false;
    }

    public int size() {
        return size;
    }

    public boolean complete() {
        return complete;
    }

    private void grow() {
        long[] oldTable = table;
        long[][] oldHolders = holders;
        table = new long[oldTable.length * 2];
        holders = new long[oldHolders.length * 2][];
        int[] moved = changedCount == 0 ? null : new int[oldHolders.length];
        for (int i = 0; i < oldHolders.length; i++) {
            if ((oldTable[2 * i + 1] & USED) != 0) {
                int slot = locate(oldTable[2 * i]);
                table[2 * slot] = oldTable[2 * i];
                table[2 * slot + 1] = oldTable[2 * i + 1];
                holders[slot] = oldHolders[i];
                if (moved != null) {
                    moved[i] = slot;
                }
            }
        }
        for (int i = 0; i < changedCount; i++) {
            changed[i] = (long) moved[(int) (changed[i] >>> 32)] << 32 | changed[i] & 0xFFFFFFFFL;
        }
    }
}
