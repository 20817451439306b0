package org.reusedetector.labels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.reusedetector.format.LabelCodec;
import org.reusedetector.model.Evidence;
import org.reusedetector.model.Label;
import org.reusedetector.page.HashKey;
import org.reusedetector.page.Sha1;

class LabelIndexTest {

    private MapLabelStore store;
    private LabelIndex index;

    @BeforeEach
    void setUp() {
        store = new MapLabelStore();
        index = new LabelIndex(store);
    }

    private static Label add(String hex, String kind, String source, String example) {
        return new Label(hex, kind, Label.OP_ADD, source, example, null, null, null);
    }

    private static Label remove(String hex, String kind) {
        return new Label(hex, kind, Label.OP_REMOVE, null, null, null, null, null);
    }

    private byte kind(byte[] hash) {
        return LabelIndex.kindOf(index.lookup(hash, 0));
    }

    @Test
    void blindDiscoveryNeitherReplacesNorClearsAnExpertsLabel() {
        String hex = Sha1.hex(Sha1.of("a paragraph an expert labelled and clones spread"));
        byte[] hash = Sha1.fromHex(hex);
        index.apply(add(hex, Label.KIND_CHUNK, "informed:bank", "https://bank.example/login"));
        index.apply(add(hex, Label.KIND_CHUNK, "discover:run-1", "https://clone.example/x"));
        assertThat(kind(hash)).isEqualTo((byte) (LabelIndex.KIND_CHUNK | LabelIndex.KIND_DISCOVERED_CHUNK));
        index.apply(new Label(hex, Label.KIND_CHUNK, Label.OP_REMOVE, "discover:run-2", null, null, null, null));
        assertThat(kind(hash)).isEqualTo(LabelIndex.KIND_CHUNK);
        assertThat(kind(hash) & LabelIndex.CHUNK_MATCH).isNotZero();
        // and the two live under different keys on the compacted topic
        assertThat(LabelCodec.key(add(hex, Label.KIND_CHUNK, "discover:run-1", null)))
                .isEqualTo("discover:chunk:" + hex)
                .isNotEqualTo(LabelCodec.key(add(hex, Label.KIND_CHUNK, "informed:bank", null)));
        assertThat(LabelCodec.removalOf("discover:chunk:" + hex)).satisfies(l -> {
            assertThat(l.source()).isEqualTo("discover:");
            assertThat(LabelIndex.bitOf(l)).isEqualTo(LabelIndex.KIND_DISCOVERED_CHUNK);
        });
    }

    @Test
    void identityIsTheFirst96BitsOfTheHash() {
        byte[] hash = Sha1.of("labelled");
        index.add(hash, LabelIndex.KIND_CHUNK, 0);
        for (int at = 0; at < 12; at++) {
            byte[] other = hash.clone();
            other[at] ^= 1;
            assertThat(index.lookup(other, 0)).as("byte %d differs", at).isZero();
        }
        // the last 8 bytes are not stored (see LabelIndex): a hash that differs only there is the same label
        byte[] tail = hash.clone();
        tail[12] ^= 1;
        tail[19] ^= 1;
        assertThat(kind(tail)).isEqualTo(LabelIndex.KIND_CHUNK);
        assertThat(store.bucket(LabelIndex.bucketOf(hash, 0)))
                .hasSize(LabelIndex.ENTRY)
                .hasSize(14);
    }

    @Test
    void largeOriginIdsKeepTheLabelWithoutEvidence() {
        byte[] hash = Sha1.of("x");
        index.add(hash, LabelIndex.KIND_FILE, (1 << 27) + 5);
        assertThat(kind(hash)).isEqualTo(LabelIndex.KIND_FILE);
        assertThat(index.evidence(hash, 0, index.lookup(hash, 0), Label.KIND_FILE))
                .isEqualTo(new Evidence(Sha1.hex(hash), Label.KIND_FILE, null, null));
        index.add(hash, LabelIndex.KIND_DISCOVERED_FILE, 3);
        assertThat(LabelIndex.originOf(index.lookup(hash, 0))).isEqualTo(3);
        assertThat(kind(hash)).isEqualTo((byte) (LabelIndex.KIND_FILE | LabelIndex.KIND_DISCOVERED_FILE));
    }

    @Test
    void kindBits() {
        assertThat(LabelIndex.kindBit(Label.KIND_CHUNK)).isEqualTo(LabelIndex.KIND_CHUNK);
        assertThat(LabelIndex.kindBit(Label.KIND_FILE)).isEqualTo(LabelIndex.KIND_FILE);
        assertThat(LabelIndex.kindBit(Label.KIND_STOP)).isEqualTo(LabelIndex.KIND_STOP);
        assertThat(LabelIndex.KIND_CHUNK & LabelIndex.KIND_FILE & LabelIndex.KIND_STOP)
                .isZero();
        assertThatThrownBy(() -> LabelIndex.kindBit("template"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("template");
    }

    @Test
    void addLookupRemove() {
        byte[] hash = Sha1.of("chunk");
        assertThat(index.lookup(hash, 0)).isZero();
        assertThat(index.apply(add(Sha1.hex(hash), Label.KIND_CHUNK, "src", "http://x.org/")))
                .isTrue();
        assertThat(kind(hash)).isEqualTo(LabelIndex.KIND_CHUNK);
        assertThat(index.lookup(Sha1.of("other"), 0)).isZero();
        assertThat(index.apply(add(Sha1.hex(hash), Label.KIND_CHUNK, "src", "http://x.org/")))
                .isFalse();
        assertThat(index.apply(remove(Sha1.hex(hash), Label.KIND_CHUNK))).isTrue();
        assertThat(index.lookup(hash, 0)).isZero();
        assertThat(index.apply(remove(Sha1.hex(hash), Label.KIND_CHUNK))).isFalse();
        assertThat(store.bucketCount()).isZero();
    }

    @Test
    void lookupInAPackedArray() {
        byte[] packed = new byte[60];
        System.arraycopy(Sha1.of("a"), 0, packed, 0, 20);
        System.arraycopy(Sha1.of("b"), 0, packed, 20, 20);
        System.arraycopy(Sha1.of("c"), 0, packed, 40, 20);
        index.add(Sha1.of("b"), LabelIndex.KIND_CHUNK, 0);
        assertThat(index.lookup(packed, 0)).isZero();
        assertThat(LabelIndex.kindOf(index.lookup(packed, 20))).isEqualTo(LabelIndex.KIND_CHUNK);
        assertThat(index.lookup(packed, 40)).isZero();
    }

    @Test
    void kindMasksCombineAndRemoveIndependently() {
        byte[] hash = Sha1.of("x");
        String hex = Sha1.hex(hash);
        index.apply(add(hex, Label.KIND_CHUNK, null, null));
        index.apply(add(hex, Label.KIND_STOP, null, null));
        assertThat(kind(hash)).isEqualTo((byte) (LabelIndex.KIND_CHUNK | LabelIndex.KIND_STOP));
        index.apply(add(hex, Label.KIND_FILE, null, null));
        assertThat(kind(hash)).isEqualTo((byte) 7);
        assertThat(index.apply(remove(hex, Label.KIND_STOP))).isTrue();
        assertThat(kind(hash)).isEqualTo((byte) (LabelIndex.KIND_CHUNK | LabelIndex.KIND_FILE));
        assertThat(index.apply(remove(hex, Label.KIND_STOP))).isFalse();
        assertThat(index.apply(remove(hex, Label.KIND_CHUNK))).isTrue();
        assertThat(kind(hash)).isEqualTo(LabelIndex.KIND_FILE);
        assertThat(store.bucketCount()).isEqualTo(1);
        assertThat(index.apply(remove(hex, Label.KIND_FILE))).isTrue();
        assertThat(index.lookup(hash, 0)).isZero();
        assertThat(store.bucketCount()).isZero();
    }

    @Test
    void removingOneEntryKeepsTheRestOfItsBucket() {
        byte[] a = new byte[20];
        byte[] b = new byte[20];
        byte[] c = new byte[20];
        b[11] = 1;
        c[11] = 2;
        index.add(b, LabelIndex.KIND_CHUNK, 0);
        index.add(c, LabelIndex.KIND_FILE, 0);
        index.add(a, LabelIndex.KIND_STOP, 0);
        assertThat(store.bucketCount()).isEqualTo(1);
        assertThat(store.bucket(0)).hasSize(3 * LabelIndex.ENTRY);
        assertThat(index.remove(b, LabelIndex.KIND_CHUNK)).isTrue();
        assertThat(kind(a)).isEqualTo(LabelIndex.KIND_STOP);
        assertThat(kind(b)).isZero();
        assertThat(kind(c)).isEqualTo(LabelIndex.KIND_FILE);
        assertThat(index.remove(a, LabelIndex.KIND_STOP)).isTrue();
        assertThat(index.remove(c, LabelIndex.KIND_FILE)).isTrue();
        assertThat(store.bucket(0)).isNull();
        assertThat(store.bucketCount()).isZero();
    }

    @Test
    void originDictionaryGivesEvidence() {
        byte[] one = Sha1.of("one");
        byte[] two = Sha1.of("two");
        byte[] three = Sha1.of("three");
        index.apply(add(Sha1.hex(one), Label.KIND_CHUNK, "informed:ref", "http://bank.example/login"));
        index.apply(add(Sha1.hex(two), Label.KIND_CHUNK, "informed:ref", "http://bank.example/login"));
        index.apply(add(Sha1.hex(three), Label.KIND_FILE, null, null));
        long l1 = index.lookup(one, 0);
        long l2 = index.lookup(two, 0);
        long l3 = index.lookup(three, 0);
        assertThat(LabelIndex.originOf(l1)).isEqualTo(LabelIndex.originOf(l2));
        assertThat(LabelIndex.originOf(l3)).isNotEqualTo(LabelIndex.originOf(l1));
        assertThat(store.originId("informed:ref\u0000http://bank.example/login"))
                .isEqualTo(LabelIndex.originOf(l1));
        assertThat(index.evidence(one, 0, l1, Label.KIND_CHUNK))
                .isEqualTo(new Evidence(Sha1.hex(one), Label.KIND_CHUNK, "informed:ref", "http://bank.example/login"));
        assertThat(index.evidence(three, 0, l3, Label.KIND_FILE))
                .isEqualTo(new Evidence(Sha1.hex(three), Label.KIND_FILE, null, null));
    }

    @Test
    void originWithOnlySourceOrOnlyExample() {
        byte[] a = Sha1.of("a");
        byte[] b = Sha1.of("b");
        index.apply(add(Sha1.hex(a), Label.KIND_CHUNK, "only-source", null));
        index.apply(add(Sha1.hex(b), Label.KIND_CHUNK, null, "http://only.example/"));
        assertThat(index.evidence(a, 0, index.lookup(a, 0), Label.KIND_CHUNK))
                .isEqualTo(new Evidence(Sha1.hex(a), Label.KIND_CHUNK, "only-source", null));
        assertThat(index.evidence(b, 0, index.lookup(b, 0), Label.KIND_CHUNK))
                .isEqualTo(new Evidence(Sha1.hex(b), Label.KIND_CHUNK, null, "http://only.example/"));
    }

    @Test
    void evidenceWithUnknownOriginHasNoSource() {
        byte[] a = Sha1.of("a");
        index.add(a, LabelIndex.KIND_CHUNK, 99);
        assertThat(index.evidence(a, 0, index.lookup(a, 0), Label.KIND_CHUNK))
                .isEqualTo(new Evidence(Sha1.hex(a), Label.KIND_CHUNK, null, null));
    }

    @Test
    void mapLabelStoreOrigins() {
        assertThat(store.originId("x")).isEqualTo(-1);
        assertThat(store.addOrigin("x")).isZero();
        assertThat(store.addOrigin("y")).isEqualTo(1);
        assertThat(store.originId("x")).isZero();
        assertThat(store.originId("y")).isEqualTo(1);
        assertThat(store.origin(1)).isEqualTo("y");
        assertThat(store.origin(2)).isNull();
        assertThat(store.origin(-1)).isNull();
    }

    @Test
    void upperCaseHexLabelsAreTheSameHash() {
        byte[] hash = Sha1.of("x");
        index.apply(add(Sha1.hex(hash).toUpperCase(), Label.KIND_CHUNK, null, null));
        assertThat(kind(hash)).isEqualTo(LabelIndex.KIND_CHUNK);
        assertThatThrownBy(() -> index.apply(add("xyz", Label.KIND_CHUNK, null, null)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void randomHashesAgainstAHashSetReference() {
        Random random = new Random(2019);
        Map<HashKey, Byte> reference = new HashMap<>();
        List<byte[]> hashes = new ArrayList<>();
        for (int i = 0; i < 100_000; i++) {
            byte[] hash = new byte[20];
            random.nextBytes(hash);
            if (i % 10 == 0) {
                // a few crowded buckets, to exercise long binary searches and inserts in the middle
                hash[0] = 0x7f;
                hash[1] = (byte) random.nextInt(3);
            }
            hashes.add(hash);
        }
        byte[] kinds = {LabelIndex.KIND_CHUNK, LabelIndex.KIND_FILE, LabelIndex.KIND_STOP};
        for (byte[] hash : hashes) {
            byte kind = kinds[random.nextInt(3)];
            HashKey key = HashKey.of(hash);
            byte before = reference.getOrDefault(key, (byte) 0);
            byte after = (byte) (before | kind);
            assertThat(index.add(hash, kind, 0)).isEqualTo(after != before);
            reference.put(key, after);
        }
        // removals: whole entries, single kinds, and kinds that are not there
        for (int i = 0; i < 60_000; i++) {
            byte[] hash = hashes.get(random.nextInt(hashes.size()));
            byte kind = random.nextInt(4) == 0 ? (byte) 7 : kinds[random.nextInt(3)];
            HashKey key = HashKey.of(hash);
            byte before = reference.getOrDefault(key, (byte) 0);
            byte after = (byte) (before & ~kind);
            assertThat(index.remove(hash, kind)).isEqualTo(after != before);
            if (after == 0) {
                reference.remove(key);
            } else {
                reference.put(key, after);
            }
        }
        // re-add some removed ones
        for (int i = 0; i < 10_000; i++) {
            byte[] hash = hashes.get(random.nextInt(hashes.size()));
            HashKey key = HashKey.of(hash);
            byte before = reference.getOrDefault(key, (byte) 0);
            index.add(hash, LabelIndex.KIND_CHUNK, 0);
            reference.put(key, (byte) (before | LabelIndex.KIND_CHUNK));
        }
        assertThat(reference.size()).isBetween(20_000, 99_000);
        for (byte[] hash : hashes) {
            byte expected = reference.getOrDefault(HashKey.of(hash), (byte) 0);
            assertThat(kind(hash)).as("kind of %s", Sha1.hex(hash)).isEqualTo(expected);
        }
        for (int i = 0; i < 10_000; i++) {
            byte[] absent = new byte[20];
            random.nextBytes(absent);
            if (!reference.containsKey(HashKey.of(absent))) {
                assertThat(index.lookup(absent, 0)).isZero();
            }
        }
        Set<Integer> liveBuckets = new HashSet<>();
        long entries = 0;
        for (HashKey key : reference.keySet()) {
            byte[] b = key.bytes();
            liveBuckets.add(((b[0] & 0xff) << 8) | (b[1] & 0xff));
        }
        for (int bucket = 0; bucket < 65_536; bucket++) {
            byte[] data = store.bucket(bucket);
            if (data != null) {
                assertThat(data.length % LabelIndex.ENTRY).isZero();
                assertThat(data.length).isPositive();
                entries += data.length / LabelIndex.ENTRY;
            }
        }
        assertThat(store.bucketCount()).isEqualTo(liveBuckets.size());
        assertThat(entries).isEqualTo(reference.size());

        // remove everything: every bucket goes away
        for (HashKey key : new ArrayList<>(reference.keySet())) {
            assertThat(index.remove(key.bytes(), (byte) 7)).isTrue();
        }
        assertThat(store.bucketCount()).isZero();
    }

    @Test
    void chunkLabelsAreCountedPerSourceAndCountedAgainTheSame() {
        MapLabelStore store = new MapLabelStore();
        LabelIndex index = new LabelIndex(store);
        String h1 = Sha1.hex(Sha1.of("one"));
        String h2 = Sha1.hex(Sha1.of("two"));
        String h3 = Sha1.hex(Sha1.of("three"));
        index.apply(
                new Label(h1, Label.KIND_CHUNK, Label.OP_ADD, "expert", "https://www.bank.com/a", null, null, null));
        index.apply(
                new Label(h2, Label.KIND_CHUNK, Label.OP_ADD, "expert", "https://login.bank.com/b", null, null, null));
        index.apply(new Label(h3, Label.KIND_FILE, Label.OP_ADD, "expert", "https://www.bank.com/a", null, null, null));
        index.apply(new Label(h3, Label.KIND_CHUNK, Label.OP_ADD, "discover:r1", "https://m.org/", 3L, 3L, null, "f1"));
        assertThat(index.sourceChunks("bank.com")).isEqualTo(2); // one site, two example pages; files do not count
        assertThat(index.sourceChunks("family:f1")).isEqualTo(1);
        assertThat(index.sourceOf(LabelIndex.originOf(index.lookup(Sha1.of("one"), 0))))
                .isEqualTo("bank.com");

        index.apply(new Label(h1, Label.KIND_CHUNK, Label.OP_REMOVE, null, null, null, null, null));
        assertThat(index.sourceChunks("bank.com")).isEqualTo(1);
        // a re-added label moves to its new origin's source
        index.apply(new Label(h2, Label.KIND_CHUNK, Label.OP_ADD, "expert", "https://other.net/", null, null, null));
        assertThat(index.sourceChunks("bank.com")).isZero();
        assertThat(index.sourceChunks("other.net")).isEqualTo(1);
    }

    @Test
    void anOriginWithAFamilyKeepsItsExampleAndSource() {
        LabelIndex index = new LabelIndex(new MapLabelStore());
        String h = Sha1.hex(Sha1.of("x"));
        index.apply(new Label(h, Label.KIND_CHUNK, Label.OP_ADD, "discover:r1", "https://m.org/", 3L, 3L, null, "f9"));
        long lookup = index.lookup(Sha1.of("x"), 0);
        assertThat(index.evidence(Sha1.of("x"), 0, lookup, Label.KIND_CHUNK).source())
                .isEqualTo("discover:r1");
        assertThat(index.evidence(Sha1.of("x"), 0, lookup, Label.KIND_CHUNK).exampleUrl())
                .isNull();
        assertThat(index.originSite(LabelIndex.originOf(lookup))).isEmpty();
        assertThat(LabelIndex.sourceOfOrigin("informed:x\u0000")).isEqualTo("informed:x");

        // a family whose source discovery could tell: the source is its example, and its site the label's site
        String y = Sha1.hex(Sha1.of("y"));
        index.apply(new Label(y, Label.KIND_CHUNK, Label.OP_ADD, "discover:r1", "https://m.org/", 3L, 3L, null, "f8")
                .withFamilySource("https://docs.author.org/"));
        long sourced = index.lookup(Sha1.of("y"), 0);
        assertThat(index.sourceOf(LabelIndex.originOf(sourced))).isEqualTo("family:f8");
        assertThat(index.exampleOf(LabelIndex.originOf(sourced))).isEqualTo("https://docs.author.org/");
        assertThat(index.originSite(LabelIndex.originOf(sourced))).isEqualTo("author.org");
        assertThat(LabelIndex.sourceOfOrigin("s\u0000https://a.example.co.uk/p"))
                .isEqualTo("example.co.uk");
    }
}
