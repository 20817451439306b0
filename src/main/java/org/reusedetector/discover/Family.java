package org.reusedetector.discover;

/**
 * A copy family of a discovery run, one line of {@code families.jsonl}: the published hashes that sit on exactly the
 * same hosts ({@link Families}).
 *
 * @param id {@link Families#id}: stable across runs for the same set of hosts
 * @param kind {@link Families#MIRROR}, {@link Families#PARTIAL} or {@link Families#TEMPLATE}
 * @param chunks distinct chunk labels
 * @param files distinct file labels (whole files identical on every host)
 * @param stopChunks distinct stop chunks (boilerplate, published as {@code stop} labels, not as content)
 * @param pages pages holding the family's labelled content (a template family: its stop chunks)
 * @param hostCount hosts holding it (more than {@code hosts} lists when capped)
 * @param exampleText the start of one of its chunks ({@link FamilyLabels}), or {@code null}
 * @param exampleUrl a page holding that example
 * @param firstSeen the earliest fetch of a page holding the family
 * @param hosts its hosts, most pages first: at most {@link Families#MAX_LISTED_HOSTS}, those judged a source
 *     before the others
 */
public record Family(
        String id,
        String kind,
        long chunks,
        long files,
        long stopChunks,
        long pages,
        long hostCount,
        String exampleText,
        String exampleUrl,
        FirstSeen firstSeen,
        Member[] hosts) {

    /**
     * The earliest fetch of the family's pages: the crawler's order, which is no publication date (a copy may be
     * fetched before its source).
     *
     * @param host its host
     * @param url its page
     * @param fetchedAt its fetch time, ISO-8601
     */
    public record FirstSeen(String host, String url, String fetchedAt) {}

    /**
     * One host of a family and which side of the copy its evidence puts it on ({@link CopySide}).
     *
     * @param host the host
     * @param pages its pages holding the family
     * @param share the share of its own eligible chunks that are the family's
     * @param side {@link CopySide#SOURCE}, {@link CopySide#COPIER} or {@link CopySide#UNCLEAR}
     * @param confidence how sure the side is ({@link CopySide}): 0 when unclear
     * @param hostPages its pages counted
     * @param sitePages pages with text on all hosts of its site
     * @param siteOwnPages of them, pages holding no labelled content of any family
     */
    public record Member(
            String host,
            long pages,
            double share,
            String side,
            double confidence,
            long hostPages,
            long sitePages,
            long siteOwnPages) {}
}
