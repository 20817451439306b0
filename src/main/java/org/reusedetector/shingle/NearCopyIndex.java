package org.reusedetector.shingle;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.reusedetector.url.Sites;

/**
 * The labelled pages' distinctive phrases ({@link DistinctivePhrases}) with an inverted index: a lookup costs one map
 * probe per sampled phrase of the page, and counts, per labelled page, how many of its phrases the page holds. A page
 * is matched only against labelled pages of another site, as expert chunk labels are: a site does not copy itself.
 */
public final class NearCopyIndex {

    /** A labelled page: its id (the label's hash), URL, label source and distinctive phrases (distinct). */
    public record Entry(String id, String url, String source, long[] phrases) {}

    /**
     * The labelled page a page copies most of.
     *
     * @param containment the share of the labelled page's distinctive phrases found on the page
     * @param shared how many they are
     * @param pageShare the share of the page's own sampled phrases they make
     */
    public record Match(Entry entry, double containment, int shared, double pageShare) {}

    private final NearCopyParams params;
    private final Map<String, Entry> entries = new HashMap<>();
    private final Map<Long, List<Entry>> byPhrase = new HashMap<>();

    public NearCopyIndex(NearCopyParams params) {
        this.params = params;
    }

    public int size() {
        return entries.size();
    }

    /** Adds or replaces a labelled page. */
    public void add(Entry entry) {
        remove(entry.id());
        entries.put(entry.id(), entry);
        for (long phrase : entry.phrases()) {
            byPhrase.computeIfAbsent(phrase, p -> new ArrayList<>(1)).add(entry);
        }
    }

    public void remove(String id) {
        Entry old = entries.remove(id);
        if (old == null) {
            return;
        }
        for (long phrase : old.phrases()) {
            List<Entry> list = byPhrase.get(phrase);
            if (list != null) {
                list.removeIf(e -> e.id().equals(id));
                if (list.isEmpty()) {
                    byPhrase.remove(phrase);
                }
            }
        }
    }

    /**
     * The labelled page of another site of which the page holds the largest share of distinctive phrases, if that
     * share reaches the threshold, with at least {@code minPhrases} of them making at least {@code minPageShare} of the
     * page's phrases. Ties go to the lesser URL, then id, so the answer does not depend on the order labels came in.
     *
     * @param pagePhrases the page's sampled phrases, distinct ({@link PageSketcher#sampledPhrases})
     */
    public Match best(String pageUrl, long[] pagePhrases) {
        if (pagePhrases.length == 0 || entries.isEmpty()) {
            return null;
        }
        Map<Entry, int[]> shared = new IdentityHashMap<>();
        for (long phrase : pagePhrases) {
            List<Entry> holders = byPhrase.get(phrase);
            if (holders != null) {
                for (Entry holder : holders) {
                    shared.computeIfAbsent(holder, e -> new int[1])[0]++;
                }
            }
        }
        String pageSite = null;
        boolean siteKnown = false;
        Match best = null;
        for (Map.Entry<Entry, int[]> candidate : shared.entrySet()) {
            Entry entry = candidate.getKey();
            int count = candidate.getValue()[0];
            double containment = (double) count / entry.phrases().length;
            double pageShare = (double) count / pagePhrases.length;
            if (count < params.minPhrases()
                    || containment < params.threshold()
                    || pageShare < params.minPageShare()
                    || best != null && !better(containment, entry, best)) {
                continue;
            }
            if (!siteKnown) {
                pageSite = Sites.ofUrl(pageUrl);
                siteKnown = true;
            }
            if (pageSite != null && Objects.equals(pageSite, Sites.ofUrl(entry.url()))) {
                continue;
            }
            best = new Match(entry, containment, count, pageShare);
        }
        return best;
    }

    private static boolean better(double containment, Entry entry, Match best) {
        if (containment != best.containment()) {
            return containment > best.containment();
        }
        int byUrl = entry.url().compareTo(best.entry().url());
        return byUrl != 0 ? byUrl < 0 : entry.id().compareTo(best.entry().id()) < 0;
    }
}
