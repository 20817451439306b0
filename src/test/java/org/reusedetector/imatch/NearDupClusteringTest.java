package org.reusedetector.imatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class NearDupClusteringTest {

    private static byte[] sig(int... perLexicon) {
        byte[] packed = new byte[perLexicon.length * Signatures.LENGTH];
        for (int j = 0; j < perLexicon.length; j++) {
            if (perLexicon[j] != 0) {
                packed[j * Signatures.LENGTH] = (byte) perLexicon[j];
                packed[j * Signatures.LENGTH + 19] = 1;
            }
        }
        return packed;
    }

    @Test
    void pagesSharingAnySignatureAreJoinedTransitively() {
        NearDupClustering clustering = new NearDupClustering(3);
        clustering.add("https://a.org/1", sig(1, 2, 3));
        clustering.add("https://b.org/1", sig(9, 2, 8)); // joins a via lexicon 1
        clustering.add("https://c.org/1", sig(7, 6, 8)); // joins b via lexicon 2
        clustering.add("https://d.org/1", sig(5, 4, 0)); // alone
        clustering.add("https://e.org/1", Signatures.NONE); // no signature: not clustered
        clustering.add("https://a.org/2", sig(5, 0, 0)); // joins d via lexicon 0

        List<NearDupClustering.Cluster> clusters = clustering.clusters(2);

        assertThat(clustering.pages()).isEqualTo(5);
        assertThat(clusters).hasSize(2);
        NearDupClustering.Cluster big = clusters.get(0);
        assertThat(big.id()).isEqualTo("c1");
        assertThat(big.size()).isEqualTo(3);
        assertThat(big.hosts()).isEqualTo(3);
        assertThat(big.urlCount()).isEqualTo(3);
        assertThat(big.urls()).containsExactly("https://a.org/1", "https://b.org/1");
        assertThat(big.lexiconsAgreeing()).containsExactly(1, 2);
        assertThat(clusters.get(1).lexiconsAgreeing()).containsExactly(0);
        assertThat(big.exactCopies()).isFalse();
        assertThat(NearDupClustering.sizeDistribution(clusters))
                .containsEntry(3, 1)
                .containsEntry(2, 1);
    }

    @Test
    void identicalBodiesAreJoinedWithoutASignature() {
        NearDupClustering clustering = new NearDupClustering(2);
        byte[] body = new byte[20];
        body[3] = 7;
        clustering.add("https://a.org/tiny", Signatures.NONE, body, null);
        clustering.add("https://b.org/tiny", Signatures.NONE, body.clone(), null);
        clustering.add("https://c.org/tiny", Signatures.NONE, new byte[20], null);
        List<NearDupClustering.Cluster> clusters = clustering.clusters(10);
        assertThat(clusters).singleElement().satisfies(c -> {
            assertThat(c.urls()).containsExactly("https://a.org/tiny", "https://b.org/tiny");
            assertThat(c.exactCopies()).isTrue();
            assertThat(c.lexiconsAgreeing()).isEmpty();
        });
    }

    @Test
    void plainImatchUsesTheOriginalLexiconOnly() {
        NearDupClustering clustering = new NearDupClustering(1);
        clustering.add("https://a.org/1", sig(1, 2));
        clustering.add("https://b.org/1", sig(9, 2));
        assertThat(clustering.clusters(10)).isEmpty();
    }

    private static final JoinRule RULE = JoinRule.defaults();

    private static String[] words(String prefix, int n) {
        String[] words = new String[n];
        for (int i = 0; i < n; i++) {
            words[i] = prefix + i;
        }
        return words;
    }

    /** The words with those at the given positions replaced: each breaks the five phrases that hold it. */
    private static String[] edited(String[] words, String mark, int... positions) {
        String[] out = words.clone();
        for (int p : positions) {
            out[p] = mark + p;
        }
        return out;
    }

    private static PhraseSample sample(String... words) {
        return JoinRuleTest.sample(RULE, String.join(" ", words));
    }

    private static String hex(byte[] signature) {
        return Signatures.hex(signature, 0);
    }

    @Test
    void withARuleSmallGeneratedSiblingsThatShareASignatureStayApart() {
        NearDupClustering clustering = new NearDupClustering(1, RULE);
        int a = clustering.add(
                "https://docs.example/fn.maskstore.html",
                sig(4),
                null,
                sample("Redirecting to core arch x86 fn mm maskstore pd html".split(" ")));
        int b = clustering.add(
                "https://docs.example/fn.storeu.html",
                sig(4),
                null,
                sample("Redirecting to core arch x86 fn mm storeu pd html".split(" ")));
        assertThat(clustering.clusters(10)).isEmpty();
        assertThat(clustering.signaturesSplit()).isEqualTo(1);
        // as clustered, the two no longer share the signature: each is qualified by its cluster's leader
        byte[] raw = Arrays.copyOf(sig(4), Signatures.LENGTH);
        assertThat(hex(clustering.signatureAsClustered(a, 0)))
                .isNotEqualTo(hex(clustering.signatureAsClustered(b, 0)))
                .isNotEqualTo(hex(raw));
    }

    @Test
    void withARuleACopyWithAddedTextJoinsItsSourceAndKeepsTheSignature() {
        NearDupClustering clustering = new NearDupClustering(2, RULE);
        String[] source = "Redirecting to core arch x86 fn mm maskstore pd html".split(" ");
        String[] ads = words("cheap", 20);
        List<String> copy = new ArrayList<>(Arrays.asList(ads));
        copy.addAll(Arrays.asList(source));
        copy.addAll(Arrays.asList(ads));
        // the copy comes first: the smaller page, the source, still leads the cluster
        int c = clustering.add("https://ads.example/fn.html", sig(4, 5), null, sample(copy.toArray(String[]::new)));
        int s = clustering.add("https://docs.example/fn.html", sig(4, 5), null, sample(source));
        assertThat(clustering.clusters(10)).singleElement().satisfies(cluster -> {
            assertThat(cluster.size()).isEqualTo(2);
            assertThat(cluster.lexiconsAgreeing()).containsExactly(0, 1);
        });
        assertThat(clustering.signaturesSplit()).isZero();
        assertThat(clustering.signatureAsClustered(c, 1))
                .isEqualTo(clustering.signatureAsClustered(s, 1))
                .isEqualTo(Arrays.copyOfRange(sig(4, 5), Signatures.LENGTH, 2 * Signatures.LENGTH));
    }

    @Test
    void withARuleAPageJoinsAClusterOnlyIfItsLeaderConfirmsIt() {
        String[] first = words("w", 100);
        String[] second = edited(first, "x", 5, 20, 35, 50, 65, 80); // resemblance to first about 0.52
        String[] third = edited(second, "y", 12, 27, 42, 57, 72, 87); // to second about 0.52, to first about 0.23
        assertThat(RULE.confirms(sample(first), sample(second))).isTrue();
        assertThat(RULE.confirms(sample(second), sample(third))).isTrue();
        assertThat(RULE.confirms(sample(first), sample(third))).isFalse();
        NearDupClustering confirmed = new NearDupClustering(2, RULE);
        NearDupClustering paper = new NearDupClustering(2);
        for (NearDupClustering clustering : List.of(confirmed, paper)) {
            PhraseSample[] samples = {sample(first), sample(second), sample(third)};
            byte[][] signatures = {sig(1, 8), sig(1, 2), sig(9, 2)}; // first-second under 0, second-third under 1
            for (int i = 0; i < 3; i++) {
                clustering.add("https://p" + i + ".example/", signatures[i], null, samples[i]);
            }
        }
        // union-find would chain the third to the first through the second; the leader, the first, does not confirm it
        assertThat(confirmed.clusters(10))
                .singleElement()
                .satisfies(c -> assertThat(c.urls()).containsExactly("https://p0.example/", "https://p1.example/"));
        assertThat(paper.clusters(10))
                .singleElement()
                .satisfies(c -> assertThat(c.size()).isEqualTo(3));
    }

    @Test
    void withARuleIdenticalBodiesJoinWithoutATest() {
        NearDupClustering clustering = new NearDupClustering(1, RULE);
        byte[] body = new byte[20];
        body[0] = 1;
        clustering.add("https://a.example/", Signatures.NONE, body, null);
        clustering.add("https://b.example/", Signatures.NONE, body.clone(), null);
        assertThat(clustering.clusters(10))
                .singleElement()
                .satisfies(c -> assertThat(c.exactCopies()).isTrue());
    }

    @Test
    void withARuleACopyFindsItsSourceAmongManyDistinctPagesSharingItsSignature() {
        NearDupClustering clustering = new NearDupClustering(1, RULE);
        int pages = 3 * ConfirmedClusters.MAX_CANDIDATES; // more clusters than are compared without the index
        for (int i = 0; i < pages; i++) {
            // a shared template, then text of its own
            List<String> text = new ArrayList<>(Arrays.asList(words("template", 30)));
            text.addAll(Arrays.asList(words("page" + i + "w", 40)));
            clustering.add("https://docs.example/" + i, sig(3), null, sample(text.toArray(String[]::new)));
        }
        List<String> copy = new ArrayList<>(Arrays.asList(words("template", 30)));
        copy.addAll(Arrays.asList(words("page" + (pages - 2) + "w", 40)));
        copy.addAll(Arrays.asList(words("ad", 30)));
        clustering.add("https://copy.example/", sig(3), null, sample(copy.toArray(String[]::new)));
        assertThat(clustering.clusters(10))
                .singleElement()
                .satisfies(c -> assertThat(c.urls())
                        .containsExactly("https://copy.example/", "https://docs.example/" + (pages - 2)));
    }

    @Test
    void withARuleASignedPageNeedsItsSample() {
        NearDupClustering clustering = new NearDupClustering(1, RULE);
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> clustering.add("https://a.example/", sig(1), null, null))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void unionFindJoinsBySize() {
        UnionFind sets = new UnionFind();
        for (int i = 0; i < 40; i++) {
            sets.add();
        }
        for (int i = 1; i < 20; i++) {
            sets.union(i - 1, i);
        }
        assertThat(sets.sizeOf(7)).isEqualTo(20);
        assertThat(sets.find(0)).isEqualTo(sets.find(19));
        assertThat(sets.find(20)).isNotEqualTo(sets.find(0));
        assertThat(sets.sizeOf(39)).isEqualTo(1);
    }
}
