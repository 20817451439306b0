package org.reusedetector.shingle;

/**
 * Counts per 64-bit key in open addressing (linear probing): 12 bytes a key, where a {@code HashMap<Long, Integer>}
 * takes some 80. Counts the documents of every k-gram of a crawl.
 */
public final class LongIntCounts {

    private static final long EMPTY = 0L;
    private long[] keys;
    private int[] values;
    private int size;
    private boolean hasZeroKey;
    private int zeroValue;

    public LongIntCounts(int expected) {
        int capacity = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
        keys = new long[capacity];
        values = new int[capacity];
    }

    public void increment(long key) {
        if (key == EMPTY) {
            hasZeroKey = true;
            zeroValue++;
            return;
        }
        int slot = slot(key);
        if (keys[slot] == EMPTY) {
            keys[slot] = key;
            if (++size * 2 > keys.length) {
                values[slot] = 1;
                grow();
                return;
            }
        }
        values[slot]++;
    }

    /** Sets the value of a key (not the zero key's count semantics: any value). */
    public void put(long key, int value) {
        if (key == EMPTY) {
            hasZeroKey = true;
            zeroValue = value;
            return;
        }
        int slot = slot(key);
        if (keys[slot] == EMPTY) {
            keys[slot] = key;
            values[slot] = value;
            if (++size * 2 > keys.length) {
                grow();
            }
            return;
        }
        values[slot] = value;
    }

    public int get(long key) {
        if (key == EMPTY) {
            return hasZeroKey ? zeroValue : 0;
        }
        int slot = slot(key);
        return keys[slot] == EMPTY ? 0 : values[slot];
    }

    /** The keys (in no order). */
    public long[] keys() {
        long[] all = new long[size()];
        int n = 0;
        if (hasZeroKey) {
            all[n++] = EMPTY;
        }
        for (long key : keys) {
            if (key != EMPTY) {
                all[n++] = key;
            }
        }
        return all;
    }

    public int size() {
        return size + (hasZeroKey ? 1 : 0);
    }

    private int slot(long key) {
        int mask = keys.length - 1;
        int slot = (int) Fingerprints.mix(key) & mask;
        while (keys[slot] != EMPTY && keys[slot] != key) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        values = new int[oldKeys.length * 2];
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != EMPTY) {
                int slot = slot(oldKeys[i]);
                keys[slot] = oldKeys[i];
                values[slot] = oldValues[i];
            }
        }
    }
}
