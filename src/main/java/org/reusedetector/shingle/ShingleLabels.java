package org.reusedetector.shingle;

import org.reusedetector.model.Label;
import org.reusedetector.page.Sha1;

/** {@code shingle} labels: an expert page's min-hash sketch, matched by the stream's near-copy signal. */
public final class ShingleLabels {

    private ShingleLabels() {}

    /** The label of one page's sketch, or {@code null} for a page without words. */
    public static Label of(String url, long[] sketch, String source) {
        if (sketch.length != MinHash.SELECTORS) {
            return null;
        }
        String text = Sketches.encode(sketch);
        // the hash names the sketch (one live label per distinct sketch on the compacted topic)
        return new Label(Sha1.hex(Sha1.of(text)), Label.KIND_SHINGLE, Label.OP_ADD, source, url, null, null, text);
    }

    /** The index entry of a {@code shingle} label. */
    public static NearCopyIndex.Entry entry(Label label) {
        if (!Label.KIND_SHINGLE.equals(label.kind()) || label.text() == null) {
            throw new IllegalArgumentException("not a shingle label with a sketch: " + label.hash());
        }
        return new NearCopyIndex.Entry(label.hash(), label.exampleUrl(), label.source(), Sketches.decode(label.text()));
    }
}
