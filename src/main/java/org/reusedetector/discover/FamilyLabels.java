package org.reusedetector.discover;

import java.util.Comparator;
import org.reusedetector.model.Label;

/**
 * What a family's published hashes are: first one hash, then summed per family. Its example is the labelled chunk
 * on the most pages (of equal counts, the smallest hash), so that runs agree; a family without chunk labels takes
 * its first file or stop chunk the same way.
 *
 * @param family the family id
 * @param chunks distinct chunk labels
 * @param files distinct file labels
 * @param stops distinct stop chunks
 * @param exampleRank 2 for a chunk label, 1 for a file label, 0 for a stop chunk: the example's kind
 * @param exampleHash the example's hash
 * @param exampleCount the pages carrying the example
 * @param exampleUrl a page carrying the example (its smallest URL)
 * @param exampleText the example's first characters, or {@code null}
 */
public record FamilyLabels(
        String family,
        long chunks,
        long files,
        long stops,
        int exampleRank,
        String exampleHash,
        long exampleCount,
        String exampleUrl,
        String exampleText) {

    private static final Comparator<FamilyLabels> BETTER_EXAMPLE = Comparator.comparingInt(FamilyLabels::exampleRank)
            .thenComparingLong(FamilyLabels::exampleCount)
            .thenComparing(FamilyLabels::exampleHash, Comparator.reverseOrder());

    /** A published hash as a family's one hash. */
    public static FamilyLabels of(HashCount c) {
        boolean stop = c.verdict() == Verdict.STOP;
        boolean file = !stop && Label.KIND_FILE.equals(c.kind());
        return new FamilyLabels(
                c.family(),
                stop || file ? 0 : 1,
                file ? 1 : 0,
                stop ? 1 : 0,
                stop ? 0 : file ? 1 : 2,
                c.hash(),
                c.count(),
                c.exampleUrl(),
                c.text());
    }

    /** Two parts of one family. */
    public FamilyLabels merge(FamilyLabels o) {
        FamilyLabels example = BETTER_EXAMPLE.compare(this, o) >= 0 ? this : o;
        return new FamilyLabels(
                family,
                chunks + o.chunks,
                files + o.files,
                stops + o.stops,
                example.exampleRank,
                example.exampleHash,
                example.exampleCount,
                example.exampleUrl,
                example.exampleText);
    }

    /** {@link Families#MIRROR}, {@link Families#PARTIAL} or {@link Families#TEMPLATE}. */
    public String kind() {
        if (files > 0) {
            return Families.MIRROR;
        }
        return chunks > 0 ? Families.PARTIAL : Families.TEMPLATE;
    }
}
