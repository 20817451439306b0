package org.reusedetector.shingle;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The greedy approximation of a minimum covering set, as both papers use it (set cover is NP-hard: Fetterly et al.
 * 2005 §3.4, Najork 2012 §2): repeatedly add the candidate document whose items have the largest non-empty
 * intersection with the items not yet covered. Ties go to the candidate with the larger intersection with the whole
 * target set (Fetterly et al. §3.4), then to the earlier candidate. Candidates are either foreign or local; a local
 * candidate is chosen only when no foreign candidate covers anything still uncovered (Fetterly et al. §3.4: documents
 * from the same domain "only when no documents from other hosts have non-empty intersection"); Najork's
 * foreign-sourced variant (§3) simply offers no local candidates.
 */
public final class GreedyCover {

    /** A candidate: its identity (a document number), whether it is foreign, and which target items it holds. */
    public record Candidate(int document, boolean foreign, BitSet items) {}

    /**
     * One step of the cover: the document added, how many items it newly covered, and the candidates that would
     * have covered exactly the same items at this step (interchangeable with it: identical copies of the same
     * text, which no cover can tell apart).
     */
    public record Step(int document, boolean foreign, int covered, List<Integer> equivalents) {}

    private GreedyCover() {}

    /** The cover of {@code target} (item numbers) from the candidates, in the order the greedy rule adds them. */
    public static List<Step> cover(BitSet target, List<Candidate> candidates) {
        BitSet uncovered = (BitSet) target.clone();
        List<Step> steps = new ArrayList<>();
        boolean[] used = new boolean[candidates.size()];
        while (!uncovered.isEmpty()) {
            int best = -1;
            int bestGain = 0;
            int bestTotal = 0;
            boolean bestForeign = false;
            for (int c = 0; c < candidates.size(); c++) {
                if (used[c]) {
                    continue;
                }
                Candidate candidate = candidates.get(c);
                BitSet gain = (BitSet) candidate.items().clone();
                gain.and(uncovered);
                int g = gain.cardinality();
                if (g == 0) {
                    continue;
                }
                if (best >= 0 && bestForeign && !candidate.foreign()) {
                    continue; // a local document only when no foreign one helps
                }
                BitSet total = (BitSet) candidate.items().clone();
                total.and(target);
                int t = total.cardinality();
                boolean better = best < 0
                        || (candidate.foreign() && !bestForeign)
                        || g > bestGain
                        || (g == bestGain && t > bestTotal);
                if (better) {
                    best = c;
                    bestGain = g;
                    bestTotal = t;
                    bestForeign = candidate.foreign();
                }
            }
            if (best < 0) {
                break; // what is left is in no candidate
            }
            used[best] = true;
            Candidate chosen = candidates.get(best);
            BitSet chosenGain = (BitSet) chosen.items().clone();
            chosenGain.and(uncovered);
            List<Integer> equivalents = new ArrayList<>();
            for (int c = 0; c < candidates.size(); c++) {
                Candidate other = candidates.get(c);
                if (!used[c] && other.foreign() == chosen.foreign()) {
                    BitSet gain = (BitSet) other.items().clone();
                    gain.and(uncovered);
                    if (gain.equals(chosenGain)) {
                        equivalents.add(other.document());
                    }
                }
            }
            uncovered.andNot(chosen.items());
            steps.add(new Step(chosen.document(), chosen.foreign(), bestGain, equivalents));
        }
        return steps;
    }
}
