package org.reusedetector.detection.functions;

import java.io.IOException;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.reusedetector.model.RememberedPage;
import org.reusedetector.state.StateFormat;

/**
 * The state format of {@link RememberedPage} (value state {@code keyed-join-remembered} of {@link JoinLabelAnswers}: a
 * scored page kept for re-scores). Version 1: the page as {@link KeyedMatchFormat} writes it, its labels as
 * {@link LabelAnswerFormat} does, whether it alerted.
 */
public final class RememberedPageFormat implements StateFormat<RememberedPage> {

    private static final long serialVersionUID = 1L;

    /** In checkpoints: never change it. */
    public static final String NAME = "remembered-page";

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
    public Class<RememberedPage> type() {
        return RememberedPage.class;
    }

    @Override
    public byte[] serialize(RememberedPage value) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(512);
        KeyedMatchFormat.writePage(value.page(), out);
        LabelAnswerFormat.write(value.labels(), out);
        out.writeBoolean(value.alerted());
        return out.getCopyOfBuffer();
    }

    @Override
    public RememberedPage deserialize(int version, byte[] bytes) throws IOException {
        if (version != V1) {
            throw new IOException("unknown version " + version + " of " + NAME);
        }
        DataInputDeserializer in = new DataInputDeserializer(bytes);
        return new RememberedPage(KeyedMatchFormat.readPage(in), LabelAnswerFormat.read(in), in.readBoolean());
    }
}
