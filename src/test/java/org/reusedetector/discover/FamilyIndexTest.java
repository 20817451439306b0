package org.reusedetector.discover;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.reusedetector.page.Sha1;

class FamilyIndexTest {

    static String hex(int i) {
        return Sha1.hex(Sha1.of("chunk " + i));
    }

    @Test
    void findsEachPublishedHashWithItsFamilyAndRole() {
        FamilyIndex index = new FamilyIndex();
        index.add(hex(1), "f0000000000000001", true);
        index.add(hex(2), "f0000000000000001", false);
        index.add(hex(3), "f0000000000000002", true);

        int one = index.find(Sha1.fromHex(hex(1)), 0);
        int two = index.find(Sha1.fromHex(hex(2)), 0);
        int three = index.find(Sha1.fromHex(hex(3)), 0);
        assertThat(one & 1).isEqualTo(FamilyIndex.CONTENT);
        assertThat(two & 1).isEqualTo(FamilyIndex.STOP);
        assertThat(index.family(one >>> 1)).isEqualTo("f0000000000000001");
        assertThat(two >>> 1).isEqualTo(one >>> 1);
        assertThat(index.family(three >>> 1)).isEqualTo("f0000000000000002");
        assertThat(index.find(Sha1.fromHex(hex(4)), 0)).isEqualTo(-1);
    }

    @Test
    void findsHashesAtAnOffsetOfAPackedArrayAndKeepsThemAllAsItGrows() {
        FamilyIndex index = new FamilyIndex();
        for (int i = 0; i < 5000; i++) {
            index.add(hex(i), "f" + (i % 7), i % 2 == 0);
        }
        index.add(hex(42), "f0", true); // a repeat changes nothing
        assertThat(index.size()).isEqualTo(5000);

        byte[] packed = new byte[3 * Sha1.LENGTH];
        System.arraycopy(Sha1.fromHex(hex(4999)), 0, packed, Sha1.LENGTH, Sha1.LENGTH);
        System.arraycopy(Sha1.fromHex(hex(9999)), 0, packed, 2 * Sha1.LENGTH, Sha1.LENGTH);
        int found = index.find(packed, Sha1.LENGTH);
        assertThat(index.family(found >>> 1)).isEqualTo("f" + (4999 % 7));
        assertThat(found & 1).isEqualTo(FamilyIndex.STOP);
        assertThat(index.find(packed, 2 * Sha1.LENGTH)).isEqualTo(-1);
        for (int i = 0; i < 5000; i++) {
            assertThat(index.find(Sha1.fromHex(hex(i)), 0)).isNotNegative();
        }
    }
}
