package org.reusedetector.discover;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.reusedetector.page.Sha1;

/**
 * The published hashes of a discovery run and their families, looked up by the 20-byte hash as pages are read a
 * second time ({@link PageFamilies}). An open-addressing table of three longs a hash (its bytes, and its family's
 * number with its role), at most half full, so that a run's labels cost 50 to 100 bytes each, not the hundreds of a
 * map of strings.
 */
final class FamilyIndex {

    /** Role of a hash in its family: labelled content (a chunk or file label). */
    static final int CONTENT = 0;
    /** Role of a hash in its family: a stop chunk (boilerplate shared by several sites). */
    static final int STOP = 1;

    private static final double MAX_LOAD = 0.5;

    private final Map<String, Integer> familyNumbers = new HashMap<>();
    private final List<String> familyIds = new ArrayList<>();
    // per slot: bytes 0-7, bytes 8-15, bytes 16-19 | role << 32 | (family + 1) << 33 (0: empty)
    private long[] slots = new long[3 * 64];
    private int mask = 63;
    private int size;

    /** Adds a published hash (hex) of {@code family}, as content or as a stop chunk. */
    void add(String hexHash, String family, boolean content) {
        byte[] hash = Sha1.fromHex(hexHash);
        Integer number = familyNumbers.get(family);
        if (number == null) {
            number = familyIds.size();
            familyNumbers.put(family, number);
            familyIds.add(family);
        }
        if (size + 1 > MAX_LOAD * (mask + 1)) {
            grow();
        }
        put(
                HashCountTable.key0(hash, 0),
                HashCountTable.key1(hash, 0),
                (HashCountTable.key2(hash, 0) & 0xFFFF_FFFFL)
                        | ((long) (content ? CONTENT : STOP) << 32)
                        | ((long) (number + 1) << 33));
    }

    private boolean put(long k0, long k1, long tag) {
        int i = index(k0, k1) & mask;
        while (slots[i * 3 + 2] != 0) {
            int at = i * 3;
            if (slots[at] == k0 && slots[at + 1] == k1 && (int) slots[at + 2] == (int) tag) {
                return false; // a hash has one host set, so one family: a repeat changes nothing
            }
            i = (i + 1) & mask;
        }
        slots[i * 3] = k0;
        slots[i * 3 + 1] = k1;
        slots[i * 3 + 2] = tag;
        size++;
        return true;
    }

    private void grow() {
        long[] old = slots;
        slots = new long[old.length * 2];
        mask = mask * 2 + 1;
        size = 0;
        for (int at = 0; at < old.length; at += 3) {
            if (old[at + 2] != 0) {
                put(old[at], old[at + 1], old[at + 2]);
            }
        }
    }

    private static int index(long k0, long k1) {
        return (int) (k0 ^ (k0 >>> 32) ^ k1); // SHA-1 bits are uniform: any mix of them spreads
    }

    /**
     * The family and role of the hash at {@code offset} of {@code hashes}, as {@code family << 1 | role}, or -1 when
     * it is not published.
     */
    int find(byte[] hashes, int offset) {
        long k0 = HashCountTable.key0(hashes, offset);
        long k1 = HashCountTable.key1(hashes, offset);
        int k2 = HashCountTable.key2(hashes, offset);
        int i = index(k0, k1) & mask;
        while (true) {
            int at = i * 3;
            long tag = slots[at + 2];
            if (tag == 0) {
                return -1;
            }
            if (slots[at] == k0 && slots[at + 1] == k1 && (int) tag == k2) {
                return (int) (((tag >>> 33) - 1) << 1 | ((tag >>> 32) & 1));
            }
            i = (i + 1) & mask;
        }
    }

    /** The id of a family number from {@link #find}. */
    String family(int number) {
        return familyIds.get(number);
    }

    /** Published hashes held. */
    int size() {
        return size;
    }
}
