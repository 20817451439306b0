package org.reusedetector.signal.quilt;

import java.io.IOException;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.reusedetector.state.AbstractStateFormat;
import org.reusedetector.state.StateLayout;

/**
 * The state format of {@link QuiltBatch} (value state of {@link JudgeQuilts}). Version 1: its fields in record order.
 */
public final class QuiltBatchFormat extends AbstractStateFormat<QuiltBatch> {

    private static final long serialVersionUID = 1L;

    /** In checkpoints: never change it. */
    public static final String NAME = "quilt-batch";

    static final int V1 = 1;

    public QuiltBatchFormat() {
        super(NAME, V1, QuiltBatch.class);
    }

    @Override
    protected void write(QuiltBatch v, DataOutputView out) throws IOException {
        out.writeLong(v.page());
        StateLayout.writeString(v.url(), out);
        out.writeLong(v.eventTime());
        out.writeInt(v.shard());
        out.writeInt(v.batches());
        StateLayout.writeLongs(v.grams(), out);
        StateLayout.writeInts(v.holderCounts(), out);
        StateLayout.writeLongs(v.holders(), out);
    }

    @Override
    protected QuiltBatch read(int version, DataInputView in) throws IOException {
        return new QuiltBatch(
                in.readLong(),
                StateLayout.readString(in),
                in.readLong(),
                in.readInt(),
                in.readInt(),
                StateLayout.readLongs(in),
                StateLayout.readInts(in),
                StateLayout.readLongs(in));
    }
}
