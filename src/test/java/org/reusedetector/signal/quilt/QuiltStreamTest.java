package org.reusedetector.signal.quilt;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.reusedetector.shingle.Fingerprints;
import org.reusedetector.shingle.GreedyCover;
import org.reusedetector.shingle.Phrases;
import org.reusedetector.shingle.QuiltParams;

class QuiltStreamTest {

    /** The definition: the first n − k + 1 circular phrases whose fingerprint is 0 mod the modulus, distinct, sorted. */
    private static long[] reference(long[] words, int k, int modulus) {
        if (words.length < k) {
            return new long[0];
        }
        long[] phrases = Phrases.circular(words, k);
        return Arrays.stream(phrases, 0, words.length - k + 1)
                .filter(p -> Long.remainderUnsigned(p, modulus) == 0)
                .sorted()
                .distinct()
                .toArray();
    }

    @Test
    void sampledGramsAreTheGramsWhoseFingerprintIsZeroModuloTheSampleModulus() {
        Random random = new Random(9);
        for (int modulus : new int[] {1, 2, 3, 7, 8, 32, 1000}) {
            QuiltStream quilt = new QuiltStream(QuiltParams.DEFAULTS, modulus, 1000, 1);
            for (int n : new int[] {0, 1, 4, 5, 6, 50, 3000}) {
                // few distinct words, so that grams repeat
                long[] words = random.longs(n, 0, 20).map(Fingerprints::mix).toArray();
                long[] phrases = Phrases.circular(words, 5);
                long[] before = phrases.clone();
                assertThat(quilt.sampledGrams(words))
                        .as("modulus %d, %d words", modulus, n)
                        .isEqualTo(reference(words, 5, modulus));
                assertThat(quilt.sampledGramsOfPhrases(phrases, n)).isEqualTo(reference(words, 5, modulus));
                assertThat(phrases).as("the phrases are left as they were").isEqualTo(before);
            }
        }
    }

    /** The judge as it was before the index answered with patch grams' foreign holders only: every gram's holders. */
    private static QuiltStream.Verdict reference(QuiltStream q, long self, List<long[]> holdersPerGram) {
        int n = holdersPerGram.size();
        if (n < Math.max(1, q.minGrams())) {
            return null;
        }
        Map<Long, Integer> sourceIds = new HashMap<>();
        List<Long> sourceHolders = new ArrayList<>();
        List<BitSet> items = new ArrayList<>();
        BitSet patch = new BitSet(n);
        for (int i = 0; i < n; i++) {
            long[] holders = holdersPerGram.get(i);
            int others = 0;
            boolean ownSite = false;
            for (long h : holders) {
                if (h != self) {
                    others++;
                    ownSite |= QuiltStream.sameSite(self, h);
                }
            }
            if (others == 0 || others > q.params().m() - 1) {
                continue;
            }
            if (q.params().ownSiteTextExcluded() && ownSite) {
                continue; // the server's own text, wherever else it went
            }
            boolean foreign = false;
            for (long other : holders) {
                if (other != self && !QuiltStream.sameSite(self, other)) {
                    foreign = true;
                    int id = sourceIds.computeIfAbsent(other, o -> {
                        sourceHolders.add(o);
                        items.add(new BitSet(n));
                        return sourceHolders.size() - 1;
                    });
                    items.get(id).set(i);
                }
            }
            if (foreign) {
                patch.set(i);
            }
        }
        double patchFraction = (double) patch.cardinality() / n;
        if (patchFraction < q.params().theta()) {
            return null;
        }
        List<GreedyCover.Candidate> candidates = new ArrayList<>();
        for (int id = 0; id < sourceHolders.size(); id++) {
            candidates.add(new GreedyCover.Candidate(id, true, items.get(id)));
        }
        // a source counts only if it covers enough grams (a tail of one-gram sources does not make a page copied
        // whole a quilt); the floor is in grams of the whole page, of which one in q.sampleModulus() is seen here
        int minCounted = Math.max(1, q.params().minSourceGrams() / q.sampleModulus());
        List<Long> counted = new ArrayList<>();
        int covered = 0;
        for (GreedyCover.Step step : GreedyCover.cover(patch, candidates)) {
            if (step.covered() >= minCounted) {
                counted.add(sourceHolders.get(step.document()));
                covered += step.covered();
            }
        }
        double coveredFraction = (double) covered / n;
        if (counted.size() < q.params().c() || coveredFraction < q.params().theta()) {
            return null;
        }
        return new QuiltStream.Verdict(
                patchFraction,
                coveredFraction,
                counted.stream().mapToLong(Long::longValue).toArray());
    }

    @Test
    void judgingFromPatchSourcesGivesTheVerdictOfTheJudgeOverAllHolders() {
        Random random = new Random(17);
        long[] sites = new long[12];
        for (int s = 0; s < sites.length; s++) {
            sites[s] = QuiltStream.holderId("https://site" + s + ".org/");
        }
        int quilts = 0;
        for (boolean ownSiteExcluded : new boolean[] {false, true}) {
            QuiltParams p = QuiltParams.DEFAULTS;
            QuiltParams params = new QuiltParams(
                    p.k(), 6, p.c(), p.theta(), p.minSourceGrams(), ownSiteExcluded, p.borrowersExcluded(), 1.0);
            for (int modulus : new int[] {1, 8}) {
                QuiltStream quilt = new QuiltStream(params, modulus, 1000, 4);
                for (int trial = 0; trial < 400; trial++) {
                    long self = holder(sites[random.nextInt(3)], random.nextInt(4));
                    List<long[]> holdersPerGram = new ArrayList<>();
                    int grams = random.nextInt(60);
                    for (int g = 0; g < grams; g++) {
                        // 0 to m + 1 holders, from a few sites (the page's own among them), the page itself at times
                        long[] holders = new long[random.nextInt(params.m() + 2)];
                        for (int h = 0; h < holders.length; h++) {
                            holders[h] = random.nextInt(20) == 0
                                    ? self
                                    : holder(sites[random.nextInt(6)], random.nextInt(3));
                        }
                        holdersPerGram.add(Arrays.stream(holders).distinct().toArray());
                    }
                    QuiltStream.Verdict expected = reference(quilt, self, holdersPerGram);
                    QuiltStream.Verdict actual = quilt.judge(self, holdersPerGram);
                    if (expected == null) {
                        assertThat(actual).isNull();
                    } else {
                        quilts++;
                        assertThat(actual).isNotNull();
                        assertThat(actual.patchFraction()).isEqualTo(expected.patchFraction());
                        assertThat(actual.coveredFraction()).isEqualTo(expected.coveredFraction());
                        assertThat(actual.sources()).containsExactly(expected.sources());
                    }
                }
            }
        }
        assertThat(quilts).as("trials that are quilts").isGreaterThan(50);
    }

    /** Page {@code n} of the site of {@code siteHolder}. */
    private static long holder(long siteHolder, int n) {
        return siteHolder & -1L << (64 - QuiltStream.SITE_BITS) | (n + 1);
    }

    @Test
    void aGramsPatchSourcesAreItsForeignHoldersWhenOneToMMinusOneOthersHoldIt() {
        QuiltStream quilt = new QuiltStream(QuiltParams.DEFAULTS, 8, 1000, 4);
        long self = QuiltStream.holderId("https://a.org/x");
        long sibling = QuiltStream.holderId("https://www.a.org/y");
        long b = QuiltStream.holderId("https://b.net/1");
        long c = QuiltStream.holderId("https://c.com/1");
        assertThat(quilt.patchSources(self, new long[0])).isNull();
        assertThat(quilt.patchSources(self, new long[] {self}))
                .as("only the page itself (a revisit)")
                .isNull();
        assertThat(quilt.patchSources(self, new long[] {sibling}))
                .as("only its own site")
                .isNull();
        assertThat(quilt.patchSources(self, new long[] {b, sibling, self, c})).containsExactly(b, c);
        long[] full = new long[quilt.params().m()];
        for (int i = 0; i < full.length; i++) {
            full[i] = QuiltStream.holderId("https://h" + i + ".org/");
        }
        assertThat(quilt.patchSources(self, full)).as("m others: no patch gram").isNull();
        full[7] = self;
        assertThat(quilt.patchSources(self, full))
                .as("m − 1 others and the page itself")
                .hasSize(quilt.params().m() - 1);
        QuiltParams p = QuiltParams.DEFAULTS;
        QuiltStream ownSiteExcluded = new QuiltStream(
                new QuiltParams(p.k(), p.m(), p.c(), p.theta(), p.minSourceGrams(), true, p.borrowersExcluded(), 1.0),
                8,
                1000,
                4);
        assertThat(ownSiteExcluded.patchSources(self, new long[] {b, sibling}))
                .as("own-site text, with the own-site rule")
                .isNull();
    }
}
