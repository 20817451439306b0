package org.reusedetector.signal.quilt;

import java.io.IOException;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.reusedetector.state.AbstractStateFormat;
import org.reusedetector.state.StateLayout;

/**
 * The state format of {@link QuiltName} (list states {@code waiting-requests} of {@link NameQuiltSources} and
 * {@code quilt-sources} of {@link QuiltAlerts}). Version 1: its fields in record order.
 */
public final class QuiltNameFormat extends AbstractStateFormat<QuiltName> {

    private static final long serialVersionUID = 1L;

    /** In checkpoints: never change it. */
    public static final String NAME = "quilt-name";

    static final int V1 = 1;

    public QuiltNameFormat() {
        super(NAME, V1, QuiltName.class);
    }

    @Override
    protected void write(QuiltName v, DataOutputView out) throws IOException {
        out.writeLong(v.holder());
        StateLayout.writeString(v.holderUrl(), out);
        StateLayout.writeString(v.page(), out);
        out.writeLong(v.eventTime());
        out.writeInt(v.position());
        out.writeInt(v.sources());
        out.writeDouble(v.coveredFraction());
    }

    @Override
    protected QuiltName read(int version, DataInputView in) throws IOException {
        return new QuiltName(
                in.readLong(),
                StateLayout.readString(in),
                StateLayout.readString(in),
                in.readLong(),
                in.readInt(),
                in.readInt(),
                in.readDouble());
    }
}
