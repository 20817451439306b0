package org.reusedetector.shingle;

import java.util.Arrays;
import org.reusedetector.model.Label;
import org.reusedetector.page.Sha1;

/**
 * {@code shingle} labels: an expert page's distinctive phrases ({@link DistinctivePhrases}), matched by the near-copy
 * signal.
 */
public final class ShingleLabels {

    private ShingleLabels() {}

    /** The label of one page's distinctive phrases (distinct, any order), or {@code null} when it has none. */
    public static Label of(String url, long[] phrases, String source) {
        if (phrases.length == 0) {
            return null;
        }
        long[] sorted = phrases.clone();
        Arrays.sort(sorted);
        String text = Sketches.encode(sorted);
        // the hash names the phrase set (one live label per distinct set on the compacted topic)
        return new Label(Sha1.hex(Sha1.of(text)), Label.KIND_SHINGLE, Label.OP_ADD, source, url, null, null, text);
    }

    /** The index entry of a {@code shingle} label; refused when its text is not a set of phrases of this version. */
    public static NearCopyIndex.Entry entry(Label label) {
        if (!Label.KIND_SHINGLE.equals(label.kind()) || label.text() == null || label.exampleUrl() == null) {
            throw new IllegalArgumentException("not a shingle label with phrases and a page: " + label.hash());
        }
        // distinct, whoever wrote the label: a repeated phrase would count twice towards its containment
        return new NearCopyIndex.Entry(
                label.hash(), label.exampleUrl(), label.source(), Phrases.ids(Sketches.decode(label.text())));
    }
}
