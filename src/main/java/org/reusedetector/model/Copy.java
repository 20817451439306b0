package org.reusedetector.model;

/**
 * How much of one source a neighbourhood holds, as shown in neighbourhood alerts and results.
 *
 * @param source the copied source: the site (registrable domain) an expert label came from, or {@code family:<id>},
 *     a blind discovery copy family (described in the run's {@code families.jsonl})
 * @param coverage distinct labelled chunks of the source present in the neighbourhood, over all labelled chunks of the
 *     source
 * @param chunks distinct labelled chunks of the source present in the neighbourhood
 * @param sourceChunks labelled chunks of the source in all
 * @param exampleUrl a page of the source that holds copied text, or {@code null} when the labels do not say; for a
 *     blind family, the root of the host discovery judged its source, or {@code null} when its sides are unclear
 */
public record Copy(String source, double coverage, long chunks, long sourceChunks, String exampleUrl) {

    public static final Copy[] NONE = new Copy[0];

    /** The prefix of a source that is a blind discovery copy family: {@code family:<id>}. */
    public static final String FAMILY_PREFIX = "family:";

    /**
     * Whether a source is a blind discovery copy family rather than an expert's site (static, so that it is no property
     * of the record in JSON).
     */
    public static boolean isFamily(String source) {
        return source != null && source.startsWith(FAMILY_PREFIX);
    }
}
