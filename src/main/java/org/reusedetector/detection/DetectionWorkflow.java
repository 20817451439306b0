package org.reusedetector.detection;

import java.time.Duration;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.datastream.BroadcastStream;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.reusedetector.detection.functions.HoldUntilLabelsLoaded;
import org.reusedetector.detection.functions.LabelState;
import org.reusedetector.detection.functions.JudgeQuilts;
import org.reusedetector.detection.functions.NameQuiltSources;
import org.reusedetector.detection.functions.QuiltAlerts;
import org.reusedetector.detection.functions.MatchNearCopies;
import org.reusedetector.detection.functions.PatchGrams;
import org.reusedetector.detection.functions.QuiltGrams;
import org.reusedetector.detection.functions.MatchNearDuplicates;
import org.reusedetector.detection.functions.NeighbourhoodAggregate;
import org.reusedetector.detection.functions.NeighbourhoodAlerts;
import org.reusedetector.detection.functions.PageAlerts;
import org.reusedetector.detection.functions.ParseAndHash;
import org.reusedetector.detection.functions.ThresholdStatistic;
import org.reusedetector.detection.functions.UrlContributions;
import org.reusedetector.model.Alert;
import org.reusedetector.model.DeadLetter;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.PageScore;
import org.reusedetector.model.PrefixDelta;
import org.reusedetector.model.PrefixScore;
import org.reusedetector.model.QuiltBatch;
import org.reusedetector.model.QuiltName;
import org.reusedetector.model.SourceRecord;

/**
 * The detector's topology in one method, with sources and sinks left to the caller, so that the streaming
 * job (Kafka) and the batch jobs (files, {@code RuntimeExecutionMode.BATCH}) run the same operators:
 *
 * <pre>
 * pages ─ parse+hash ─┬─ [near copies] ─ match labels (broadcast) ─ page scores ─┬─ page/file alerts ───────────────┐
 *                     │        ▲                                 └─ per URL ─ per prefix ─ threshold ─ neighbourhood alerts ─ alerts
 *                     │     labels                                  (revisits)  (badness)   (mean+kσ)
 *                     └─ dead letters (invalid records, invalid labels, crawler loops)
 * </pre>
 */
public final class DetectionWorkflow {

    private DetectionWorkflow() {}

    /** What the topology produces; the caller attaches sinks. */
    public record Outputs(
            DataStream<HashedPage> hashedPages,
            DataStream<PageScore> pageScores,
            DataStream<PrefixScore> neighbourhoods,
            DataStream<Alert> alerts,
            DataStream<DeadLetter> deadLetters) {}

    /** Raw page records → hashed pages, and the dead letters of records that are not usable pages. */
    public record Parsed(SingleOutputStreamOperator<HashedPage> hashedPages, DataStream<DeadLetter> deadLetters) {

        /** With a lexicon: the pages that have I-Match signatures, cut down to URL, time and signatures ({@link ParseAndHash#SIGNED}). */
        public DataStream<HashedPage> signedPages() {
            return hashedPages.getSideOutput(ParseAndHash.SIGNED);
        }
    }

    /** Hashed pages matched against the labels: scores (with event time), page/file alerts, invalid labels. */
    public record Scored(DataStream<PageScore> scores, DataStream<Alert> pageAlerts, DataStream<DeadLetter> invalidLabels) {}

    /** The streaming job's whole topology. */
    public static Outputs define(DataStream<SourceRecord> pages, DataStream<SourceRecord> labels, DetectionSettings settings, Duration outOfOrderness) {
        Parsed parsed = parse(pages, settings);
        DataStream<HashedPage> toScore = parsed.hashedPages();
        DataStream<Alert> nearCopyAlerts = null;
        if (settings.nearCopy() != null) {
            SingleOutputStreamOperator<HashedPage> marked = matchNearCopies(parsed.hashedPages(), labels, settings);
            toScore = marked;
            nearCopyAlerts = marked.getSideOutput(MatchNearCopies.ALERTS);
        }
        Scored scored = score(toScore, labels, settings, outOfOrderness);
        SingleOutputStreamOperator<PrefixScore> neighbourhoods = neighbourhoods(prefixDeltas(scored.scores(), settings), settings);
        DataStream<Alert> neighbourhoodAlerts = neighbourhoodAlerts(neighbourhoods, settings);
        DataStream<Alert> alerts = scored.pageAlerts().union(neighbourhoodAlerts);
        if (settings.lexicon() != null) {
            alerts = alerts.union(nearDuplicateAlerts(parsed.signedPages(), labels, settings));
        }
        if (nearCopyAlerts != null) {
            alerts = alerts.union(nearCopyAlerts);
        }
        if (settings.quilt() != null) {
            alerts = alerts.union(quiltAlerts(parsed.hashedPages(), settings));
        }
        return new Outputs(parsed.hashedPages(), scored.scores(), neighbourhoods, alerts,
                parsed.deadLetters().union(scored.invalidLabels()));
    }

    public static Parsed parse(DataStream<SourceRecord> pages, DetectionSettings settings) {
        SingleOutputStreamOperator<HashedPage> hashed = pages
                .process(new ParseAndHash(settings), TypeInformation.of(HashedPage.class))
                .uid(OperatorIds.PARSE_AND_HASH).name(OperatorIds.PARSE_AND_HASH);
        return new Parsed(hashed, hashed.getSideOutput(DeadLetters.TAG));
    }

    public static Scored score(DataStream<HashedPage> hashed, DataStream<SourceRecord> labels, DetectionSettings settings, Duration outOfOrderness) {
        BroadcastStream<SourceRecord> labelBroadcast =
                labels.broadcast(LabelState.BUCKETS, LabelState.ORIGINS, LabelState.ORIGIN_IDS, LabelState.SNAPSHOT);
        // keyed by URL: pages held past job.held-pages.max wait in keyed (RocksDB) state (see HoldUntilLabelsLoaded)
        SingleOutputStreamOperator<PageScore> matched = hashed
                .keyBy(HoldUntilLabelsLoaded.PAGE_URL, Types.STRING)
                .connect(labelBroadcast)
                .process(HoldUntilLabelsLoaded.matchLabels(settings), TypeInformation.of(PageScore.class))
                .uid(OperatorIds.MATCH_LABELS).name(OperatorIds.MATCH_LABELS);

        // event time after the match: the labels input carries no page time and must not hold the watermark back
        DataStream<PageScore> scores = matched
                .assignTimestampsAndWatermarks(WatermarkStrategy.<PageScore>forBoundedOutOfOrderness(outOfOrderness)
                        .withTimestampAssigner((score, previous) -> score.eventTime())
                        .withIdleness(Duration.ofMinutes(1)))
                .uid(OperatorIds.EVENT_TIME).name(OperatorIds.EVENT_TIME);

        DataStream<Alert> pageAlerts = scores
                .flatMap(new PageAlerts(settings.pageRule()), TypeInformation.of(Alert.class))
                .uid(OperatorIds.PAGE_ALERTS).name(OperatorIds.PAGE_ALERTS);
        return new Scored(scores, pageAlerts, matched.getSideOutput(DeadLetters.TAG));
    }

    /**
     * Near-duplicate alerts: pages whose I-Match signature (computed when parsing, with a lexicon: {@link Parsed#signedPages()})
     * equals an {@code imatch} label. They stand beside the chunk scores: page and neighbourhood badness do not change.
     */
    public static DataStream<Alert> nearDuplicateAlerts(DataStream<HashedPage> hashed, DataStream<SourceRecord> labels, DetectionSettings settings) {
        return hashed
                .keyBy(HoldUntilLabelsLoaded.PAGE_URL, Types.STRING)
                .connect(labels.broadcast(MatchNearDuplicates.SIGNATURES, MatchNearDuplicates.SNAPSHOT))
                .process(HoldUntilLabelsLoaded.matchNearDuplicates(settings), TypeInformation.of(Alert.class))
                .uid(OperatorIds.MATCH_NEAR_DUPLICATES).name(OperatorIds.MATCH_NEAR_DUPLICATES);
    }

    /**
     * The near-copy signal: pages whose min-hash sketch resembles a {@code shingle} label's are marked (and counted as
     * targets by the label match that follows) and raise {@code near-copy} alerts, in {@link MatchNearCopies#ALERTS}.
     */
    public static SingleOutputStreamOperator<HashedPage> matchNearCopies(DataStream<HashedPage> hashed, DataStream<SourceRecord> labels, DetectionSettings settings) {
        return hashed
                .keyBy(HoldUntilLabelsLoaded.PAGE_URL, Types.STRING)
                .connect(labels.broadcast(MatchNearCopies.SKETCHES))
                .process(HoldUntilLabelsLoaded.matchNearCopies(settings), TypeInformation.of(HashedPage.class))
                .uid(OperatorIds.MATCH_NEAR_COPIES).name(OperatorIds.MATCH_NEAR_COPIES);
    }

    /**
     * The quilt signal: each page's sampled grams are answered by the recent-gram index (keyed by shard, one record a
     * page and shard) with their earlier holders' ids, gathered again per page and judged by Najork's rule; a quilt's
     * sources are then named (keyed by holder, where every judged page registered its URL) and gathered into the
     * alert. Stream only.
     */
    public static DataStream<Alert> quiltAlerts(DataStream<HashedPage> hashed, DetectionSettings settings) {
        SingleOutputStreamOperator<QuiltBatch> grams = hashed
                .process(new QuiltGrams(settings.quilt()), TypeInformation.of(QuiltBatch.class))
                .uid(OperatorIds.QUILT_GRAMS).name(OperatorIds.QUILT_GRAMS);
        DataStream<QuiltName> requests = grams
                .keyBy(QuiltBatch::shard, Types.INT)
                .transform(OperatorIds.PATCH_GRAMS, TypeInformation.of(QuiltBatch.class), new PatchGrams(settings.quilt()))
                .uid(OperatorIds.PATCH_GRAMS)
                .keyBy(QuiltBatch::page, Types.LONG)
                .process(new JudgeQuilts(settings.quilt()), TypeInformation.of(QuiltName.class))
                .uid(OperatorIds.JUDGE_QUILTS).name(OperatorIds.JUDGE_QUILTS);
        DataStream<QuiltName> registrations = grams.getSideOutput(QuiltGrams.REGISTRATIONS);
        return registrations.union(requests)
                .keyBy(QuiltName::holder, Types.LONG)
                .process(new NameQuiltSources(settings.quilt()), TypeInformation.of(QuiltName.class))
                .uid(OperatorIds.NAME_QUILT_SOURCES).name(OperatorIds.NAME_QUILT_SOURCES)
                .keyBy(QuiltName::page, Types.STRING)
                .process(new QuiltAlerts(settings.quilt()), TypeInformation.of(Alert.class))
                .uid(OperatorIds.QUILT_ALERTS).name(OperatorIds.QUILT_ALERTS);
    }

    /** Per URL: what each page adds to, replaces in, or withdraws from its neighbourhoods. */
    public static DataStream<PrefixDelta> prefixDeltas(DataStream<PageScore> scores, DetectionSettings settings) {
        return scores
                .keyBy(UrlContributions.urlKey(settings.ignoredParameters()), Types.STRING)
                .process(new UrlContributions(settings.urlRetentionMillis(), settings.neighbourhoodMaxDepth()), TypeInformation.of(PrefixDelta.class))
                .uid(OperatorIds.URL_CONTRIBUTIONS).name(OperatorIds.URL_CONTRIBUTIONS);
    }

    /** Per prefix, continuously: badness after every change, stamped with the running threshold. */
    public static SingleOutputStreamOperator<PrefixScore> neighbourhoods(DataStream<PrefixDelta> deltas, DetectionSettings settings) {
        return deltas
                .keyBy(PrefixDelta::prefix)
                .process(new NeighbourhoodAggregate(settings.neighbourhoodMaxEvidence(), settings.neighbourhoodThreshold().confidence()), TypeInformation.of(PrefixScore.class))
                .uid(OperatorIds.NEIGHBOURHOOD_AGGREGATE).name(OperatorIds.NEIGHBOURHOOD_AGGREGATE)
                .process(new ThresholdStatistic(settings.neighbourhoodThreshold(), settings.neighbourhoodReevaluateStep()), TypeInformation.of(PrefixScore.class))
                .uid(OperatorIds.NEIGHBOURHOOD_THRESHOLD).name(OperatorIds.NEIGHBOURHOOD_THRESHOLD)
                .setParallelism(1).setMaxParallelism(1);
    }

    static DataStream<Alert> neighbourhoodAlerts(SingleOutputStreamOperator<PrefixScore> withThreshold, DetectionSettings settings) {
        BroadcastStream<Double> thresholdChanges = withThreshold.getSideOutput(ThresholdStatistic.THRESHOLD_CHANGES).broadcast(NeighbourhoodAlerts.THRESHOLD);
        return withThreshold
                .keyBy(PrefixScore::prefix)
                .connect(thresholdChanges)
                .process(new NeighbourhoodAlerts(settings.neighbourhoodThreshold()), TypeInformation.of(Alert.class))
                .uid(OperatorIds.NEIGHBOURHOOD_ALERTS).name(OperatorIds.NEIGHBOURHOOD_ALERTS);
    }
}
