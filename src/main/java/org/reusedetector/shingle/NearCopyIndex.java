package org.reusedetector.shingle;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.reusedetector.url.Sites;

/**
 * The labelled pages' sketches with an LSH band index ({@link NearCopyParams}): a lookup costs one map probe per band
 * plus one 84-value comparison per candidate, not a comparison with every label. A page is matched only against
 * labelled pages of another site, as expert chunk labels are: a site does not copy itself.
 */
public final class NearCopyIndex {

    /** A labelled page: its id (the label's hash), URL, label source and sketch. */
    public record Entry(String id, String url, String source, long[] sketch) {}

    /** The best labelled page for a sketch, and the estimated resemblance. */
    public record Match(Entry entry, double resemblance) {}

    private final NearCopyParams params;
    private final Map<String, Entry> entries = new HashMap<>();
    private final Map<Long, List<Entry>> byBand = new HashMap<>();

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
        for (long band : Sketches.bands(entry.sketch(), params.bandRows())) {
            byBand.computeIfAbsent(band, b -> new ArrayList<>(1)).add(entry);
        }
    }

    public void remove(String id) {
        Entry old = entries.remove(id);
        if (old == null) {
            return;
        }
        for (long band : Sketches.bands(old.sketch(), params.bandRows())) {
            List<Entry> list = byBand.get(band);
            if (list != null) {
                list.removeIf(e -> e.id().equals(id));
                if (list.isEmpty()) {
                    byBand.remove(band);
                }
            }
        }
    }

    /** The labelled page of another site most resembling the sketch, if the resemblance reaches the threshold. */
    public Match best(String pageUrl, long[] sketch) {
        if (sketch.length != MinHash.SELECTORS || entries.isEmpty()) {
            return null;
        }
        String pageSite = null;
        boolean siteKnown = false;
        Set<String> seen = new HashSet<>();
        Match best = null;
        for (long band : Sketches.bands(sketch, params.bandRows())) {
            List<Entry> candidates = byBand.get(band);
            if (candidates == null) {
                continue;
            }
            for (Entry candidate : candidates) {
                if (!seen.add(candidate.id())) {
                    continue;
                }
                double r = Sketches.resemblance(sketch, candidate.sketch());
                if (r < params.threshold() || best != null && r <= best.resemblance()) {
                    continue;
                }
                if (!siteKnown) {
                    pageSite = Sites.ofUrl(pageUrl);
                    siteKnown = true;
                }
                if (pageSite != null && Objects.equals(pageSite, Sites.ofUrl(candidate.url()))) {
                    continue;
                }
                best = new Match(candidate, r);
            }
        }
        return best;
    }
}
