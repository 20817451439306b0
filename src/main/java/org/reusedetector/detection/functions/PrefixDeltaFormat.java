package org.reusedetector.detection.functions;

import java.io.IOException;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.reusedetector.model.PrefixDelta;
import org.reusedetector.state.StateFormat;

/**
 * The state format of a {@link PrefixDelta} waiting for the watermark ({@code neighbourhood-pending} of
 * {@link NeighbourhoodAggregate}). Version 1: its fields in record order (evidence and sources as {@link RecordLayouts}
 * writes them).
 */
public final class PrefixDeltaFormat implements StateFormat<PrefixDelta> {

    private static final long serialVersionUID = 1L;

    /** In checkpoints: never change it. */
    public static final String NAME = "prefix-delta";

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
    public Class<PrefixDelta> type() {
        return PrefixDelta.class;
    }

    @Override
    public byte[] serialize(PrefixDelta d) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(256);
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
        return out.getCopyOfBuffer();
    }

    @Override
    public PrefixDelta deserialize(int version, byte[] bytes) throws IOException {
        if (version != V1) {
            throw new IOException("unknown version " + version + " of " + NAME);
        }
        DataInputDeserializer in = new DataInputDeserializer(bytes);
        return new PrefixDelta(
                in.readUTF(),
                in.readInt(),
                in.readLong(),
                in.readDouble(),
                in.readLong(),
                RecordLayouts.readEvidence(in),
                in.readDouble(),
                in.readDouble(),
                in.readDouble(),
                RecordLayouts.readSourceChunks(in));
    }
}
