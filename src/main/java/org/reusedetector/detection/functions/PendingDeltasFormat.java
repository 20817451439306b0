package org.reusedetector.detection.functions;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.reusedetector.model.PrefixDelta;
import org.reusedetector.state.StateFormat;

/**
 * The state format of a neighbourhood's changes of one event time waiting for the watermark
 * ({@code neighbourhood-pending} of {@link NeighbourhoodAggregate}). Version 1: their count, then each change's
 * fields in record order (evidence and sources as {@link RecordLayouts} writes them).
 */
public final class PendingDeltasFormat implements StateFormat<List<PrefixDelta>> {

    private static final long serialVersionUID = 1L;

    /** In checkpoints: never change it. */
    public static final String NAME = "pending-prefix-deltas";

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
    public Class<List<PrefixDelta>> type() {
        return (Class<List<PrefixDelta>>) (Class<?>) List.class;
    }

    @Override
    public byte[] serialize(List<PrefixDelta> value) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(256);
        out.writeInt(value.size());
        for (PrefixDelta d : value) {
            out.writeUTF(d.prefix());
            out.writeInt(d.pagesDelta());
            out.writeLong(d.chunksDelta());
            out.writeDouble(d.matchedDelta());
            out.writeLong(d.eventTime());
            RecordLayouts.writeEvidence(d.evidence(), out);
            out.writeDouble(d.chunksSquaredDelta());
            out.writeDouble(d.matchedSquaredDelta());
            out.writeDouble(d.productsDelta());
            RecordLayouts.writeSourceChunks(d.sources(), out);
        }
        return out.getCopyOfBuffer();
    }

    @Override
    public List<PrefixDelta> deserialize(int version, byte[] bytes) throws IOException {
        if (version != V1) {
            throw new IOException("unknown version " + version + " of " + NAME);
        }
        DataInputDeserializer in = new DataInputDeserializer(bytes);
        int n = in.readInt();
        List<PrefixDelta> deltas = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            deltas.add(new PrefixDelta(
                    in.readUTF(),
                    in.readInt(),
                    in.readLong(),
                    in.readDouble(),
                    in.readLong(),
                    RecordLayouts.readEvidence(in),
                    in.readDouble(),
                    in.readDouble(),
                    in.readDouble(),
                    RecordLayouts.readSourceChunks(in)));
        }
        return deltas;
    }
}
