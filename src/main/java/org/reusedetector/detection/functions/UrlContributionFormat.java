package org.reusedetector.detection.functions;

import java.io.IOException;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.reusedetector.state.StateFormat;

/**
 * The state format of {@link UrlContribution} (keyed state {@code url-contribution} of {@link UrlContributions}).
 * Version 1: chunks (long), matched (double), event time (long), sources (see {@link RecordLayouts}).
 */
public final class UrlContributionFormat implements StateFormat<UrlContribution> {

    private static final long serialVersionUID = 1L;

    /** In checkpoints: never change it. */
    public static final String NAME = "url-contribution";

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
    public Class<UrlContribution> type() {
        return UrlContribution.class;
    }

    @Override
    public Class<?> pojoPredecessor() {
        return org.reusedetector.stream.functions.UrlContribution.class;
    }

    @Override
    public UrlContribution fromPredecessor(Object predecessor) {
        var old = (org.reusedetector.stream.functions.UrlContribution) predecessor;
        return new UrlContribution(old.chunks(), old.matched(), old.eventTime(), old.sources());
    }

    @Override
    public byte[] serialize(UrlContribution contribution) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64);
        out.writeLong(contribution.chunks());
        out.writeDouble(contribution.matched());
        out.writeLong(contribution.eventTime());
        RecordLayouts.writeSourceChunks(contribution.sources(), out);
        return out.getCopyOfBuffer();
    }

    @Override
    public UrlContribution deserialize(int version, byte[] bytes) throws IOException {
        if (version != V1) {
            throw new IOException("unknown version " + version + " of " + NAME);
        }
        DataInputDeserializer in = new DataInputDeserializer(bytes);
        return new UrlContribution(in.readLong(), in.readDouble(), in.readLong(), RecordLayouts.readSourceChunks(in));
    }
}
