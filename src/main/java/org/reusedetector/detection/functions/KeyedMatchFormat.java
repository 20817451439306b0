package org.reusedetector.detection.functions;

import java.io.IOException;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputView;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.KeyedMatch;
import org.reusedetector.model.LabelAnswer;
import org.reusedetector.state.StateFormat;
import org.reusedetector.state.StateLayout;

/**
 * The state format of {@link KeyedMatch} (value state {@code keyed-join-page} of {@link JoinLabelAnswers}). Version 1:
 * page, the hashed page (its {@link HashedPageFormat} version and bytes, or -1), expected answers, the answer or not.
 */
public final class KeyedMatchFormat implements StateFormat<KeyedMatch> {

    private static final long serialVersionUID = 1L;

    /** In checkpoints: never change it. */
    public static final String NAME = "keyed-match";

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
    public Class<KeyedMatch> type() {
        return KeyedMatch.class;
    }

    @Override
    public Class<?> pojoPredecessor() {
        return KeyedMatch.class; // its POJO state of an earlier version of the job is taken over on restore
    }

    @Override
    public KeyedMatch fromPredecessor(Object predecessor) {
        return (KeyedMatch) predecessor;
    }

    @Override
    public byte[] serialize(KeyedMatch value) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(256);
        write(value, out);
        return out.getCopyOfBuffer();
    }

    @Override
    public KeyedMatch deserialize(int version, byte[] bytes) throws IOException {
        if (version != V1) {
            throw new IOException("unknown version " + version + " of " + NAME);
        }
        return read(new DataInputDeserializer(bytes));
    }

    static void write(KeyedMatch v, DataOutputView out) throws IOException {
        out.writeLong(v.page());
        writePage(v.hashed(), out);
        out.writeInt(v.expected());
        out.writeBoolean(v.answer() != null);
        if (v.answer() != null) {
            LabelAnswerFormat.write(v.answer(), out);
        }
    }

    /** A hashed page: its {@link HashedPageFormat} version and bytes, or -1 for none. */
    static void writePage(HashedPage page, DataOutputView out) throws IOException {
        if (page == null) {
            out.writeInt(-1);
            return;
        }
        HashedPageFormat format = new HashedPageFormat();
        out.writeInt(format.getVersion());
        StateLayout.writeBytes(format.serialize(page), out);
    }

    static HashedPage readPage(DataInputView in) throws IOException {
        int version = in.readInt();
        return version < 0 ? null : new HashedPageFormat().deserialize(version, StateLayout.readBytes(in));
    }

    static KeyedMatch read(DataInputView in) throws IOException {
        long page = in.readLong();
        HashedPage hashed = readPage(in);
        int expected = in.readInt();
        LabelAnswer answer = in.readBoolean() ? LabelAnswerFormat.read(in) : null;
        return new KeyedMatch(page, hashed, expected, answer);
    }
}
