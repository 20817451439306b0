package org.reusedetector.discover;

/**
 * One host of a family with the evidence about it: the family's pages there, the host's own totals and those of its
 * site (registrable domain: its publisher).
 *
 * @param family the family id
 * @param host the host
 * @param site its site (registrable domain)
 * @param pages the host's pages holding the family ({@link FamilyPage#contentPages}; for a template family, its
 *     pages holding the family's stop chunks)
 * @param chunks the family's labelled chunks on those pages (each once a page)
 * @param filePages the host's pages whose whole file is one of the family's
 * @param hostPages the host's pages counted
 * @param hostChunks the eligible chunks of all the host's pages (each once a page)
 * @param sitePages pages with eligible chunks on all hosts of the host's site
 * @param siteOwnPages of them, pages holding no labelled content of any family
 * @param firstFetch the earliest fetch of the family's pages on the host (epoch milliseconds)
 * @param firstUrl that page
 * @param everyPage every page of the host with eligible chunks holds the family, its content or its stop chunks: the
 *     host shows the family's site and nothing else (a mirror, an ad farm's wrapped copies, or the source itself)
 */
public record FamilyHost(
        String family,
        String host,
        String site,
        long pages,
        long chunks,
        long filePages,
        long hostPages,
        long hostChunks,
        long sitePages,
        long siteOwnPages,
        long firstFetch,
        String firstUrl,
        boolean everyPage) {

    /** The share of the host's own eligible chunks that are the family's. */
    public double share() {
        return hostChunks == 0 ? 0 : (double) chunks / hostChunks;
    }
}
