package org.reusedetector.detection.functions;

import java.io.IOException;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.KeyedMatch;
import org.reusedetector.model.LabelAnswer;
import org.reusedetector.state.AbstractStateFormat;
import org.reusedetector.state.StateLayout;

/**
 * The state format of {@link KeyedMatch} (value state {@code keyed-join-page} of {@link JoinLabelAnswers}). Version 1:
 * page, the hashed page (its {@link HashedPageFormat} version and bytes, or -1), expected answers, the answer or not.
 */
public final class KeyedMatchFormat extends AbstractStateFormat<KeyedMatch> {

    private static final long serialVersionUID = 1L;

    /** In checkpoints: never change it. */
    public static final String NAME = "keyed-match";

    static final int V1 = 1;

    public KeyedMatchFormat() {
        super(NAME, V1, KeyedMatch.class);
    }

    @Override
    protected void write(KeyedMatch v, DataOutputView out) throws IOException {
        out.writeLong(v.page());
        writePage(v.hashed(), out);
        out.writeInt(v.expected());
        out.writeBoolean(v.answer() != null);
        if (v.answer() != null) {
            LabelAnswerFormat.writeAnswer(v.answer(), out);
        }
    }

    @Override
    protected KeyedMatch read(int version, DataInputView in) throws IOException {
        long page = in.readLong();
        HashedPage hashed = readPage(in);
        int expected = in.readInt();
        LabelAnswer answer = in.readBoolean() ? LabelAnswerFormat.readAnswer(in) : null;
        return new KeyedMatch(page, hashed, expected, answer);
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
}
