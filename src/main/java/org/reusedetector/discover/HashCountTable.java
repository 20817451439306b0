package org.reusedetector.discover;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Per-hash counts of discovery in one primitive open-addressing table: no object per hash, so that tens of
 * millions of hashes cost about 64 bytes each (at most twice that while the table grows) and one cache line
 * per update. A slot is eight longs, the hash's 20 bytes and kind (chunk or file) as its key and the counts of
 * {@link Tally} beside it:
 *
 * <pre>
 * 0: bytes 0-7 of the hash      1: bytes 8-15      2: bytes 16-19 | kind &lt;&lt; 32 | used &lt;&lt; 33
 * 3: pages &lt;&lt; 32 | hosts          4: sites &lt;&lt; 32 | pages on the top host
 * 5: host-set fingerprint        6: current host &lt;&lt; 32 | its pages so far    7: current site &lt;&lt; 32 | example
 * </pre>
 *
 * The "current host" and "current site" fields let one pass over pages ordered by site and host count
 * distinct hosts and sites without holding sets: a hash meets a new host exactly when the host differs from
 * the last one it met. Counts are ints: a hash on 2<sup>31</sup> pages or more of one part is out of range.
 */
final class HashCountTable {

    static final int KIND_CHUNK = 0;
    static final int KIND_FILE = 1;

    private static final int SLOT = 8;
    private static final long USED = 1L << 33;
    private static final double MAX_LOAD = 0.7;
    /** A Java array holds at most 2<sup>31</sup> longs: 2<sup>28</sup> slots, about 188 M hashes. */
    private static final int MAX_CAPACITY = 1 << 28;

    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

    private final boolean bySecondKey;
    private long[] slots;
    private int mask;
    private int size;
    /** The slots in use, in the order their hashes came: no scan of empty slots to visit or clear them. */
    private int[] inserted = new int[64];

    /**
     * @param expected distinct hashes expected (the table grows past them)
     * @param bySecondKey place hashes by their second 8 bytes rather than their first: a table filled from
     *     another table's slots in slot order must not place by the same bits, or the keys arrive in order of
     *     their slots and linear probing degrades to long runs
     */
    HashCountTable(int expected, boolean bySecondKey) {
        this.bySecondKey = bySecondKey;
        int capacity = capacityFor(expected);
        slots = new long[capacity * SLOT];
        mask = capacity - 1;
    }

    private static int capacityFor(int expected) {
        long wanted = Math.max(16, (long) Math.ceil(expected / MAX_LOAD));
        return (int) Math.min(MAX_CAPACITY, Long.highestOneBit(wanted - 1) << 1);
    }

    /** Empties the table for about {@code expected} hashes, reusing its memory: clears only the slots in use. */
    void reset(int expected) {
        int capacity = capacityFor(expected);
        if ((long) capacity * SLOT > slots.length) {
            slots = new long[capacity * SLOT];
        } else {
            for (int k = 0; k < size; k++) {
                java.util.Arrays.fill(slots, inserted[k] * SLOT, inserted[k] * SLOT + SLOT, 0L);
            }
        }
        mask = capacity - 1;
        size = 0;
    }

    /** The slot of the {@code k}-th hash put in since the last {@link #reset} ({@code k < size()}). */
    int usedSlot(int k) {
        return inserted[k];
    }

    int size() {
        return size;
    }

    /** Slots to visit with {@link #used}: the table's capacity. */
    int capacity() {
        return mask + 1;
    }

    boolean used(int slot) {
        return (slots[slot * SLOT + 2] & USED) != 0;
    }

    static long key0(byte[] hashes, int offset) {
        return (long) LONG.get(hashes, offset);
    }

    static long key1(byte[] hashes, int offset) {
        return (long) LONG.get(hashes, offset + 8);
    }

    static int key2(byte[] hashes, int offset) {
        return (int) INT.get(hashes, offset + 16);
    }

    /**
     * The slot of a hash, or the complement ({@code ~slot}, negative) of the empty slot now taken for it, whose
     * counts are all zero.
     */
    int find(long k0, long k1, int k2, int kind) {
        if (size >= MAX_LOAD * (mask + 1)) {
            grow();
        }
        long tag = (k2 & 0xFFFF_FFFFL) | ((long) kind << 32) | USED;
        int i = index(k0, k1) & mask;
        while (true) {
            int at = i * SLOT;
            long t = slots[at + 2];
            if (t == 0) {
                slots[at] = k0;
                slots[at + 1] = k1;
                slots[at + 2] = tag;
                if (size == inserted.length) {
                    inserted = java.util.Arrays.copyOf(inserted, size * 2);
                }
                inserted[size++] = i;
                return ~i;
            }
            if (t == tag && slots[at] == k0 && slots[at + 1] == k1) {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /** SHA-1 bits are uniform; the high half of the first long is left to choose ranges ({@link PartitionCounts#range}). */
    private int index(long k0, long k1) {
        long k = bySecondKey ? k1 : k0;
        return (int) k ^ (int) (k >>> 17);
    }

    private void grow() {
        if (mask + 1 >= MAX_CAPACITY) {
            throw new IllegalStateException(
                    "more than " + size + " distinct hashes in one discovery partition: raise the parallelism");
        }
        long[] old = slots;
        int capacity = (mask + 1) * 2;
        slots = new long[capacity * SLOT];
        mask = capacity - 1;
        for (int k = 0; k < size; k++) {
            int at = inserted[k] * SLOT;
            int i = index(old[at], old[at + 1]) & mask;
            while (slots[i * SLOT + 2] != 0) {
                i = (i + 1) & mask;
            }
            System.arraycopy(old, at, slots, i * SLOT, SLOT);
            inserted[k] = i;
        }
    }

    long key0(int slot) {
        return slots[slot * SLOT];
    }

    long key1(int slot) {
        return slots[slot * SLOT + 1];
    }

    int key2(int slot) {
        return (int) slots[slot * SLOT + 2];
    }

    int kind(int slot) {
        return (int) (slots[slot * SLOT + 2] >>> 32) & 1;
    }

    /** The hash of a slot as 20 bytes. */
    byte[] hash(int slot) {
        byte[] hash = new byte[20];
        LONG.set(hash, 0, key0(slot));
        LONG.set(hash, 8, key1(slot));
        INT.set(hash, 16, key2(slot));
        return hash;
    }

    int pages(int slot) {
        return high(slot, 3);
    }

    int hosts(int slot) {
        return low(slot, 3);
    }

    int sites(int slot) {
        return high(slot, 4);
    }

    int topHostPages(int slot) {
        return low(slot, 4);
    }

    long hostSet(int slot) {
        return slots[slot * SLOT + 5];
    }

    int currentHost(int slot) {
        return high(slot, 6);
    }

    int currentHostPages(int slot) {
        return low(slot, 6);
    }

    int currentSite(int slot) {
        return high(slot, 7);
    }

    int example(int slot) {
        return low(slot, 7);
    }

    void setCounts(int slot, int pages, int hosts, int sites, int topHostPages, long hostSet) {
        int at = slot * SLOT;
        slots[at + 3] = pack(pages, hosts);
        slots[at + 4] = pack(sites, topHostPages);
        slots[at + 5] = hostSet;
    }

    void setCurrent(int slot, int host, int hostPages, int site, int example) {
        int at = slot * SLOT;
        slots[at + 6] = pack(host, hostPages);
        slots[at + 7] = pack(site, example);
    }

    void setExample(int slot, int example) {
        int at = slot * SLOT + 7;
        slots[at] = (slots[at] & 0xFFFF_FFFF_0000_0000L) | (example & 0xFFFF_FFFFL);
    }

    private int high(int slot, int field) {
        return (int) (slots[slot * SLOT + field] >>> 32);
    }

    private int low(int slot, int field) {
        return (int) slots[slot * SLOT + field];
    }

    private static long pack(int high, int low) {
        return ((long) high << 32) | (low & 0xFFFF_FFFFL);
    }
}
