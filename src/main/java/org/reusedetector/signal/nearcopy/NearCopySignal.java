package org.reusedetector.signal.nearcopy;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.DetectionSignal;
import org.reusedetector.detection.DetectionWorkflow;
import org.reusedetector.detection.OperatorIds;
import org.reusedetector.detection.PageSignal;
import org.reusedetector.detection.SharedParts;
import org.reusedetector.detection.functions.HoldUntilLabelsLoaded;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.shingle.PageSketcher;
import org.reusedetector.shingle.WordRuns;

/**
 * Near copies, on with {@code shingles.near-copy.enabled}: the parse step sketches every page, and
 * {@code match-near-copies}, before the label match, marks a page whose sketch resembles a {@code shingle} label's (the
 * label match then counts it as a target) and raises a {@code near-copy} alert.
 */
public final class NearCopySignal implements DetectionSignal {

    /** {@link #name()}. */
    public static final String NAME = "near-copy";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean enabled(DetectionSettings settings) {
        return settings.nearCopy() != null;
    }

    @Override
    public PageSignal pageSignal(DetectionSettings settings, SharedParts shared) {
        int k = settings.nearCopy().k();
        return new NearCopyPageSignal(
                PageSketcher.readingRuns(k, shared.get(WordRuns.class, WordRuns.class, WordRuns::new)));
    }

    @Override
    public Added addTo(
            DetectionWorkflow.Parsed parsed,
            DataStream<HashedPage> toScore,
            DataStream<SourceRecord> labels,
            DetectionSettings settings) {
        SingleOutputStreamOperator<HashedPage> marked = toScore.keyBy(HoldUntilLabelsLoaded.PAGE_URL, Types.STRING)
                .connect(labels.broadcast(MatchNearCopies.SKETCHES))
                .process(MatchNearCopies.heldUntilLabelsLoaded(settings), TypeInformation.of(HashedPage.class))
                .uid(OperatorIds.MATCH_NEAR_COPIES)
                .name(OperatorIds.MATCH_NEAR_COPIES);
        return new Added(marked, marked.getSideOutput(MatchNearCopies.ALERTS));
    }
}
