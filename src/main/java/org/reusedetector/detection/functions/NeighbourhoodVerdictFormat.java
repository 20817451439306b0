package org.reusedetector.detection.functions;

import java.io.IOException;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.reusedetector.state.StateFormat;

/**
 * The state format of {@link NeighbourhoodVerdict} (keyed state {@code neighbourhood-verdict} of
 * {@link NeighbourhoodAlerts}). Version 1: the latest score (see {@link RecordLayouts}), then whether it is above.
 */
public final class NeighbourhoodVerdictFormat implements StateFormat<NeighbourhoodVerdict> {

    private static final long serialVersionUID = 1L;

    /** In checkpoints: never change it. */
    public static final String NAME = "neighbourhood-verdict";

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
    public Class<NeighbourhoodVerdict> type() {
        return NeighbourhoodVerdict.class;
    }

    @Override
    public Class<?> pojoPredecessor() {
        return org.reusedetector.stream.functions.NeighbourhoodVerdict.class;
    }

    @Override
    public NeighbourhoodVerdict fromPredecessor(Object predecessor) {
        var old = (org.reusedetector.stream.functions.NeighbourhoodVerdict) predecessor;
        return new NeighbourhoodVerdict(old.latest(), old.above());
    }

    @Override
    public byte[] serialize(NeighbourhoodVerdict verdict) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(128);
        RecordLayouts.writeScore(verdict.latest(), out);
        out.writeBoolean(verdict.above());
        return out.getCopyOfBuffer();
    }

    @Override
    public NeighbourhoodVerdict deserialize(int version, byte[] bytes) throws IOException {
        if (version != V1) {
            throw new IOException("unknown version " + version + " of " + NAME);
        }
        DataInputDeserializer in = new DataInputDeserializer(bytes);
        return new NeighbourhoodVerdict(RecordLayouts.readScore(in), in.readBoolean());
    }
}
