package org.reusedetector.score;

import java.io.Serializable;
import org.reusedetector.model.Copy;

/**
 * When source coverage alone makes a neighbourhood bad: it holds at least {@code minShare} of one source's labelled
 * chunks, and at least {@code minChunks} of them. The share is what dilution cannot touch; the count keeps a few generic
 * chunks of a small source from condemning a prefix on their own.
 *
 * <p>An expert's site is a source of verdicts: its labels say where the content came from, and its own pages never
 * count toward its coverage. A blind discovery copy family is the content on exactly the same hosts, so every host of
 * a family covers all of it by construction, the original publisher's as well as the copies'. It is a source of
 * verdicts when the family's own structure names its source, as an expert's label does: discovery's side judgement
 * put one site's hosts on the source side ({@link org.reusedetector.model.Label#familySource}), that site's pages do
 * not count toward the family's coverage, and the copy then carries the source's page as its example. A family whose
 * sides are unclear (a whole-site mirror of a source that publishes nothing else, natural duplication) says which
 * content a neighbourhood holds (alerts list it), not that the neighbourhood copied it: no verdict.
 *
 * <p>Coverage is the family's own evidence: the share of the family's labelled chunks the neighbourhood holds, which
 * no other site of the crawl changes, while badness is judged against a threshold drawn from every neighbourhood.
 *
 * @param minShare the least coverage of one source (above 1: the rule is off)
 * @param minChunks the fewest distinct chunks of that source
 * @param maxSources how many sources a neighbourhood's state tracks, the most covered first
 */
public record CoverageRule(double minShare, long minChunks, int maxSources) implements Serializable {

    /** No coverage verdicts and no sources tracked. */
    public static final CoverageRule OFF = new CoverageRule(2.0, Long.MAX_VALUE, 0);

    public CoverageRule {
        if (!(minShare > 0)) {
            throw new IllegalArgumentException("coverage min share must be above 0, got " + minShare);
        }
        if (minChunks < 1) {
            throw new IllegalArgumentException("coverage min chunks must be at least 1, got " + minChunks);
        }
        if (maxSources < 0) {
            throw new IllegalArgumentException("coverage max sources must not be negative, got " + maxSources);
        }
    }

    public boolean enabled() {
        return maxSources > 0 && minShare <= 1;
    }

    /** Whether one copy is enough to make its neighbourhood bad. */
    public boolean covers(Copy copy) {
        return enabled()
                && (!Copy.isFamily(copy.source()) || copy.exampleUrl() != null)
                && copy.sourceChunks() > 0
                && copy.coverage() >= minShare
                && copy.chunks() >= minChunks;
    }

    /** Whether any of a neighbourhood's copies makes it bad. */
    public boolean coversAny(Copy[] copies) {
        if (copies != null) {
            for (Copy copy : copies) {
                if (covers(copy)) {
                    return true;
                }
            }
        }
        return false;
    }
}
