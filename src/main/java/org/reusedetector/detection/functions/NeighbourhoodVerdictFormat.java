package org.reusedetector.detection.functions;

import java.io.IOException;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.reusedetector.state.AbstractStateFormat;

/**
 * The state format of {@link NeighbourhoodVerdict} (the values of map state {@code neighbourhood-verdicts} of
 * {@link NeighbourhoodVerdicts}). Version 1: the latest score (see {@link RecordLayouts}), then whether it is above.
 */
public final class NeighbourhoodVerdictFormat extends AbstractStateFormat<NeighbourhoodVerdict> {

    private static final long serialVersionUID = 1L;

    /** In checkpoints: never change it. */
    public static final String NAME = "neighbourhood-verdict";

    static final int V1 = 1;

    public NeighbourhoodVerdictFormat() {
        super(NAME, V1, NeighbourhoodVerdict.class);
    }

    @Override
    protected void write(NeighbourhoodVerdict verdict, DataOutputView out) throws IOException {
        RecordLayouts.writeScore(verdict.latest(), out);
        out.writeBoolean(verdict.above());
    }

    @Override
    protected NeighbourhoodVerdict read(int version, DataInputView in) throws IOException {
        return new NeighbourhoodVerdict(RecordLayouts.readScore(in), in.readBoolean());
    }
}
