package org.reusedetector.imatch;

import java.util.ArrayList;
import java.util.List;
import org.reusedetector.model.Label;

/** The {@code imatch} labels of an expert page: one per lexicon that gave it a signature, naming that lexicon. */
public final class ImatchLabels {

    private ImatchLabels() {}

    public static List<Label> of(String exampleUrl, byte[] signatures, Lexicon lexicon, String source) {
        List<Label> labels = new ArrayList<>();
        for (int j = 0; j < Signatures.lexicons(signatures); j++) {
            if (Signatures.has(signatures, j)) {
                labels.add(new Label(
                        Signatures.hex(signatures, j),
                        Label.KIND_IMATCH,
                        Label.OP_ADD,
                        source,
                        exampleUrl,
                        null,
                        null,
                        lexicon.lexiconName(j)));
            }
        }
        return labels;
    }
}
