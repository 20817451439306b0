package org.reusedetector.shingle;

import java.util.Arrays;
import org.reusedetector.model.Label;
import org.reusedetector.page.Sha1;

/**
 * {@code shingle} labels: an expert page's distinctive phrases ({@link DistinctivePhrases}), matched by the near-copy
 * signal. A label of blind discovery ({@link NearCopyDiscovery}) holds its cluster's representative page's phrases, and
 * after them, past one space (which Base64url never holds), the first characters of that page's text for review.
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
        String text = PhraseSetText.encode(sorted);
        // the hash names the phrase set (one live label per distinct set on the compacted topic)
        return new Label(Sha1.hex(Sha1.of(text)), Label.KIND_SHINGLE, Label.OP_ADD, source, url, null, null, text);
    }

    /**
     * The label of a cluster of near copies found by blind discovery: the representative page's phrases (the same hash
     * as an informed label of that page), with the cluster's pages and hosts and a sample of the page's text.
     */
    public static Label discovered(NearCopyDiscovery.Cluster cluster, String source) {
        String phrases = PhraseSetText.encode(cluster.phrases());
        String sample = cluster.sample().isBlank() ? "" : " " + cluster.sample().strip();
        return new Label(
                Sha1.hex(Sha1.of(phrases)),
                Label.KIND_SHINGLE,
                Label.OP_ADD,
                source,
                cluster.url(),
                (long) cluster.pages().size(),
                (long) cluster.hosts(),
                phrases + sample);
    }

    /** The index entry of a {@code shingle} label; refused when its text is not a set of phrases of this version. */
    public static NearCopyIndex.Entry entry(Label label) {
        if (!Label.KIND_SHINGLE.equals(label.kind()) || label.text() == null || label.exampleUrl() == null) {
            throw new IllegalArgumentException("not a shingle label with phrases and a page: " + label.hash());
        }
        // distinct, whoever wrote the label: a repeated phrase would count twice towards its containment
        String text = label.text();
        int sample = text.indexOf(' ');
        return new NearCopyIndex.Entry(
                label.hash(),
                label.exampleUrl(),
                label.source(),
                Phrases.ids(PhraseSetText.decode(sample < 0 ? text : text.substring(0, sample))));
    }
}
