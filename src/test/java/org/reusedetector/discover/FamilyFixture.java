package org.reusedetector.discover;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.PageRecord;

/**
 * A small corpus of two copy families of one source, in crawl order:
 *
 * <ul>
 *   <li>n1..n5.ad-farm.com: each wraps the content of the source's pages 7-12 in its advertising (an ad-wrapped copy,
 *       crawled first);
 *   <li>docs.author-site.org: the source, 12 pages, each with the site's header and two content paragraphs;
 *   <li>blog.author-site.org: the source's publisher's other host, 8 pages of its own text with the same header;
 *   <li>m1..m5.mirror-farm.net: each mirrors the source's pages 1-6 byte for byte;
 *   <li>two unrelated pages.
 * </ul>
 */
final class FamilyFixture {

    static final String SOURCE = "docs.author-site.org";
    static final int ADS = 5;
    static final int MIRRORS = 5;
    static final String HEADER =
            "The author site's own header paragraph, on every one of its pages, and mirrored along with them by the farm.";
    static final String AD =
            "Buy now! The ad farm's advertising paragraph that it wraps around every page it copies, twice as loud.";

    private FamilyFixture() {}

    static String content(int page, int paragraph) {
        return "Content paragraph " + paragraph + " of the author's page " + page
                + ": long enough to be counted, lorem ipsum dolor sit amet, consectetur.";
    }

    static String own(String what, int i) {
        return "Text of its own on " + what + " " + i + ", which nobody copied: sed do eiusmod tempor incididunt.";
    }

    static String sourceBody(int page) {
        return DiscoveryFixture.html(HEADER, content(page, 1), content(page, 2));
    }

    /** The URLs and bodies, in crawl order. */
    static Map<String, String> bodies() {
        Map<String, String> pages = new LinkedHashMap<>();
        for (int n = 1; n <= ADS; n++) {
            for (int p = 7; p <= 12; p++) {
                pages.put(
                        "https://n" + n + ".ad-farm.com/story/" + p + ".html",
                        DiscoveryFixture.html(AD, content(p, 1), content(p, 2)));
            }
        }
        for (int p = 1; p <= 12; p++) {
            pages.put("https://" + SOURCE + "/p" + p + ".html", sourceBody(p));
        }
        for (int b = 1; b <= 8; b++) {
            pages.put("https://blog.author-site.org/b" + b + ".html", DiscoveryFixture.html(HEADER, own("blog", b)));
        }
        for (int m = 1; m <= MIRRORS; m++) {
            for (int p = 1; p <= 6; p++) {
                pages.put("https://m" + m + ".mirror-farm.net/p" + p + ".html", sourceBody(p));
            }
        }
        pages.put("https://unrelated.org/", DiscoveryFixture.html(own("unrelated", 1)));
        pages.put("https://other.net/", DiscoveryFixture.html(own("other", 1)));
        return pages;
    }

    static final long START = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();

    static List<PageRecord> rawPages() {
        List<PageRecord> pages = new ArrayList<>();
        for (Map.Entry<String, String> e : bodies().entrySet()) {
            long time = START + 1000L * pages.size();
            pages.add(new PageRecord(
                    e.getKey(), Instant.ofEpochMilli(time).toString(), time, 200, "text/html", e.getValue(), null));
        }
        return pages;
    }

    static List<HashedPage> pages() {
        var hasher = params().chunking().hasher();
        List<HashedPage> hashed = new ArrayList<>();
        for (PageRecord p : rawPages()) {
            hashed.add(hasher.hash(p.url(), p.fetchedAtMillis(), p.body()));
        }
        return hashed;
    }

    static DiscoveryParams params() {
        return DiscoveryParams.defaults("test").withLists(false, null, null);
    }

    static String id(List<String> hosts) {
        long set = 0;
        for (String h : hosts) {
            set += HostSets.fingerprint(h);
        }
        return Families.id(set);
    }

    static List<String> hosts(String prefix, int count, String site) {
        List<String> hosts = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            hosts.add(prefix + i + "." + site);
        }
        return hosts;
    }
}
