package org.reusedetector.detection.functions;

import java.io.IOException;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.reusedetector.model.RecentPages;
import org.reusedetector.state.AbstractStateFormat;
import org.reusedetector.state.StateLayout;

/**
 * The state format of {@link RecentPages} (map state {@code keyed-label-recent-pages} of {@link LabelPartition}: per
 * label key, the recent pages that held its hashes). Version 1: lows, indices, pages, fetch times.
 */
public final class RecentPagesFormat extends AbstractStateFormat<RecentPages> {

    private static final long serialVersionUID = 1L;

    /** In checkpoints: never change it. */
    public static final String NAME = "recent-pages";

    static final int V1 = 1;

    public RecentPagesFormat() {
        super(NAME, V1, RecentPages.class);
    }

    @Override
    protected int sizeHint(RecentPages value) {
        return 16 + 24 * value.size();
    }

    @Override
    protected void write(RecentPages value, DataOutputView out) throws IOException {
        StateLayout.writeInts(value.lows(), out);
        StateLayout.writeInts(value.indices(), out);
        StateLayout.writeLongs(value.pages(), out);
        StateLayout.writeLongs(value.eventTimes(), out);
    }

    @Override
    protected RecentPages read(int version, DataInputView in) throws IOException {
        return new RecentPages(
                StateLayout.readInts(in),
                StateLayout.readInts(in),
                StateLayout.readLongs(in),
                StateLayout.readLongs(in));
    }
}
