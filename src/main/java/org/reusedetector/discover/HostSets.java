package org.reusedetector.discover;

import java.nio.charset.StandardCharsets;
import org.apache.commons.codec.digest.MurmurHash3;

/**
 * Order-free fingerprints of sets of hosts: the sum (mod 2<sup>64</sup>) of a 64-bit hash of each host. A
 * distributed count adds the fingerprints of disjoint parts, so the fingerprint of a hash's host set is
 * known without ever holding the set. Two different sets collide with probability about 2<sup>-64</sup>
 * per pair.
 */
public final class HostSets {

    private HostSets() {}

    public static long fingerprint(String host) {
        byte[] bytes = host.getBytes(StandardCharsets.UTF_8);
        return MurmurHash3.hash128x64(bytes, 0, bytes.length, 0x5eed)[0];
    }
}
