package org.reusedetector.model;

/**
 * A record of the labelled set, as kept in a labels JSONL file and on the compacted labels topic.
 *
 * @param hash hex SHA-1 of the chunk or file
 * @param kind {@code chunk}, {@code file}, {@code stop} (benign: removed before scoring, like a stop chunk), or
 *     {@code imatch} (an I-Match near-duplicate signature of an expert page; {@code text} then names its lexicon), or
 *     {@code shingle} (the distinctive phrases of an expert page for near-copy alerts: {@code hash} is the SHA-1 of
 *     {@code text}, which holds the phrases, {@code exampleUrl} the page)
 * @param op {@code add} or {@code remove}
 * @param source who produced the label (for example {@code informed:reference.jsonl.gz})
 * @param exampleUrl a page where the content was seen, or {@code null}
 * @param count how often the content was seen when labelled, or {@code null}
 * @param hosts on how many distinct hosts it was seen, or {@code null}
 * @param text the first characters of the chunk, for review, or {@code null}; for {@code imatch} labels the lexicon
 *     ({@code <lexicon id>#<number>}) the signature belongs to
 * @param family for blind discovery's labels, the copy family the chunk belongs to (the chunks that sit on exactly
 *     the same hosts; {@code families.jsonl} of the discovery run describes it), or {@code null}: an expert label's
 *     source is the site of its example page
 * @param familySource for blind discovery's labels whose copy family has a host judged its source (the side
 *     judgement of {@code families.jsonl}), that host's root URL: like an expert label's example page, it names the
 *     publisher the content came from, so that the family's coverage counts against every other site as a copy.
 *     {@code null} when the family's sides are unclear, and for every other label
 */
public record Label(
        String hash,
        String kind,
        String op,
        String source,
        String exampleUrl,
        Long count,
        Long hosts,
        String text,
        String family,
        String familySource) {

    /** A label whose copy family names no source. */
    public Label(
            String hash,
            String kind,
            String op,
            String source,
            String exampleUrl,
            Long count,
            Long hosts,
            String text,
            String family) {
        this(hash, kind, op, source, exampleUrl, count, hosts, text, family, null);
    }

    /** This label with its copy family's source named ({@code null}: none). */
    public Label withFamilySource(String sourceUrl) {
        return new Label(hash, kind, op, source, exampleUrl, count, hosts, text, family, sourceUrl);
    }

    /** A label that names no copy family. */
    public Label(
            String hash,
            String kind,
            String op,
            String source,
            String exampleUrl,
            Long count,
            Long hosts,
            String text) {
        this(hash, kind, op, source, exampleUrl, count, hosts, text, null, null);
    }

    public static final String KIND_CHUNK = "chunk";
    public static final String KIND_FILE = "file";
    public static final String KIND_STOP = "stop";
    public static final String KIND_IMATCH = "imatch";
    public static final String KIND_SHINGLE = "shingle";
    public static final String OP_ADD = "add";
    public static final String OP_REMOVE = "remove";
    /**
     * Source prefix of blind discovery's labels ({@code discover:<run>}): they carry bits and topic keys of their own,
     * so that a discovery run never replaces or removes another source's label of the same hash.
     */
    public static final String DISCOVERED_SOURCE_PREFIX = "discover:";

    /** Whether blind discovery made the label. */
    public static boolean isDiscovered(Label label) {
        return label.source() != null && label.source().startsWith(DISCOVERED_SOURCE_PREFIX);
    }

    /** The kind, if it is one of {@code chunk}, {@code file}, {@code stop}, {@code imatch} or {@code shingle}. */
    public static String requireKind(String kind) {
        if (!KIND_CHUNK.equals(kind)
                && !KIND_FILE.equals(kind)
                && !KIND_STOP.equals(kind)
                && !KIND_IMATCH.equals(kind)
                && !KIND_SHINGLE.equals(kind)) {
            throw new IllegalArgumentException(
                    "unknown label kind '" + kind + "' (chunk, file, stop, imatch or shingle)");
        }
        return kind;
    }
}
