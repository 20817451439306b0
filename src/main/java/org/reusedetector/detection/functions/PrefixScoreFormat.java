package org.reusedetector.detection.functions;

import java.io.IOException;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.reusedetector.model.PrefixScore;
import org.reusedetector.state.AbstractStateFormat;

/**
 * The state format of a neighbourhood update waiting for the watermark ({@code threshold-pending-records} of
 * {@link NeighbourhoodVerdicts}). Version 1: the score as {@link RecordLayouts} writes it.
 */
public final class PrefixScoreFormat extends AbstractStateFormat<PrefixScore> {

    private static final long serialVersionUID = 1L;

    /** In checkpoints: never change it. */
    public static final String NAME = "prefix-score";

    static final int V1 = 1;

    public PrefixScoreFormat() {
        super(NAME, V1, PrefixScore.class);
    }

    @Override
    protected void write(PrefixScore value, DataOutputView out) throws IOException {
        RecordLayouts.writeScore(value, out);
    }

    @Override
    protected PrefixScore read(int version, DataInputView in) throws IOException {
        return RecordLayouts.readScore(in);
    }
}
