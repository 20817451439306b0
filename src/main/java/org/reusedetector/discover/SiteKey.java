package org.reusedetector.discover;

import org.reusedetector.url.InvalidUrlException;
import org.reusedetector.url.NormalizedUrl;

/** The site a page belongs to for discovery: its normalised host (with port), without scheme and {@code www.}. */
public final class SiteKey {

    private SiteKey() {}

    /** The host of {@code url}, or {@code null} if the URL is not a valid http(s) URL. */
    public static String host(String url) {
        try {
            return host(NormalizedUrl.parse(url));
        } catch (InvalidUrlException e) {
            return null;
        }
    }

    /** The host of a parsed URL (with any ignored parameters: only its origin counts). */
    public static String host(NormalizedUrl url) {
        String origin = url.origin();
        String host = origin.substring(origin.indexOf("://") + 3);
        // www.example.org and example.org serve one site; counting them apart would double its templates' hosts
        return host.startsWith("www.") && host.length() > 4 ? host.substring(4) : host;
    }
}
