package org.reusedetector.detection.functions;

import java.io.IOException;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.reusedetector.model.PrefixScore;
import org.reusedetector.state.StateFormat;

/**
 * The state format of the latest {@link PrefixScore} of a neighbourhood ({@code threshold-latest} of
 * {@link ThresholdStatistic}). Version 1: the score as {@link RecordLayouts} writes it.
 */
public final class PrefixScoreFormat implements StateFormat<PrefixScore> {

    private static final long serialVersionUID = 1L;

    /** In checkpoints: never change it. */
    public static final String NAME = "prefix-score";

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
    @SuppressWarnings("unchecked")
    public Class<PrefixScore> type() {
        return (Class<PrefixScore>) (Class<?>) PrefixScore.class;
    }

    @Override
    public byte[] serialize(PrefixScore value) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(256);
        RecordLayouts.writeScore(value, out);
        return out.getCopyOfBuffer();
    }

    @Override
    public PrefixScore deserialize(int version, byte[] bytes) throws IOException {
        if (version != V1) {
            throw new IOException("unknown version " + version + " of " + NAME);
        }
        DataInputDeserializer in = new DataInputDeserializer(bytes);
        return RecordLayouts.readScore(in);
    }
}
