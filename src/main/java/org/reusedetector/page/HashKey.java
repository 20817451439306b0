package org.reusedetector.page;

import java.util.Arrays;

/** A 20-byte SHA-1 digest usable as a hash-map key (the digest's own bits make a good hash code). */
public final class HashKey {
    private final byte[] hash;
    private final int hashCode;

    private HashKey(byte[] hash) {
        this.hash = hash;
        this.hashCode =
                ((hash[0] & 0xff) << 24) | ((hash[1] & 0xff) << 16) | ((hash[2] & 0xff) << 8) | (hash[3] & 0xff);
    }

    public static HashKey of(byte[] hash) {
        return new HashKey(hash.clone());
    }

    /** The {@code index}-th hash of a packed array of 20-byte digests. */
    public static HashKey of(byte[] packed, int index) {
        return new HashKey(Arrays.copyOfRange(packed, index * Sha1.LENGTH, (index + 1) * Sha1.LENGTH));
    }

    public static HashKey ofHex(String hex) {
        return new HashKey(Sha1.fromHex(hex));
    }

    public byte[] bytes() {
        return hash.clone();
    }

    public String hex() {
        return Sha1.hex(hash);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof HashKey other && Arrays.equals(hash, other.hash);
    }

    @Override
    public int hashCode() {
        return hashCode;
    }

    @Override
    public String toString() {
        return hex();
    }
}
