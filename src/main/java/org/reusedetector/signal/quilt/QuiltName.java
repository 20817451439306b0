package org.reusedetector.signal.quilt;

/**
 * A quilt source on its way to being named: the index and the judge know pages by holder id only, so a quilt's
 * counted sources are sent, keyed by holder, to where each page registered its URL, and then gathered again per
 * quilt. The same record is the registration: {@code page} empty, {@code holderUrl} the registering page's URL.
 *
 * @param holder the source's holder id ({@code QuiltStream.holderId})
 * @param holderUrl the source's URL, empty until named (or when its name has expired)
 * @param page the quilt's URL; empty in a registration
 * @param eventTime the quilt's fetch time, epoch milliseconds
 * @param position the source's place in the quilt's cover order
 * @param sources how many sources the quilt has (the gatherer waits for all of them)
 * @param coveredFraction the quilt's covered fraction (the alert's badness)
 */
public record QuiltName(
        long holder, String holderUrl, String page, long eventTime, int position, int sources, double coveredFraction) {

    /** A page's registration: its holder id and URL. */
    public static QuiltName registration(long holder, String url) {
        return new QuiltName(holder, url, "", 0L, -1, 0, 0.0);
    }

    public boolean isRegistration() {
        return page.isEmpty();
    }

    public QuiltName named(String url) {
        return new QuiltName(holder, url, page, eventTime, position, sources, coveredFraction);
    }
}
