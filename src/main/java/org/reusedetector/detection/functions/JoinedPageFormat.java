package org.reusedetector.detection.functions;

import java.io.IOException;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.reusedetector.model.JoinedPage;
import org.reusedetector.model.LabelAnswer;
import org.reusedetector.state.AbstractStateFormat;

/**
 * The state format of {@link JoinedPage} (value state {@code keyed-join-complete} of {@link JoinLabelAnswers}).
 * Version 1: the hashed page as {@link KeyedMatchFormat} writes it, then the answers.
 */
public final class JoinedPageFormat extends AbstractStateFormat<JoinedPage> {

    private static final long serialVersionUID = 1L;

    /** In checkpoints: never change it. */
    public static final String NAME = "joined-page";

    static final int V1 = 1;

    public JoinedPageFormat() {
        super(NAME, V1, JoinedPage.class);
    }

    @Override
    protected void write(JoinedPage v, DataOutputView out) throws IOException {
        KeyedMatchFormat.writePage(v.page(), out);
        LabelAnswer[] answers = v.answers();
        out.writeInt(answers == null ? -1 : answers.length);
        if (answers != null) {
            for (LabelAnswer answer : answers) {
                LabelAnswerFormat.writeAnswer(answer, out);
            }
        }
    }

    @Override
    protected JoinedPage read(int version, DataInputView in) throws IOException {
        var page = KeyedMatchFormat.readPage(in);
        int n = in.readInt();
        LabelAnswer[] answers = n < 0 ? null : new LabelAnswer[n];
        for (int i = 0; i < n; i++) {
            answers[i] = LabelAnswerFormat.readAnswer(in);
        }
        return new JoinedPage(page, answers);
    }
}
