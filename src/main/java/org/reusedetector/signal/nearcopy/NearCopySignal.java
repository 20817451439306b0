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
 * {@code match-near-copies}, before the label match, marks a page that holds enough of a {@code shingle} label's
 * distinctive phrases, and {@code corroborate-near-copies}, keyed by host, reports it once its host has copied enough
 * labelled pages: it goes on marked (the label match then counts it as a target) and raises a {@code near-copy} alert.
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
        return new NearCopyPageSignal(
                PageSketcher.readingRuns(
                        settings.nearCopy().k(), shared.get(WordRuns.class, WordRuns.class, WordRuns::new)),
                settings.nearCopy());
    }

    @Override
    public Added addTo(
            DetectionWorkflow.Parsed parsed,
            DataStream<HashedPage> toScore,
            DataStream<SourceRecord> labels,
            DetectionSettings settings) {
        SingleOutputStreamOperator<HashedPage> matched = toScore.keyBy(HoldUntilLabelsLoaded.PAGE_URL, Types.STRING)
                .connect(labels.broadcast(MatchNearCopies.SKETCHES))
                .process(MatchNearCopies.heldUntilLabelsLoaded(settings), TypeInformation.of(HashedPage.class))
                .uid(OperatorIds.MATCH_NEAR_COPIES)
                .name(OperatorIds.MATCH_NEAR_COPIES);
        // only the near copies found travel to their host's task: the other pages go on from the matcher
        SingleOutputStreamOperator<HashedPage> corroborated = matched.getSideOutput(MatchNearCopies.CANDIDATES)
                .keyBy(CorroborateNearCopies.HOST, Types.STRING)
                .process(new CorroborateNearCopies(settings), TypeInformation.of(HashedPage.class))
                .uid(OperatorIds.CORROBORATE_NEAR_COPIES)
                .name(OperatorIds.CORROBORATE_NEAR_COPIES);
        return new Added(matched.union(corroborated), corroborated.getSideOutput(CorroborateNearCopies.ALERTS));
    }
}
