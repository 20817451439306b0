package org.reusedetector.signal.imatch;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.util.OutputTag;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.DetectionSignal;
import org.reusedetector.detection.DetectionWorkflow;
import org.reusedetector.detection.OperatorIds;
import org.reusedetector.detection.PageSignal;
import org.reusedetector.detection.SharedParts;
import org.reusedetector.detection.functions.HoldUntilLabelsLoaded;
import org.reusedetector.imatch.LexiconTable;
import org.reusedetector.imatch.Signer;
import org.reusedetector.model.Alert;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.shingle.WordRuns;

/**
 * Near duplicates, on with a lexicon ({@code imatch.lexicon}): the parse step signs every page, and
 * {@code match-near-duplicates} raises a {@code near-duplicate} alert for a page whose signature equals an
 * {@code imatch} label's. The alerts stand beside the chunk scores: page and neighbourhood badness do not change.
 */
public final class ImatchSignal implements DetectionSignal {

    /** {@link #name()}. */
    public static final String NAME = "imatch";

    @Override
    public String name() {
        return NAME;
    }

    /**
     * The pages that have I-Match signatures, cut down to URL, time and signatures (no chunk hashes), for the matcher;
     * the pages that go on carry no signatures.
     */
    public static final OutputTag<HashedPage> SIGNED =
            new OutputTag<>("imatch-signed-pages", TypeInformation.of(HashedPage.class));

    @Override
    public boolean enabled(DetectionSettings settings) {
        return settings.lexicon() != null;
    }

    @Override
    public PageSignal pageSignal(DetectionSettings settings, SharedParts shared) {
        // the signer classifies every char as it folds it: its runs of word chars spare the shingle words that loop
        return new ImatchPageSignal(new Signer(
                new LexiconTable(settings.lexicon()), shared.get(WordRuns.class, WordRuns.class, WordRuns::new)));
    }

    @Override
    public OutputTag<HashedPage> ownPages() {
        return SIGNED;
    }

    @Override
    public Added addTo(
            DetectionWorkflow.Parsed parsed,
            DataStream<HashedPage> toScore,
            DataStream<SourceRecord> labels,
            DetectionSettings settings) {
        DataStream<Alert> alerts = parsed.ownPages(this)
                .keyBy(HoldUntilLabelsLoaded.PAGE_URL, Types.STRING)
                .connect(labels.broadcast(MatchNearDuplicates.SIGNATURES, MatchNearDuplicates.SNAPSHOT))
                .process(MatchNearDuplicates.heldUntilLabelsLoaded(settings), TypeInformation.of(Alert.class))
                .uid(OperatorIds.MATCH_NEAR_DUPLICATES)
                .name(OperatorIds.MATCH_NEAR_DUPLICATES)
                .keyBy(CorroborateNearDuplicates.HOST, Types.STRING)
                .process(new CorroborateNearDuplicates(settings), TypeInformation.of(Alert.class))
                .uid(OperatorIds.CORROBORATE_NEAR_DUPLICATES)
                .name(OperatorIds.CORROBORATE_NEAR_DUPLICATES);
        return new Added(toScore, alerts);
    }
}
