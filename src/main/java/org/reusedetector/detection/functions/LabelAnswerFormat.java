package org.reusedetector.detection.functions;

import java.io.IOException;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputView;
import org.reusedetector.model.LabelAnswer;
import org.reusedetector.state.StateFormat;
import org.reusedetector.state.StateLayout;

/**
 * The state format of {@link LabelAnswer} (list state {@code keyed-join-answers} of {@link JoinLabelAnswers}, and
 * inside {@link KeyedMatchFormat} and {@link JoinedPageFormat}). Version 1: page, indices, kinds, origins.
 */
public final class LabelAnswerFormat implements StateFormat<LabelAnswer> {

    private static final long serialVersionUID = 1L;

    /** In checkpoints: never change it. */
    public static final String NAME = "label-answer";

    static final int V1 = 1;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int getVersion() {
        return V1;
    }

    @Override
    public Class<LabelAnswer> type() {
        return LabelAnswer.class;
    }

    @Override
    public Class<?> pojoPredecessor() {
        return LabelAnswer.class; // its POJO state of an earlier version of the job is taken over on restore
    }

    @Override
    public LabelAnswer fromPredecessor(Object predecessor) {
        return (LabelAnswer) predecessor;
    }

    @Override
    public byte[] serialize(LabelAnswer value) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(256);
        write(value, out);
        return out.getCopyOfBuffer();
    }

    @Override
    public LabelAnswer deserialize(int version, byte[] bytes) throws IOException {
        if (version != V1) {
            throw new IOException("unknown version " + version + " of " + NAME);
        }
        return read(new DataInputDeserializer(bytes));
    }

    static void write(LabelAnswer v, DataOutputView out) throws IOException {
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

    static LabelAnswer read(DataInputView in) throws IOException {
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
