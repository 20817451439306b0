package org.reusedetector.detection.functions;

import java.io.IOException;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.reusedetector.state.StateFormat;

/**
 * The state format of {@link NeighbourhoodState} (keyed state {@code neighbourhood} of {@link NeighbourhoodAggregate}).
 * Version 1: pages (long), chunks (long), matched (double), evidence (see {@link RecordLayouts}), chunks squared,
 * matched squared, products (doubles), copies.
 */
public final class NeighbourhoodStateFormat implements StateFormat<NeighbourhoodState> {

    private static final long serialVersionUID = 1L;

    /** In checkpoints: never change it. */
    public static final String NAME = "neighbourhood-state";

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
    public Class<NeighbourhoodState> type() {
        return NeighbourhoodState.class;
    }

    @Override
    public Class<?> pojoPredecessor() {
        return org.reusedetector.stream.functions.NeighbourhoodState.class;
    }

    @Override
    public NeighbourhoodState fromPredecessor(Object predecessor) {
        var old = (org.reusedetector.stream.functions.NeighbourhoodState) predecessor;
        return new NeighbourhoodState(
                old.pages(),
                old.chunks(),
                old.matched(),
                old.evidence(),
                old.chunksSquared(),
                old.matchedSquared(),
                old.products(),
                old.copies());
    }

    @Override
    public byte[] serialize(NeighbourhoodState state) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(128);
        out.writeLong(state.pages());
        out.writeLong(state.chunks());
        out.writeDouble(state.matched());
        RecordLayouts.writeEvidence(state.evidence(), out);
        out.writeDouble(state.chunksSquared());
        out.writeDouble(state.matchedSquared());
        out.writeDouble(state.products());
        RecordLayouts.writeCopies(state.copies(), out);
        return out.getCopyOfBuffer();
    }

    @Override
    public NeighbourhoodState deserialize(int version, byte[] bytes) throws IOException {
        if (version != V1) {
            throw new IOException("unknown version " + version + " of " + NAME);
        }
        DataInputDeserializer in = new DataInputDeserializer(bytes);
        return new NeighbourhoodState(
                in.readLong(),
                in.readLong(),
                in.readDouble(),
                RecordLayouts.readEvidence(in),
                in.readDouble(),
                in.readDouble(),
                in.readDouble(),
                RecordLayouts.readCopies(in));
    }
}
