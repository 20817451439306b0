package org.reusedetector.detection.functions;

import java.io.IOException;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputView;
import org.reusedetector.model.LabelQuery;
import org.reusedetector.state.StateFormat;
import org.reusedetector.state.StateLayout;

/**
 * The state format of {@link LabelQuery} (list state {@code keyed-label-held-queries} of {@link LabelPartition}).
 * Version 1: page, partition key, indices, hashes.
 */
public final class LabelQueryFormat implements StateFormat<LabelQuery> {

    private static final long serialVersionUID = 1L;

    /** In checkpoints: never change it. */
    public static final String NAME = "label-query";

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
    public Class<LabelQuery> type() {
        return LabelQuery.class;
    }

    @Override
    public Class<?> pojoPredecessor() {
        return LabelQuery.class; // its POJO state of an earlier version of the job is taken over on restore
    }

    @Override
    public LabelQuery fromPredecessor(Object predecessor) {
        return (LabelQuery) predecessor;
    }

    @Override
    public byte[] serialize(LabelQuery value) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(256);
        write(value, out);
        return out.getCopyOfBuffer();
    }

    @Override
    public LabelQuery deserialize(int version, byte[] bytes) throws IOException {
        if (version != V1) {
            throw new IOException("unknown version " + version + " of " + NAME);
        }
        return read(new DataInputDeserializer(bytes));
    }

    static void write(LabelQuery v, DataOutputView out) throws IOException {
        out.writeLong(v.page());
        out.writeInt(v.partitionKey());
        StateLayout.writeInts(v.indices(), out);
        StateLayout.writeBytes(v.hashes(), out);
    }

    static LabelQuery read(DataInputView in) throws IOException {
        return new LabelQuery(in.readLong(), in.readInt(), StateLayout.readInts(in), StateLayout.readBytes(in));
    }
}
