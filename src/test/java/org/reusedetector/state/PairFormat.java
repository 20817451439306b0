package org.reusedetector.state;

import java.io.IOException;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

/**
 * A test format in two versions, as a record's format grows: version 1 wrote the name only, version 2 writes the name
 * and a count (version 1's bytes read with count 0). {@link #writing} picks the version it writes, so that a test can
 * play the earlier release.
 */
public final class PairFormat implements StateFormat<PairFormat.Pair> {

    private static final long serialVersionUID = 1L;

    static final String NAME = "test-pair";

    /** The test record; {@link #pojoPredecessor} is {@link OldPair}. */
    public record Pair(String name, int count) {}

    /** What a job before the format kept as a POJO. */
    public record OldPair(String name, int count) {}

    private final int writes;

    /** The current release: version 2 (ServiceLoader makes it so). */
    public PairFormat() {
        this(2);
    }

    private PairFormat(int writes) {
        this.writes = writes;
    }

    static PairFormat writing(int version) {
        return new PairFormat(version);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int getVersion() {
        return writes;
    }

    @Override
    public Class<Pair> type() {
        return Pair.class;
    }

    @Override
    public Class<?> pojoPredecessor() {
        return OldPair.class;
    }

    @Override
    public Pair fromPredecessor(Object predecessor) {
        OldPair old = (OldPair) predecessor;
        return new Pair(old.name(), old.count());
    }

    @Override
    public byte[] serialize(Pair pair) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(32);
        StateLayout.writeString(pair.name(), out);
        if (writes >= 2) {
            out.writeInt(pair.count());
        }
        return out.getCopyOfBuffer();
    }

    @Override
    public Pair deserialize(int version, byte[] bytes) throws IOException {
        DataInputDeserializer in = new DataInputDeserializer(bytes);
        return switch (version) {
            case 1 -> new Pair(StateLayout.readString(in), 0);
            case 2 -> new Pair(StateLayout.readString(in), in.readInt());
            default -> throw new IOException("unknown version " + version + " of " + NAME);
        };
    }
}
