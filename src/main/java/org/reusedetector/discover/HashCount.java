package org.reusedetector.discover;

import org.reusedetector.model.Label;

/**
 * How often one chunk or file occurs in the corpus, and what discovery made of it.
 *
 * @param hash hex SHA-1 of the chunk (normalised) or of the whole body
 * @param kind {@link Label#KIND_CHUNK} or {@link Label#KIND_FILE}
 * @param count pages carrying it (a chunk repeated within a page counts once)
 * @param hosts distinct hosts carrying it
 * @param sites distinct sites (registrable domains) carrying it
 * @param topHostPages pages carrying it on the host that carries it most (template concentration)
 * @param group how many distinct considered hashes sit on exactly the same hosts (0 where not grouped)
 * @param exampleUrl one page carrying it (the smallest URL, so that runs are reproducible)
 * @param text the chunk's first characters for review, or {@code null} (files, or counts without raw pages)
 * @param verdict label or why not
 * @param family the copy family of a published hash ({@link Families#id}: all published hashes on exactly the same
 *     hosts), else {@code null}
 */
public record HashCount(
        String hash,
        String kind,
        long count,
        long hosts,
        long sites,
        long topHostPages,
        long group,
        String exampleUrl,
        String text,
        Verdict verdict,
        String family) {

    /** Of no family (not published, or not yet classified). */
    public HashCount(
            String hash,
            String kind,
            long count,
            long hosts,
            long sites,
            long topHostPages,
            long group,
            String exampleUrl,
            String text,
            Verdict verdict) {
        this(hash, kind, count, hosts, sites, topHostPages, group, exampleUrl, text, verdict, null);
    }

    /** Without site and group counts (each host its own site). */
    public HashCount(
            String hash,
            String kind,
            long count,
            long hosts,
            long topHostPages,
            String exampleUrl,
            String text,
            Verdict verdict) {
        this(hash, kind, count, hosts, hosts, topHostPages, 0, exampleUrl, text, verdict, null);
    }

    /** Characters of chunk text kept for review. */
    public static final int TEXT_LENGTH = 200;

    /** Share of the pages that are on the top host. */
    public double topHostShare() {
        return count == 0 ? 0 : (double) topHostPages / count;
    }

    /** The label record ({@code op=add}) publishing this hash, naming its family. */
    public Label toLabel(String source) {
        String labelKind = verdict == Verdict.STOP ? Label.KIND_STOP : kind;
        return new Label(hash, labelKind, Label.OP_ADD, source, exampleUrl, count, hosts, text, family);
    }

    /** This count with its verdict and, if the verdict publishes it, the family of its host set. */
    public HashCount judged(Verdict verdict, long group, long hostSet) {
        return new HashCount(
                hash,
                kind,
                count,
                hosts,
                sites,
                topHostPages,
                group,
                exampleUrl,
                text,
                verdict,
                verdict.published() ? Families.id(hostSet) : null);
    }

    public static String clip(String text) {
        return text == null || text.length() <= TEXT_LENGTH ? text : text.substring(0, TEXT_LENGTH);
    }
}
