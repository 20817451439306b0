package org.reusedetector.discover;

/**
 * What a host's pages hold, as evidence of whether the host publishes text of its own: first one page
 * ({@link PageFamilies}), then summed per host.
 *
 * @param host the host
 * @param pages pages counted
 * @param textPages of them, pages with at least one eligible chunk
 * @param ownPages of those, pages holding no labelled content of any family: text the host does not share with a
 *     copy family (its own, or reused too little to be labelled)
 * @param chunks eligible chunks of its pages (each once a page)
 */
public record HostPages(String host, long pages, long textPages, long ownPages, long chunks) {

    /** Two parts of one host. */
    public HostPages add(HostPages o) {
        return new HostPages(host, pages + o.pages, textPages + o.textPages, ownPages + o.ownPages, chunks + o.chunks);
    }
}
