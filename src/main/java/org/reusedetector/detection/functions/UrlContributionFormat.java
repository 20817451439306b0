package org.reusedetector.detection.functions;

import java.io.IOException;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.reusedetector.state.AbstractStateFormat;

/**
 * The state format of {@link UrlContribution} (keyed state {@code url-contribution} of {@link UrlContributions}).
 * Version 1: chunks (long), matched (double), event time (long), sources (see {@link RecordLayouts}).
 */
public final class UrlContributionFormat extends AbstractStateFormat<UrlContribution> {

    private static final long serialVersionUID = 1L;

    /** In checkpoints: never change it. */
    public static final String NAME = "url-contribution";

    static final int V1 = 1;

    public UrlContributionFormat() {
        super(NAME, V1, UrlContribution.class);
    }

    @Override
    protected void write(UrlContribution contribution, DataOutputView out) throws IOException {
        out.writeLong(contribution.chunks());
        out.writeDouble(contribution.matched());
        out.writeLong(contribution.eventTime());
        RecordLayouts.writeSourceChunks(contribution.sources(), out);
    }

    @Override
    protected UrlContribution read(int version, DataInputView in) throws IOException {
        return new UrlContribution(in.readLong(), in.readDouble(), in.readLong(), RecordLayouts.readSourceChunks(in));
    }
}
