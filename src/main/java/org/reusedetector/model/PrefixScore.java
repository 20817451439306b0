package org.reusedetector.model;

/**
 * A neighbourhood after an update: its badness now and before, and the threshold in force.
 *
 * @param prefix the neighbourhood's normalised URL prefix
 * @param pages pages in the neighbourhood now (0 when it emptied)
 * @param badness mean containment of its pages now
 * @param previousPages pages before the update
 * @param previousBadness badness before the update
 * @param eventTime event time of the update
 * @param evidence a few labels matched in the neighbourhood
 * @param threshold the neighbourhood threshold at this update ({@code NaN} until the statistic is ready)
 * @param upper the upper confidence bound of {@code badness} ({@code score.NeighbourhoodConfidence}): a bad
 *     neighbourhood is cleared only when it is below the threshold
 * @param copies the sources the neighbourhood covers most ({@code score.SourceCoverage}), largest first
 * @param lower the lower confidence bound of {@code badness}: a neighbourhood turns bad by its badness only when it is
 *     above the threshold
 */
public record PrefixScore(
        String prefix,
        long pages,
        double badness,
        long previousPages,
        double previousBadness,
        long eventTime,
        Evidence[] evidence,
        double threshold,
        double upper,
        Copy[] copies,
        double lower) {

    /** A score without an interval (both bounds are its badness) and without source coverage. */
    public static PrefixScore of(
            String prefix,
            long pages,
            double badness,
            long previousPages,
            double previousBadness,
            long eventTime,
            Evidence[] evidence,
            double threshold) {
        return new PrefixScore(
                prefix,
                pages,
                badness,
                previousPages,
                previousBadness,
                eventTime,
                evidence,
                threshold,
                badness,
                Copy.NONE,
                badness);
    }

    /** This score with the confidence bounds of its badness. */
    public PrefixScore withBounds(double newLower, double newUpper) {
        return new PrefixScore(
                prefix,
                pages,
                badness,
                previousPages,
                previousBadness,
                eventTime,
                evidence,
                threshold,
                newUpper,
                copies,
                newLower);
    }

    /** This score with the sources it covers. */
    public PrefixScore withCopies(Copy[] newCopies) {
        return new PrefixScore(
                prefix,
                pages,
                badness,
                previousPages,
                previousBadness,
                eventTime,
                evidence,
                threshold,
                upper,
                newCopies,
                lower);
    }

    public PrefixScore withThreshold(double newThreshold) {
        return new PrefixScore(
                prefix,
                pages,
                badness,
                previousPages,
                previousBadness,
                eventTime,
                evidence,
                newThreshold,
                upper,
                copies,
                lower);
    }
}
