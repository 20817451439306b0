package org.reusedetector.discover;

/**
 * A family's pages on one host: first one page ({@link PageFamilies}), then summed per family and host.
 *
 * @param family the family id
 * @param host the host
 * @param pages pages holding any of the family's published hashes
 * @param contentPages of them, pages holding its labelled content (a chunk or file label, not only its stop chunks)
 * @param chunks the family's labelled chunks on these pages (each once a page)
 * @param filePages pages whose whole file is one of the family's file labels
 * @param firstFetch the earliest fetch time (epoch milliseconds) of these pages
 * @param firstUrl the URL of that fetch (of equal times, the smallest)
 */
public record FamilyPage(
        String family,
        String host,
        long pages,
        long contentPages,
        long chunks,
        long filePages,
        long firstFetch,
        String firstUrl) {

    /** The key of a family's pages on one host. */
    public String key() {
        return family + '@' + host;
    }

    /** Two parts of one family and host. */
    public FamilyPage add(FamilyPage o) {
        boolean earlier =
                firstFetch < o.firstFetch || (firstFetch == o.firstFetch && firstUrl.compareTo(o.firstUrl) <= 0);
        return new FamilyPage(
                family,
                host,
                pages + o.pages,
                contentPages + o.contentPages,
                chunks + o.chunks,
                filePages + o.filePages,
                earlier ? firstFetch : o.firstFetch,
                earlier ? firstUrl : o.firstUrl);
    }
}
