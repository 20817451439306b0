package org.reusedetector.labels.keyed;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.LabelAnswer;
import org.reusedetector.page.Sha1;

/**
 * The labels of one page as they stand: its partitions' answers, then the label changes sent after them (keyed label
 * mode's re-scores), folded into one answer that names every labelled hash of the page once.
 *
 * <p>A change names one index of the page (the one its partition remembered) and applies to every hash of the page
 * that is the same label (the same first 96 bits), so a chunk the page holds twice changes twice. Kind 0 means the hash
 * is no longer labelled. Answers and changes of one partition arrive in the order it sent them, and those of different
 * partitions name different hashes, so the fold gives the partitions' current labels whatever the interleaving.
 */
public final class PageLabels {

    private static final int LABEL_BYTES = 12;

    private PageLabels() {}

    /** {@code answers} then {@code changes}, in that order, as one answer of the page's labelled hashes by index. */
    public static LabelAnswer fold(
            HashedPage page, long pageId, Iterable<LabelAnswer> answers, Iterable<LabelAnswer> changes) {
        Map<Integer, Entry> labels = new TreeMap<>();
        for (LabelAnswer answer : answers) {
            for (int k = 0; k < length(answer); k++) {
                labels.put(answer.indices()[k], new Entry(answer.kinds()[k], answer.origins()[k]));
            }
        }
        for (LabelAnswer change : changes) {
            for (int k = 0; k < length(change); k++) {
                byte[] hash = PageQueries.hashAt(page, change.indices()[k]);
                Entry entry = new Entry(change.kinds()[k], change.origins()[k]);
                for (int index = -1; index < page.chunkCount(); index++) {
                    if (sameLabel(page, index, hash)) {
                        if (entry.kind() == 0) {
                            labels.remove(index);
                        } else {
                            labels.put(index, entry);
                        }
                    }
                }
            }
        }
        int[] indices = new int[labels.size()];
        byte[] kinds = new byte[labels.size()];
        String[] origins = new String[labels.size()];
        int k = 0;
        for (Map.Entry<Integer, Entry> e : labels.entrySet()) {
            indices[k] = e.getKey();
            kinds[k] = e.getValue().kind();
            origins[k] = e.getValue().origin();
            k++;
        }
        return new LabelAnswer(pageId, indices, kinds, origins);
    }

    /** Whether two folded answers name the same labels (same indices, kinds and origins). */
    public static boolean same(LabelAnswer a, LabelAnswer b) {
        return Arrays.equals(a.indices(), b.indices())
                && Arrays.equals(a.kinds(), b.kinds())
                && Arrays.equals(a.origins(), b.origins());
    }

    private static boolean sameLabel(HashedPage page, int index, byte[] hash) {
        if (index < 0) {
            return Arrays.equals(page.fileHash(), 0, LABEL_BYTES, hash, 0, LABEL_BYTES);
        }
        int from = index * Sha1.LENGTH;
        return Arrays.equals(page.chunkHashes(), from, from + LABEL_BYTES, hash, 0, LABEL_BYTES);
    }

    private static int length(LabelAnswer answer) {
        return answer.indices() == null ? 0 : answer.indices().length;
    }

    private record Entry(byte kind, String origin) {}
}
