package org.reusedetector.detection.functions;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.reusedetector.model.PrefixScore;
import org.reusedetector.state.StateFormat;

/**
 * The state format of the updates of one event time waiting for the watermark ({@code threshold-pending} of
 * {@link ThresholdStatistic}). Version 1: their count, then each as {@link RecordLayouts} writes a score.
 */
public final class PendingScoresFormat implements StateFormat<List<PrefixScore>> {

    private static final long serialVersionUID = 1L;

    /** In checkpoints: never change it. */
    public static final String NAME = "pending-prefix-scores";

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
    public Class<List<PrefixScore>> type() {
        return (Class<List<PrefixScore>>) (Class<?>) List.class;
    }

    @Override
    public byte[] serialize(List<PrefixScore> value) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(256);
        out.writeInt(value.size());
        for (PrefixScore score : value) {
            RecordLayouts.writeScore(score, out);
        }
        return out.getCopyOfBuffer();
    }

    @Override
    public List<PrefixScore> deserialize(int version, byte[] bytes) throws IOException {
        if (version != V1) {
            throw new IOException("unknown version " + version + " of " + NAME);
        }
        DataInputDeserializer in = new DataInputDeserializer(bytes);
        int n = in.readInt();
        List<PrefixScore> scores = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            scores.add(RecordLayouts.readScore(in));
        }
        return scores;
    }
}
