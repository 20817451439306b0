package org.reusedetector.detection.functions;

import java.io.IOException;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.reusedetector.model.LabelAnswer;
import org.reusedetector.state.AbstractStateFormat;
import org.reusedetector.state.StateLayout;

/**
 * The state format of {@link LabelAnswer} (list state {@code keyed-join-answers} of {@link JoinLabelAnswers}, and
 * inside {@link KeyedMatchFormat}, {@link JoinedPageFormat} and {@link RememberedPageFormat}, which write it with
 * {@link #writeAnswer}). Version 1: page, indices, kinds, origins.
 */
public final class LabelAnswerFormat extends AbstractStateFormat<LabelAnswer> {

    private static final long serialVersionUID = 1L;

    /** In checkpoints: never change it. */
    public static final String NAME = "label-answer";

    static final int V1 = 1;

    public LabelAnswerFormat() {
        super(NAME, V1, LabelAnswer.class);
    }

    @Override
    protected void write(LabelAnswer value, DataOutputView out) throws IOException {
        writeAnswer(value, out);
    }

    @Override
    protected LabelAnswer read(int version, DataInputView in) throws IOException {
        return readAnswer(in);
    }

    /** An answer in version 1's layout, as the formats that hold answers embed it. */
    static void writeAnswer(LabelAnswer v, DataOutputView out) throws IOException {
        out.writeLong(v.page());
        StateLayout.writeInts(v.indices(), out);
        StateLayout.writeBytes(v.kinds(), out);
        String[] origins = v.origins();
        out.writeInt(origins == null ? -1 : origins.length);
        if (origins != null) {
            for (String origin : origins) {
                StateLayout.writeString(origin, out);
            }
        }
    }

    static LabelAnswer readAnswer(DataInputView in) throws IOException {
        long page = in.readLong();
        int[] indices = StateLayout.readInts(in);
        byte[] kinds = StateLayout.readBytes(in);
        int n = in.readInt();
        String[] origins = n < 0 ? null : new String[n];
        for (int i = 0; i < n; i++) {
            origins[i] = StateLayout.readString(in);
        }
        return new LabelAnswer(page, indices, kinds, origins);
    }
}
