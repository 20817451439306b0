package org.reusedetector.model;

/**
 * A page cut into chunks and hashed: the chunk hash vector in document order with the chunk lengths.
 * Hashes are packed as raw 20-byte SHA-1 digests so that a page costs a few bytes per chunk.
 *
 * @param url the page URL as crawled
 * @param eventTime fetch time, epoch milliseconds
 * @param fileHash SHA-1 of the whole body (20 bytes)
 * @param chunkHashes SHA-1 of every chunk, concatenated in document order (20 bytes each)
 * @param chunkLengths length in characters of every normalised chunk, same order
 * @param bodyBytes size of the body in UTF-8 bytes (for throughput figures)
 * @param imatchSignatures the page's I-Match signatures, 20 bytes per lexicon (original first, all zero where a lexicon
 *     gave none; see {@code imatch.Signatures}), empty when signatures are off or the page has too few lexicon terms;
 *     the stream sets them only on the near-duplicate matcher's copy of the page ({@code signal.imatch.ImatchSignal.SIGNED})
 * @param shingles the page's 84 min-hash shingles ({@code shingle.PageSketcher}), empty when the near-copy signal is off
 *     or the page has no words
 * @param nearCopyResemblance set by the near-copy matcher: the resemblance to the labelled page the page nearly
 *     copies, 0 when none
 * @param nearCopyOf that labelled page's URL, else {@code null}
 * @param quiltGrams the page's sampled distinct k-grams for the quilt signal ({@code signal.quilt.QuiltStream}), empty when
 *     it is off
 */
public record HashedPage(
        String url,
        long eventTime,
        byte[] fileHash,
        byte[] chunkHashes,
        int[] chunkLengths,
        int bodyBytes,
        byte[] imatchSignatures,
        long[] shingles,
        double nearCopyResemblance,
        String nearCopyOf,
        long[] quiltGrams) {

    private static final byte[] NO_SIGNATURES = new byte[0];
    private static final long[] NO_SHINGLES = new long[0];

    /** A page without I-Match signatures. */
    public HashedPage(
            String url, long eventTime, byte[] fileHash, byte[] chunkHashes, int[] chunkLengths, int bodyBytes) {
        this(
                url,
                eventTime,
                fileHash,
                chunkHashes,
                chunkLengths,
                bodyBytes,
                NO_SIGNATURES,
                NO_SHINGLES,
                0,
                null,
                NO_SHINGLES);
    }

    /** The same page with the given I-Match signatures. */
    public HashedPage withImatchSignatures(byte[] signatures) {
        return new HashedPage(
                url,
                eventTime,
                fileHash,
                chunkHashes,
                chunkLengths,
                bodyBytes,
                signatures,
                shingles,
                nearCopyResemblance,
                nearCopyOf,
                quiltGrams);
    }

    /** The same page with the given min-hash shingles. */
    public HashedPage withShingles(long[] pageShingles) {
        return new HashedPage(
                url,
                eventTime,
                fileHash,
                chunkHashes,
                chunkLengths,
                bodyBytes,
                imatchSignatures,
                pageShingles,
                nearCopyResemblance,
                nearCopyOf,
                quiltGrams);
    }

    /** The same page with its sampled quilt grams. */
    public HashedPage withQuiltGrams(long[] grams) {
        return new HashedPage(
                url,
                eventTime,
                fileHash,
                chunkHashes,
                chunkLengths,
                bodyBytes,
                imatchSignatures,
                shingles,
                nearCopyResemblance,
                nearCopyOf,
                grams);
    }

    /** The same page marked as a near copy of a labelled page (its shingles dropped: they have done their work). */
    public HashedPage asNearCopyOf(String labelledUrl, double resemblance) {
        return new HashedPage(
                url,
                eventTime,
                fileHash,
                chunkHashes,
                chunkLengths,
                bodyBytes,
                imatchSignatures,
                NO_SHINGLES,
                resemblance,
                labelledUrl,
                quiltGrams);
    }

    public int chunkCount() {
        return chunkLengths.length;
    }
}
