package org.reusedetector.shingle;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The labelled side of the near-copy signal: each expert page's sampled phrases ({@link Phrases#sampledGramSet}) less
 * its site's template phrases. A phrase on at least {@code max(templateMinPages, templateMinShare × pages)} of one
 * site's pages is that site's template (its generator's headings, navigation, boilerplate sentences, and the
 * common word pairs of its language), the same rule that makes a chunk a {@code stop} label: on a page of another
 * site built with the same tools it proves nothing. What is left is what makes the page itself; a page left with
 * fewer than {@code minPhrases} of them gives no label, since that little cannot tell a copy from a page that happens
 * to share a few word pairs.
 *
 * <p>Pages are added one by one per host; {@link #labelled()} then judges each host's pages together.
 */
public final class DistinctivePhrases {

    /** An expert page and its distinctive phrases, sorted. */
    public record Page(String url, long[] phrases) {}

    private final NearCopyParams params;
    private final double templateMinShare;
    private final int templateMinPages;
    private final Map<String, List<Page>> byHost = new LinkedHashMap<>();

    public DistinctivePhrases(NearCopyParams params, double templateMinShare, int templateMinPages) {
        this.params = params;
        this.templateMinShare = templateMinShare;
        this.templateMinPages = templateMinPages;
    }

    /** Adds an expert page of {@code host} with its sampled phrases (distinct and sorted). */
    public void add(String host, String url, long[] sampledPhrases) {
        byHost.computeIfAbsent(host, h -> new ArrayList<>()).add(new Page(url, sampledPhrases));
    }

    /** Every expert page with at least {@code minPhrases} distinctive phrases, in the order added per host. */
    public List<Page> labelled() {
        List<Page> out = new ArrayList<>();
        for (List<Page> pages : byHost.values()) {
            Map<Long, Integer> pagesWithPhrase = new HashMap<>();
            for (Page page : pages) {
                for (long phrase : page.phrases()) {
                    pagesWithPhrase.merge(phrase, 1, Integer::sum);
                }
            }
            double template = Math.max(templateMinPages, templateMinShare * pages.size());
            for (Page page : pages) {
                long[] kept = new long[page.phrases().length];
                int n = 0;
                for (long phrase : page.phrases()) {
                    if (pagesWithPhrase.get(phrase) < template) {
                        kept[n++] = phrase;
                    }
                }
                if (n >= params.minPhrases()) {
                    out.add(new Page(page.url(), Arrays.copyOf(kept, n)));
                }
            }
        }
        return out;
    }
}
