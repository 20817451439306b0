package org.reusedetector.detection.functions;

import java.io.IOException;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.reusedetector.model.RememberedPage;
import org.reusedetector.state.AbstractStateFormat;

/**
 * The state format of {@link RememberedPage} (value state {@code keyed-join-remembered} of {@link JoinLabelAnswers}: a
 * scored page kept for re-scores). Version 1: the page as {@link KeyedMatchFormat} writes it, its labels as
 * {@link LabelAnswerFormat} does, whether it alerted.
 */
public final class RememberedPageFormat extends AbstractStateFormat<RememberedPage> {

    private static final long serialVersionUID = 1L;

    /** In checkpoints: never change it. */
    public static final String NAME = "remembered-page";

    static final int V1 = 1;

    public RememberedPageFormat() {
        super(NAME, V1, RememberedPage.class);
    }

    @Override
    protected int sizeHint(RememberedPage value) {
        return 512; // a whole hashed page and its labels
    }

    @Override
    protected void write(RememberedPage value, DataOutputView out) throws IOException {
        KeyedMatchFormat.writePage(value.page(), out);
        LabelAnswerFormat.writeAnswer(value.labels(), out);
        out.writeBoolean(value.alerted());
    }

    @Override
    protected RememberedPage read(int version, DataInputView in) throws IOException {
        return new RememberedPage(KeyedMatchFormat.readPage(in), LabelAnswerFormat.readAnswer(in), in.readBoolean());
    }
}
