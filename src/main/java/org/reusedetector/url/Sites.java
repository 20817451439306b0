package org.reusedetector.url;

import com.google.common.net.InternetDomainName;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The site of a host: its registrable domain (the public suffix plus one label, "paid-level domain" in
 * Najork 2012 and Fetterly et al. 2005), from the public suffix list. {@code www.debian-handbook.org} and
 * {@code fr-fr.debian-handbook.org} are one site, one publisher; content shared between them is the
 * publisher's own, not copying. Hosts that are IP addresses or have no known public suffix are their own site.
 */
public final class Sites {

    private static final int CACHE_LIMIT = 100_000;
    private static final ConcurrentHashMap<String, String> CACHE = new ConcurrentHashMap<>();

    private Sites() {}

    /** The registrable domain of {@code host} (lower case, no port), or the host itself when it has none. */
    public static String of(String host) {
        if (host == null || host.isEmpty()) {
            return host;
        }
        String cached = CACHE.get(host);
        if (cached != null) {
            return cached;
        }
        String site = compute(host);
        if (CACHE.size() >= CACHE_LIMIT) {
            CACHE.clear(); // a crawl touches many hosts; a bounded cache keeps the lookup cheap without growing
        }
        CACHE.put(host, site);
        return site;
    }

    /** The site of a URL's host, or {@code null} when the URL has no host. */
    public static String ofUrl(String url) {
        String host = hostOfUrl(url);
        return host == null ? null : of(host);
    }

    /** The host of a URL (no user info, no port), as written, or {@code null} when the URL has none. */
    public static String hostOfUrl(String url) {
        if (url == null) {
            return null;
        }
        int start = url.indexOf("://");
        if (start < 0) {
            return null;
        }
        start += 3;
        int end = start;
        while (end < url.length() && "/?#".indexOf(url.charAt(end)) < 0) {
            end++;
        }
        String authority = url.substring(start, end);
        int at = authority.lastIndexOf('@');
        if (at >= 0) {
            authority = authority.substring(at + 1);
        }
        return stripPort(authority);
    }

    private static String stripPort(String authority) {
        if (authority.startsWith("[")) { // IPv6 literal
            int close = authority.indexOf(']');
            return close > 0 ? authority.substring(0, close + 1) : authority;
        }
        int colon = authority.lastIndexOf(':');
        return colon >= 0 ? authority.substring(0, colon) : authority;
    }

    private static String compute(String rawHost) {
        String host = stripPort(rawHost).toLowerCase(Locale.ROOT);
        if (host.endsWith(".")) {
            host = host.substring(0, host.length() - 1);
        }
        if (host.startsWith("[") || !InternetDomainName.isValid(host)) {
            return host;
        }
        InternetDomainName name = InternetDomainName.from(host);
        if (name.isUnderPublicSuffix()) {
            return name.topPrivateDomain().toString();
        }
        return host; // a public suffix itself, an unknown suffix, or a bare name: no wider site is known
    }
}
