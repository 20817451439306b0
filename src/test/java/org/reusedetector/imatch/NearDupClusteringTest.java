package org.reusedetector.imatch;

import static org.assertj.core.api.Assertions.assertThat;

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
        clustering.add("https://a.org/tiny", Signatures.NONE, body);
        clustering.add("https://b.org/tiny", Signatures.NONE, body.clone());
        clustering.add("https://c.org/tiny", Signatures.NONE, new byte[20]);
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
