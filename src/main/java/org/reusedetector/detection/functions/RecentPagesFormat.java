package org.reusedetector.detection.functions;

import java.io.IOException;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.reusedetector.model.RecentPages;
import org.reusedetector.state.StateFormat;
import org.reusedetector.state.StateLayout;

/**
 * The state format of {@link RecentPages} (map state {@code keyed-label-recent-pages} of {@link LabelPartition}: per
 * label key, the recent pages that held its hashes). Version 1: lows, indices, pages, fetch times.
 */
public final class RecentPagesFormat implements StateFormat<RecentPages> {

    private static final long serialVersionUID = 1L;

    /** In checkpoints: never change it. */
    public static final String NAME = "recent-pages";

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
    public Class<RecentPages> type() {
        return RecentPages.class;
    }

    @Override
    public byte[] serialize(RecentPages value) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(16 + 24 * value.size());
        StateLayout.writeInts(value.lows(), out);
        StateLayout.writeInts(value.indices(), out);
        StateLayout.writeLongs(value.pages(), out);
        StateLayout.writeLongs(value.eventTimes(), out);
        return out.getCopyOfBuffer();
    }

    @Override
    public RecentPages deserialize(int version, byte[] bytes) throws IOException {
        if (version != V1) {
            throw new IOException("unknown version " + version + " of " + NAME);
        }
        DataInputDeserializer in = new DataInputDeserializer(bytes);
        return new RecentPages(
                StateLayout.readInts(in),
                StateLayout.readInts(in),
                StateLayout.readLongs(in),
                StateLayout.readLongs(in));
    }
}
