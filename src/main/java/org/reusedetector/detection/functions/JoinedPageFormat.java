package org.reusedetector.detection.functions;

import java.io.IOException;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputView;
import org.reusedetector.model.JoinedPage;
import org.reusedetector.model.LabelAnswer;
import org.reusedetector.state.StateFormat;

/**
 * The state format of {@link JoinedPage} (value state {@code keyed-join-complete} of {@link JoinLabelAnswers}).
 * Version 1: the hashed page as {@link KeyedMatchFormat} writes it, then the answers.
 */
public final class JoinedPageFormat implements StateFormat<JoinedPage> {

    private static final long serialVersionUID = 1L;

    /** In checkpoints: never change it. */
    public static final String NAME = "joined-page";

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
    public Class<JoinedPage> type() {
        return JoinedPage.class;
    }

    @Override
    public Class<?> pojoPredecessor() {
        return JoinedPage.class; // its POJO state of an earlier version of the job is taken over on restore
    }

    @Override
    public JoinedPage fromPredecessor(Object predecessor) {
        return (JoinedPage) predecessor;
    }

    @Override
    public byte[] serialize(JoinedPage value) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(256);
        write(value, out);
        return out.getCopyOfBuffer();
    }

    @Override
    public JoinedPage deserialize(int version, byte[] bytes) throws IOException {
        if (version != V1) {
            throw new IOException("unknown version " + version + " of " + NAME);
        }
        return read(new DataInputDeserializer(bytes));
    }

    static void write(JoinedPage v, DataOutputView out) throws IOException {
        KeyedMatchFormat.writePage(v.page(), out);
        LabelAnswer[] answers = v.answers();
        out.writeInt(answers == null ? -1 : answers.length);
        if (answers != null) {
            for (LabelAnswer answer : answers) {
                LabelAnswerFormat.write(answer, out);
            }
        }
    }

    static JoinedPage read(DataInputView in) throws IOException {
        var page = KeyedMatchFormat.readPage(in);
        int n = in.readInt();
        LabelAnswer[] answers = n < 0 ? null : new LabelAnswer[n];
        for (int i = 0; i < n; i++) {
            answers[i] = LabelAnswerFormat.read(in);
        }
        return new JoinedPage(page, answers);
    }
}
