package org.reusedetector.discover;

import java.util.ArrayList;
import java.util.List;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.PageRecord;
import org.reusedetector.page.PageHasher;

/**
 * A small corpus for the structure rule of blind discovery:
 *
 * <ul>
 *   <li>docs.source-site.org: 4 pages, each with the site's template paragraph and two content paragraphs of its own;
 *   <li>m1..m5.copy-farm.net: five hosts of one other site, each mirroring the source's 4 pages byte for byte;
 *   <li>a paragraph quoted on three unrelated sites (natural duplication: one chunk, not a copied site);
 *   <li>a paragraph shared by three translations of one handbook (fr., de., en.handbook-project.org: one site);
 *   <li>a few unrelated pages.
 * </ul>
 */
final class StructureFixture {

    static final int SOURCE_PAGES = 4;
    static final int MIRRORS = 5;
    static final String TEMPLATE =
            "The source site's own header paragraph, shown on every one of its pages, and copied along with them by the farm.";
    static final String QUOTE =
            "A famous sentence that three unrelated sites quote, each in an article of its own, which is natural duplication.";
    static final String TRANSLATED =
            "A command listing that every translation of the handbook keeps untranslated, so it is the same in all of them.";

    private StructureFixture() {}

    static String content(int page, int paragraph) {
        return "Content paragraph " + paragraph + " of source page " + page
                + ": long enough to be counted, lorem ipsum dolor sit amet, consectetur.";
    }

    static List<String> sourceContent() {
        List<String> texts = new ArrayList<>();
        for (int i = 1; i <= SOURCE_PAGES; i++) {
            texts.add(content(i, 1));
            texts.add(content(i, 2));
        }
        return texts;
    }

    static List<PageRecord> rawPages() {
        List<PageRecord> pages = new ArrayList<>();
        for (int i = 1; i <= SOURCE_PAGES; i++) {
            String body = DiscoveryFixture.html(TEMPLATE, content(i, 1), content(i, 2));
            add(pages, "https://docs.source-site.org/doc/p" + i + ".html", body);
            for (int m = 1; m <= MIRRORS; m++) {
                add(pages, "https://m" + m + ".copy-farm.net/doc/p" + i + ".html", body);
            }
        }
        for (String site : List.of("alpha-news.com", "beta-blog.net", "gamma-papers.org")) {
            add(
                    pages,
                    "https://" + site + "/article.html",
                    DiscoveryFixture.html(DiscoveryFixture.unique(site, 1), QUOTE));
        }
        for (String lang : List.of("fr", "de", "en")) {
            add(
                    pages,
                    "https://" + lang + ".handbook-project.org/install.html",
                    DiscoveryFixture.html(DiscoveryFixture.unique(lang, 2), TRANSLATED));
        }
        return pages;
    }

    static List<HashedPage> pages() {
        PageHasher hasher = new PageHasher(DiscoveryFixture.chunker());
        List<HashedPage> hashed = new ArrayList<>();
        for (PageRecord p : rawPages()) {
            hashed.add(hasher.hash(p.url(), p.fetchedAtMillis(), p.body()));
        }
        return hashed;
    }

    /**
     * The floor of the group threshold the summary reports (discovery.threshold.min-group); each host set's own is its
     * smallest example page: 3 countable chunks for the source's pages, 2 for the quoting articles.
     */
    static long expectedGroupThreshold() {
        return 3;
    }

    static DiscoveryParams params() {
        return DiscoveryParams.defaults("test").withLists(false, null, null);
    }

    private static void add(List<PageRecord> pages, String url, String body) {
        pages.add(new PageRecord(
                url, "2026-01-01T00:00:00Z", 1_767_225_600_000L + pages.size(), 200, "text/html", body, null));
    }
}
