package org.reusedetector.detection.functions;

import java.io.IOException;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.reusedetector.model.LabelQuery;
import org.reusedetector.state.AbstractStateFormat;
import org.reusedetector.state.StateLayout;

/**
 * The state format of {@link LabelQuery} (list state {@code keyed-label-held-queries} of {@link LabelPartition}).
 * Version 1: page, partition key, indices, hashes. Version 2 adds the page's fetch time after them (version 1's
 * queries read with {@link LabelQuery#UNKNOWN_TIME}).
 */
public final class LabelQueryFormat extends AbstractStateFormat<LabelQuery> {

    private static final long serialVersionUID = 1L;

    /** In checkpoints: never change it. */
    public static final String NAME = "label-query";

    static final int V1 = 1;
    static final int V2 = 2;

    public LabelQueryFormat() {
        super(NAME, V2, LabelQuery.class);
    }

    @Override
    protected void write(LabelQuery v, DataOutputView out) throws IOException {
        out.writeLong(v.page());
        out.writeInt(v.partitionKey());
        StateLayout.writeInts(v.indices(), out);
        StateLayout.writeBytes(v.hashes(), out);
        out.writeLong(v.eventTime());
    }

    @Override
    protected LabelQuery read(int version, DataInputView in) throws IOException {
        long page = in.readLong();
        int partitionKey = in.readInt();
        int[] indices = StateLayout.readInts(in);
        byte[] hashes = StateLayout.readBytes(in);
        long eventTime = version >= V2 ? in.readLong() : LabelQuery.UNKNOWN_TIME;
        return new LabelQuery(page, partitionKey, indices, hashes, eventTime);
    }
}
