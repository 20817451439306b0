package org.reusedetector.detection.functions;

import java.io.IOException;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.reusedetector.model.PrefixDelta;
import org.reusedetector.state.AbstractStateFormat;

/**
 * The state format of a {@link PrefixDelta} waiting for the watermark ({@code neighbourhood-pending} of
 * {@link NeighbourhoodAggregate}). Version 1: its fields in record order (evidence and sources as {@link RecordLayouts}
 * writes them).
 */
public final class PrefixDeltaFormat extends AbstractStateFormat<PrefixDelta> {

    private static final long serialVersionUID = 1L;

    /** In checkpoints: never change it. */
    public static final String NAME = "prefix-delta";

    static final int V1 = 1;

    public PrefixDeltaFormat() {
        super(NAME, V1, PrefixDelta.class);
    }

    @Override
    protected void write(PrefixDelta d, DataOutputView out) throws IOException {
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

    @Override
    protected PrefixDelta read(int version, DataInputView in) throws IOException {
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
