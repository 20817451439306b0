package org.reusedetector.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class HashKeyTest {

    @Test
    void equalDigestsAreEqualKeys() {
        HashKey a = HashKey.of(Sha1.of("x"));
        HashKey b = HashKey.of(Sha1.of("x"));
        HashKey c = HashKey.of(Sha1.of("y"));
        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b).isNotEqualTo(c);
        assertThat(a).isNotEqualTo(null).isNotEqualTo(Sha1.hex(Sha1.of("x")));
        Set<HashKey> set = new HashSet<>(Set.of(a, c));
        assertThat(set).contains(b).hasSize(2);
    }

    @Test
    void keysDifferingOnlyAfterTheFirstFourBytesAreDistinct() {
        byte[] one = new byte[20];
        byte[] two = new byte[20];
        two[19] = 1;
        assertThat(HashKey.of(one)).hasSameHashCodeAs(HashKey.of(two)).isNotEqualTo(HashKey.of(two));
    }

    @Test
    void hashCodeIsTheFirstFourBytes() {
        byte[] hash = Sha1.fromHex("deadbeef" + "00".repeat(16));
        assertThat(HashKey.of(hash).hashCode()).isEqualTo(0xdeadbeef);
    }

    @Test
    void isImmutable() {
        byte[] hash = Sha1.of("x");
        HashKey key = HashKey.of(hash);
        hash[0] ^= 1;
        assertThat(key.bytes()).isEqualTo(Sha1.of("x"));
        key.bytes()[0] ^= 1;
        assertThat(key.bytes()).isEqualTo(Sha1.of("x"));
    }

    @Test
    void hexRoundTrip() {
        String hex = Sha1.hex(Sha1.of("round trip"));
        HashKey key = HashKey.ofHex(hex);
        assertThat(key.hex()).isEqualTo(hex);
        assertThat(key.toString()).isEqualTo(hex);
        assertThat(HashKey.ofHex(hex.toUpperCase())).isEqualTo(key);
        assertThat(key).isEqualTo(HashKey.of(Sha1.of("round trip")));
        assertThatThrownBy(() -> HashKey.ofHex("abc")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void ofPackedIndex() {
        byte[] packed = new byte[60];
        System.arraycopy(Sha1.of("a"), 0, packed, 0, 20);
        System.arraycopy(Sha1.of("b"), 0, packed, 20, 20);
        System.arraycopy(Sha1.of("c"), 0, packed, 40, 20);
        assertThat(HashKey.of(packed, 0)).isEqualTo(HashKey.of(Sha1.of("a")));
        assertThat(HashKey.of(packed, 1)).isEqualTo(HashKey.of(Sha1.of("b")));
        assertThat(HashKey.of(packed, 2)).isEqualTo(HashKey.of(Sha1.of("c")));
        HashKey key = HashKey.of(packed, 1);
        packed[20] ^= 1;
        assertThat(key).isEqualTo(HashKey.of(Sha1.of("b")));
    }
}
