package org.reusedetector.shingle;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
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

    /**
     * A labelled page: its id (the label's hash), URL, label source and the ids of its distinctive phrases
     * ({@link Phrases#id}, distinct).
     */
    public record Entry(String id, String url, String source, int[] phraseIds) {}

    /**
     * The labelled page a page copies most of.
     *
     * @param containment the share of the labelled page's distinctive phrases found on the page
     * @param shared how many they are
     * @param pageShare the share of the page's own sampled phrases they make
     */
    public record Match(Entry entry, double containment, int shared, double pageShare) {}

    private static final int[] NONE = new int[0];

    private final NearCopyParams params;
    /** Each labelled page under a slot of its own; {@code null} where a removed one was. */
    private final List<Entry> bySlot = new ArrayList<>();

    private final Map<String, Integer> slotOfId = new HashMap<>();
    private final ArrayDeque<Integer> freeSlots = new ArrayDeque<>();
    /** A phrase id → 1 + the index of its slot list in {@link #postings} (0: no labelled page holds it). */
    private final PostingTable postingOf = new PostingTable();

    private int[][] postings = new int[1024][];
    private int postingCount;
    /** Per slot, the current page's phrases it holds; {@link #touched} lists the slots counted, to reset them. */
    private int[] counts = new int[16];

    private int[] touched = new int[16];

    /** Per slot, its phrases of each sample level or deeper ({@link NearCopyParams#countsAtLevels}). */
    private int[][] levelCounts = new int[16][];

    public NearCopyIndex(NearCopyParams params) {
        this.params = params;
    }

    public int size() {
        return slotOfId.size();
    }

    /** Adds or replaces a labelled page. */
    public void add(Entry entry) {
        remove(entry.id());
        int slot = freeSlots.isEmpty() ? bySlot.size() : freeSlots.pop();
        if (slot == bySlot.size()) {
            bySlot.add(entry);
        } else {
            bySlot.set(slot, entry);
        }
        slotOfId.put(entry.id(), slot);
        if (counts.length <= slot) {
            counts = Arrays.copyOf(counts, Math.max(slot + 1, counts.length * 2));
            touched = Arrays.copyOf(touched, counts.length);
            levelCounts = Arrays.copyOf(levelCounts, counts.length);
        }
        levelCounts[slot] = NearCopyParams.countsAtLevels(entry.phraseIds());
        for (int phrase : entry.phraseIds()) {
            int posting = postingOf.get(phrase);
            if (posting == 0) {
                if (postingCount == postings.length) {
                    postings = Arrays.copyOf(postings, postingCount * 2);
                }
                postings[postingCount] = new int[] {slot};
                postingOf.put(phrase, ++postingCount);
            } else {
                int[] slots = postings[posting - 1];
                int[] grown = Arrays.copyOf(slots, slots.length + 1);
                grown[slots.length] = slot;
                postings[posting - 1] = grown;
            }
        }
    }

    public void remove(String id) {
        Integer slot = slotOfId.remove(id);
        if (slot == null) {
            return;
        }
        for (int phrase : bySlot.get(slot).phraseIds()) {
            int posting = postingOf.get(phrase);
            if (posting != 0) {
                int[] slots = postings[posting - 1];
                int[] kept = new int[slots.length - 1];
                int n = 0;
                for (int other : slots) {
                    if (other != slot && n < kept.length) {
                        kept[n++] = other;
                    }
                }
                postings[posting - 1] = n == 0 ? NONE : Arrays.copyOf(kept, n);
            }
        }
        bySlot.set(slot, null);
        levelCounts[slot] = null;
        freeSlots.push(slot);
    }

    /**
     * The labelled page of another site of which the page holds the largest share of distinctive phrases, if that
     * share reaches the threshold, with at least {@code minPhrases} of them making at least {@code minPageShare} of the
     * page's phrases. Ties go to the lesser URL, then id, so the answer does not depend on the order labels came in.
     * Not thread-safe: one index per matcher instance.
     *
     * @param pagePhrases the ids of the page's sampled phrases, distinct ({@link PageSketcher#phraseIds})
     */
    public Match best(String pageUrl, int[] pagePhrases) {
        return best(pageUrl, pagePhrases, 0);
    }

    /**
     * As {@link #best(String, int[])}, for a page matched by its phrases of one sample level ({@link
     * NearCopyParams#pageLevel}): each labelled page is compared by its phrases of that level too.
     *
     * @param pagePhrases the ids of the page's distinct phrases of {@code level} or deeper
     */
    public Match best(String pageUrl, int[] pagePhrases, int level) {
        if (level < 0 || level > NearCopyParams.MAX_LEVEL) {
            throw new IllegalArgumentException("no sample level " + level);
        }
        if (pagePhrases.length == 0 || slotOfId.isEmpty()) {
            return null;
        }
        int touchedCount = 0;
        for (int phrase : pagePhrases) {
            int posting = postingOf.get(phrase);
            if (posting != 0) {
                for (int slot : postings[posting - 1]) {
                    if (counts[slot]++ == 0) {
                        touched[touchedCount++] = slot;
                    }
                }
            }
        }
        String pageSite = null;
        boolean siteKnown = false;
        Match best = null;
        for (int t = 0; t < touchedCount; t++) {
            int slot = touched[t];
            int count = counts[slot];
            counts[slot] = 0;
            Entry entry = bySlot.get(slot);
            int labelled = levelCounts[slot][level];
            double containment = (double) count / labelled;
            double pageShare = (double) count / pagePhrases.length;
            if (!params.nearCopy(count, labelled, pagePhrases.length)
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

    /**
     * Phrase ids to posting numbers in open addressing (linear probing) on two int arrays. The ids are already the high
     * half of a mixed fingerprint, so their low bits index the table as they are: no hashing on the lookup that runs
     * once per phrase of every page.
     */
    private static final class PostingTable {
        private int[] keys = new int[1 << 12];
        /** 1 + the posting number; 0 marks a free slot. */
        private int[] values = new int[1 << 12];

        private int size;

        int get(int key) {
            int mask = keys.length - 1;
            for (int slot = key & mask; ; slot = (slot + 1) & mask) {
                int value = values[slot];
                if (value == 0 || keys[slot] == key) {
                    return value;
                }
            }
        }

        void put(int key, int value) {
            int mask = keys.length - 1;
            int slot = key & mask;
            while (values[slot] != 0 && keys[slot] != key) {
                slot = (slot + 1) & mask;
            }
            if (values[slot] == 0 && ++size * 2 > keys.length) {
                grow();
                put(key, value);
                return;
            }
            keys[slot] = key;
            values[slot] = value;
        }

        private void grow() {
            int[] oldKeys = keys;
            int[] oldValues = values;
            keys = new int[oldKeys.length * 2];
            values = new int[oldKeys.length * 2];
            size = 0;
            for (int i = 0; i < oldKeys.length; i++) {
                if (oldValues[i] != 0) {
                    put(oldKeys[i], oldValues[i]);
                }
            }
        }
    }
}
