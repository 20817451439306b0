package org.reusedetector.discover;

import java.util.ArrayList;
import java.util.List;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.PageRecord;
import org.reusedetector.page.HtmlChunker;
import org.reusedetector.page.Sha1;

/**
 * A small corpus with every case blind discovery must tell apart, hashed with the real chunker:
 *
 * <ul>
 *   <li>site.example: 6 pages with one long template paragraph, a short menu and own content;
 *   <li>copy1..5.example: one page each with the same copied paragraph (twice on copy1) and own content;
 *   <li>mirror1..3.example: the same page body on three hosts (a file and a chunk on three hosts);
 *   <li>big.example: 8 pages with a long template paragraph that quote1..2.example quote once each;
 *   <li>tiny.example: a page with only a short chunk (no file to count);
 *   <li>a crawler recursion URL and an ftp URL, both carrying the copied paragraph, both left out.
 * </ul>
 *
 * 25 pages count; the default threshold is then the floor 3.
 */
final class DiscoveryFixture {

    static final String TEMPLATE =
            "Welcome to the example site. This header paragraph is repeated on every page of the site as part of its template.";
    static final String COPIED =
            "This paragraph was written once and then copied by several unrelated sites, which is exactly what blind discovery looks for.";
    static final String MIRRORED =
            "A whole page that three mirror hosts serve byte for byte, so that both its file hash and its chunk occur three times.";
    static final String BIG_TEMPLATE =
            "The footer of the big site: copyright notice, contact details and a long list of links that every page of it shows.";
    static final String MENU = "Home | About | Contact";

    static final RecursionFilter RECURSION = url -> url.contains("/loop/loop/");

    private DiscoveryFixture() {}

    static String unique(String site, int i) {
        return "Own content of " + site + " page " + i
                + ", long enough to count as a chunk: lorem ipsum dolor sit amet, consectetur adipiscing elit.";
    }

    static String html(String... paragraphs) {
        StringBuilder b = new StringBuilder("<html><head><title></title></head><body>");
        for (String p : paragraphs) {
            b.append("<p>").append(p).append("</p>");
        }
        return b.append("</body></html>").toString();
    }

    /** The raw pages (url, body), in crawl order. */
    static List<PageRecord> rawPages() {
        List<PageRecord> pages = new ArrayList<>();
        for (int i = 1; i <= 6; i++) {
            add(pages, "https://site.example/p" + i + ".html", html(TEMPLATE, MENU, unique("site", i)));
        }
        for (int j = 1; j <= 5; j++) {
            add(
                    pages,
                    "https://copy" + j + ".example/article.html",
                    j == 1 ? html(COPIED, unique("copy", j), COPIED) : html(unique("copy", j), COPIED));
        }
        for (int k = 1; k <= 3; k++) {
            add(pages, "https://mirror" + k + ".example/index.html", html(MIRRORED));
        }
        for (int i = 1; i <= 8; i++) {
            add(pages, "https://www.big.example/page" + i + ".html", html(unique("big", i), BIG_TEMPLATE));
        }
        for (int q = 1; q <= 2; q++) {
            add(pages, "http://quote" + q + ".example/q.html", html(unique("quote", q), BIG_TEMPLATE));
        }
        add(pages, "https://tiny.example/", html(MENU));
        add(pages, "https://copy1.example/loop/loop/loop/article.html", html(COPIED, unique("loop", 1)));
        add(pages, "ftp://copy2.example/article.html", html(COPIED));
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

    static HtmlChunker chunker() {
        return params().chunking().chunker();
    }

    /** Default parameters without the shipped stop list (the fixture needs none; loading it costs time). */
    static DiscoveryParams params() {
        return DiscoveryParams.defaults("test").withLists(false, null, null);
    }

    static String sha(String chunk) {
        return Sha1.hex(Sha1.of(chunk));
    }

    /** The file hash of the mirrored page. */
    static String mirrorFileHash() {
        return fileHash("https://mirror1.example/index.html");
    }

    static String fileHash(String url) {
        return pages().stream()
                .filter(p -> p.url().equals(url))
                .map(p -> Sha1.hex(p.fileHash()))
                .findFirst()
                .orElseThrow();
    }

    private static void add(List<PageRecord> pages, String url, String body) {
        pages.add(new PageRecord(
                url, "2026-01-01T00:00:00Z", 1_767_225_600_000L + pages.size(), 200, "text/html", body, null));
    }
}
