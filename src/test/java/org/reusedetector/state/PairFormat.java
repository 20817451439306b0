package org.reusedetector.state;

import java.io.IOException;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * A test format in two versions, as a record's format grows: version 1 wrote the name only, version 2 writes the name
 * and a count (version 1's bytes read with count 0). {@link #writing} picks the version it writes, so that a test can
 * play the earlier release.
 */
public final class PairFormat extends AbstractStateFormat<PairFormat.Pair> {

    private static final long serialVersionUID = 1L;

    static final String NAME = "test-pair";

    /** The test record. */
    public record Pair(String name, int count) {}

    /** The current release: version 2 (ServiceLoader makes it so). */
    public PairFormat() {
        this(2);
    }

    private PairFormat(int writes) {
        super(NAME, writes, Pair.class);
    }

    static PairFormat writing(int version) {
        return new PairFormat(version);
    }

    @Override
    protected int sizeHint(Pair pair) {
        return 32;
    }

    @Override
    protected void write(Pair pair, DataOutputView out) throws IOException {
        StateLayout.writeString(pair.name(), out);
        if (getVersion() >= 2) {
            out.writeInt(pair.count());
        }
    }

    @Override
    protected Pair read(int version, DataInputView in) throws IOException {
        return new Pair(StateLayout.readString(in), version >= 2 ? in.readInt() : 0);
    }
}
