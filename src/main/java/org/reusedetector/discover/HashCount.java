package org.reusedetector.discover;

import org.reusedetector.model.Label;

/**
 * How often one chunk or file occurs in the corpus, and what discovery made of it.
 *
 * @param hash hex SHA-1 of the chunk (normalised) or of the whole body
 * @param kind {@link Label#KIND_CHUNK} or {@link Label#KIND_FILE}
 * @param count pages carrying it (a chunk repeated within a page counts once)
 * @param hosts distinct hosts carrying it
 * @param topHostPages pages carrying it on the host that carries it most (template concentration)
 * @param exampleUrl one page carrying it (the smallest URL, so that runs are reproducible)
 * @param text the chunk's first characters for review, or {@code null} (files, or counts without raw pages)
 * @param verdict label or why not
 */
public record HashCount(
        String hash,
        String kind,
        long count,
        long hosts,
        long topHostPages,
        String exampleUrl,
        String text,
        Verdict verdict) {

    /** Characters of chunk text kept for review. */
    public static final int TEXT_LENGTH = 200;

    /** Share of the pages that are on the top host. */
    public double topHostShare() {
        return count == 0 ? 0 : (double) topHostPages / count;
    }

    /** The label record ({@code op=add}) publishing this hash. */
    public Label toLabel(String source) {
        return new Label(hash, kind, Label.OP_ADD, source, exampleUrl, count, hosts, text);
    }

    public static String clip(String text) {
        return text == null || text.length() <= TEXT_LENGTH ? text : text.substring(0, TEXT_LENGTH);
    }
}
