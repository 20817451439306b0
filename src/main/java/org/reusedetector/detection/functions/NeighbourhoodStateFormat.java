package org.reusedetector.detection.functions;

import java.io.IOException;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.reusedetector.state.AbstractStateFormat;

/**
 * The state format of {@link NeighbourhoodState} (keyed state {@code neighbourhood} of {@link NeighbourhoodAggregate}).
 * Version 1: pages (long), chunks (long), matched (double), evidence (see {@link RecordLayouts}), chunks squared,
 * matched squared, products (doubles), copies.
 */
public final class NeighbourhoodStateFormat extends AbstractStateFormat<NeighbourhoodState> {

    private static final long serialVersionUID = 1L;

    /** In checkpoints: never change it. */
    public static final String NAME = "neighbourhood-state";

    static final int V1 = 1;

    public NeighbourhoodStateFormat() {
        super(NAME, V1, NeighbourhoodState.class);
    }

    @Override
    protected void write(NeighbourhoodState state, DataOutputView out) throws IOException {
        out.writeLong(state.pages());
        out.writeLong(state.chunks());
        out.writeDouble(state.matched());
        RecordLayouts.writeEvidence(state.evidence(), out);
        out.writeDouble(state.chunksSquared());
        out.writeDouble(state.matchedSquared());
        out.writeDouble(state.products());
        RecordLayouts.writeCopies(state.copies(), out);
    }

    @Override
    protected NeighbourhoodState read(int version, DataInputView in) throws IOException {
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
