package org.reusedetector.detection;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.datastream.BroadcastStream;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.reusedetector.detection.functions.HoldUntilLabelsLoaded;
import org.reusedetector.detection.functions.JoinLabelAnswers;
import org.reusedetector.detection.functions.LabelPartition;
import org.reusedetector.detection.functions.LabelPartitionKeys;
import org.reusedetector.detection.functions.LabelState;
import org.reusedetector.detection.functions.NeighbourhoodAggregate;
import org.reusedetector.detection.functions.NeighbourhoodVerdicts;
import org.reusedetector.detection.functions.PageAlerts;
import org.reusedetector.detection.functions.ParseAndHash;
import org.reusedetector.detection.functions.RouteLabels;
import org.reusedetector.detection.functions.SplitPages;
import org.reusedetector.detection.functions.SumSourceCounts;
import org.reusedetector.detection.functions.UrlContributions;
import org.reusedetector.model.Alert;
import org.reusedetector.model.DeadLetter;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.KeyedMatch;
import org.reusedetector.model.LabelQuery;
import org.reusedetector.model.PageScore;
import org.reusedetector.model.PartitionLabel;
import org.reusedetector.model.PrefixDelta;
import org.reusedetector.model.PrefixScore;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.model.SourceTotals;

/**
 * The detector's topology in one method, with sources and sinks left to the caller, so that the streaming
 * job (Kafka) and the batch jobs (files, {@code RuntimeExecutionMode.BATCH}) run the same operators:
 *
 * <pre>
 * pages ─ parse+hash ─┬─ [near copies] ─ match labels (broadcast) ─ page scores ─┬─ page/file alerts ───────────────┐
 *                     │        ▲                                 └─ per URL ─ per prefix ─ threshold and verdicts ─ alerts
 *                     │     labels                                  (revisits)  (badness)   (mean+kσ; neighborhood, cleared)
 *                     └─ dead letters (invalid records, invalid labels, crawler loops)
 * </pre>
 *
 * <p>The signals beside the chunk hashes are not wired here one by one: the job hands over the enabled ones (package
 * {@code signal} lists them); each reads the parse step's pass and adds its operators after it ({@link DetectionSignal}). Near copies, the one in brackets, sit
 * before the label match because they mark the pages it scores; the others only add alerts.
 */
public final class DetectionWorkflow {

    private DetectionWorkflow() {}

    /**
     * What the topology produces; the caller attaches sinks.
     *
     * @param neighbourhoodAlerts the {@code neighborhood} and {@code cleared} alerts alone (also in {@code alerts}),
     *     partitioned by prefix: the changes of the verdicts table
     */
    public record Outputs(
            DataStream<HashedPage> hashedPages,
            DataStream<PageScore> pageScores,
            DataStream<Alert> alerts,
            DataStream<Alert> neighbourhoodAlerts,
            DataStream<DeadLetter> deadLetters) {}

    /** Raw page records → hashed pages, and the dead letters of records that are not usable pages. */
    public record Parsed(SingleOutputStreamOperator<HashedPage> hashedPages, DataStream<DeadLetter> deadLetters) {

        /** The pages that carry the signal's results on pages of their own ({@link DetectionSignal#ownPages}). */
        public DataStream<HashedPage> ownPages(DetectionSignal signal) {
            return hashedPages.getSideOutput(signal.ownPages());
        }
    }

    /** Hashed pages matched against the labels: scores (with event time), page/file alerts, invalid labels. */
    public record Scored(
            DataStream<PageScore> scores, DataStream<Alert> pageAlerts, DataStream<DeadLetter> invalidLabels) {}

    /**
     * The streaming job's whole topology.
     *
     * @param outOfOrderness {@code null} when the page source stamps records with their fetch time and emits watermarks
     *     per partition (the streaming job: neighbourhood verdicts follow fetch-time order however partitions and tasks
     *     interleave); else the bound of watermarks made after the label match, for sources without them
     * @param signals the enabled signals, in their order
     */
    public static Outputs define(
            DataStream<SourceRecord> pages,
            DataStream<SourceRecord> labels,
            DetectionSettings settings,
            List<DetectionSignal> signals,
            Duration outOfOrderness) {
        Parsed parsed = parse(pages, settings, signals);
        Signalled signalled = addSignals(signals, parsed, labels, settings);
        Scored scored = score(signalled.toScore(), labels, settings, outOfOrderness);
        DataStream<Alert> neighbourhoodAlerts =
                neighbourhoodAlerts(neighbourhoods(prefixDeltas(scored.scores(), settings), settings), settings);
        DataStream<Alert> alerts = signalled.joinAlerts(scored.pageAlerts().union(neighbourhoodAlerts));
        return new Outputs(
                parsed.hashedPages(),
                scored.scores(),
                alerts,
                neighbourhoodAlerts,
                parsed.deadLetters().union(scored.invalidLabels()));
    }

    /** What the signals added after the parse step: the pages that go on to be scored, and each signal's alerts. */
    public record Signalled(DataStream<HashedPage> toScore, List<DataStream<Alert>> alerts) {

        /** {@code others} with every signal's alerts, in the signals' order. */
        public DataStream<Alert> joinAlerts(DataStream<Alert> others) {
            DataStream<Alert> all = others;
            for (DataStream<Alert> signalAlerts : alerts) {
                all = all.union(signalAlerts);
            }
            return all;
        }
    }

    /**
     * Each signal's operators after the parse step, in turn: a signal that changes the pages to be scored (near copies)
     * hands them to the next, and to the label match after the last.
     */
    public static Signalled addSignals(
            List<DetectionSignal> signals, Parsed parsed, DataStream<SourceRecord> labels, DetectionSettings settings) {
        DataStream<HashedPage> toScore = parsed.hashedPages();
        List<DataStream<Alert>> alerts = new ArrayList<>();
        for (DetectionSignal signal : signals) {
            DetectionSignal.Added added = signal.addTo(parsed, toScore, labels, settings);
            toScore = added.toScore();
            alerts.add(added.alerts());
        }
        return new Signalled(toScore, alerts);
    }

    /** The parse step with chunk hashes only, no signal (the index and discovery read nothing else). */
    public static Parsed parse(DataStream<SourceRecord> pages, DetectionSettings settings) {
        return parse(pages, settings, List.of(), true);
    }

    /**
     * As {@link #parse(DataStream, DetectionSettings)}; with {@code crawlerLoopsToDeadLetters} false, pages whose URL
     * is a crawler loop are hashed like any other (a hash index keeps them for the detection that reads it, discovery
     * lists them).
     */
    public static Parsed parse(
            DataStream<SourceRecord> pages, DetectionSettings settings, boolean crawlerLoopsToDeadLetters) {
        return parse(pages, settings, List.of(), crawlerLoopsToDeadLetters);
    }

    /** The parse step, feeding these signals' page parts in the same pass; crawler loops become dead letters. */
    public static Parsed parse(
            DataStream<SourceRecord> pages, DetectionSettings settings, List<DetectionSignal> signals) {
        return parse(pages, settings, signals, true);
    }

    private static Parsed parse(
            DataStream<SourceRecord> pages,
            DetectionSettings settings,
            List<DetectionSignal> signals,
            boolean crawlerLoopsToDeadLetters) {
        SingleOutputStreamOperator<HashedPage> hashed = pages.process(
                        new ParseAndHash(settings, signals, crawlerLoopsToDeadLetters),
                        TypeInformation.of(HashedPage.class))
                .uid(OperatorIds.PARSE_AND_HASH)
                .name(OperatorIds.PARSE_AND_HASH);
        return new Parsed(hashed, hashed.getSideOutput(DeadLetters.TAG));
    }

    public static Scored score(
            DataStream<HashedPage> hashed,
            DataStream<SourceRecord> labels,
            DetectionSettings settings,
            Duration outOfOrderness) {
        SingleOutputStreamOperator<PageScore> matched;
        DataStream<DeadLetter> matchDeadLetters;
        if (settings.keyedLabels() != null) {
            KeyedMatched keyed = matchKeyed(hashed, labels, settings);
            matched = keyed.scores();
            matchDeadLetters = keyed.deadLetters();
        } else {
            BroadcastStream<SourceRecord> labelBroadcast = labels.broadcast(
                    LabelState.BUCKETS, LabelState.ORIGINS, LabelState.ORIGIN_IDS, LabelState.SNAPSHOT);
            // keyed by URL: pages held past job.held-pages.max wait in keyed (RocksDB) state (see
            // HoldUntilLabelsLoaded)
            matched = hashed.keyBy(HoldUntilLabelsLoaded.PAGE_URL, Types.STRING)
                    .connect(labelBroadcast)
                    .process(HoldUntilLabelsLoaded.matchLabels(settings), TypeInformation.of(PageScore.class))
                    .uid(OperatorIds.MATCH_LABELS)
                    .name(OperatorIds.MATCH_LABELS);
            matchDeadLetters = matched.getSideOutput(DeadLetters.TAG);
        }

        DataStream<PageScore> scores = matched;
        if (outOfOrderness != null) {
            // inputs whose sources carry no fetch-time watermarks: event time from the scores (the labels input carries
            // no page time and must not hold the watermark back)
            scores = matched.assignTimestampsAndWatermarks(
                            WatermarkStrategy.<PageScore>forBoundedOutOfOrderness(outOfOrderness)
                                    .withTimestampAssigner((score, previous) -> score.eventTime())
                                    .withIdleness(Duration.ofMinutes(1)))
                    .uid(OperatorIds.EVENT_TIME)
                    .name(OperatorIds.EVENT_TIME);
        }

        DataStream<Alert> pageAlerts = scores.flatMap(
                        new PageAlerts(settings.pageRule()), TypeInformation.of(Alert.class))
                .uid(OperatorIds.PAGE_ALERTS)
                .name(OperatorIds.PAGE_ALERTS);
        return new Scored(scores, pageAlerts, matchDeadLetters);
    }

    /** The keyed label mode's page scores and its dead letters (invalid labels, crawler loops, join timeouts). */
    public record KeyedMatched(SingleOutputStreamOperator<PageScore> scores, DataStream<DeadLetter> deadLetters) {}

    /**
     * The keyed label mode ({@code labels.mode: KEYED}):
     *
     * <pre>
     * labels ─ route by hash ──────────────────────┐
     * pages ── split: hashes per partition ─ queries ┴─ label partitions (keyed) ─ answers ─┐
     *                 └─ page (join id) ─────────────────────────────────────────────────┴─ join per page ─ scores
     *                                       label partitions ─ counts per source ─ sum (1 task) ─ broadcast ─┘
     * </pre>
     *
     * With re-scores on ({@code labels.keyed.rescore.retention}), a label change also goes from its partition to the
     * recent pages that held the hash, down the answers' channel, and the join re-scores the pages it keeps.
     *
     * The label operator's max parallelism is the partition count, one partition per key group
     * ({@link LabelPartitionKeys}); it runs on at most that many tasks.
     */
    public static KeyedMatched matchKeyed(
            DataStream<HashedPage> hashed, DataStream<SourceRecord> labels, DetectionSettings settings) {
        int partitions = settings.keyedLabels().partitions();
        LabelPartitionKeys keys = new LabelPartitionKeys(partitions);
        SingleOutputStreamOperator<PartitionLabel> routed = labels.process(
                        new RouteLabels(settings, keys), TypeInformation.of(PartitionLabel.class))
                .uid(OperatorIds.ROUTE_LABELS)
                .name(OperatorIds.ROUTE_LABELS)
                // on the labels' own tasks (a forward channel): a marker's copies must follow the labels read before it
                .setParallelism(labels.getParallelism());
        SingleOutputStreamOperator<KeyedMatch> split = hashed.process(
                        new SplitPages(settings, keys), TypeInformation.of(KeyedMatch.class))
                .uid(OperatorIds.SPLIT_PAGES)
                .name(OperatorIds.SPLIT_PAGES);
        SingleOutputStreamOperator<KeyedMatch> answers = routed.keyBy(PartitionLabel::partitionKey, Types.INT)
                .connect(split.getSideOutput(SplitPages.QUERIES).keyBy(LabelQuery::partitionKey, Types.INT))
                .process(new LabelPartition(settings), TypeInformation.of(KeyedMatch.class))
                .uid(OperatorIds.LABEL_PARTITIONS)
                .name(OperatorIds.LABEL_PARTITIONS)
                .setMaxParallelism(partitions);
        int parallelism = hashed.getExecutionEnvironment().getParallelism();
        if (parallelism > partitions) {
            answers.setParallelism(partitions);
        }
        BroadcastStream<SourceTotals> totals = answers.getSideOutput(LabelPartition.COUNTS)
                .keyBy(SumSourceCounts.ONE_KEY, Types.INT)
                .process(new SumSourceCounts(settings, partitions), TypeInformation.of(SourceTotals.class))
                .uid(OperatorIds.SUM_LABEL_SOURCE_COUNTS)
                .name(OperatorIds.SUM_LABEL_SOURCE_COUNTS)
                .setParallelism(1)
                .setMaxParallelism(1)
                .broadcast(JoinLabelAnswers.TOTALS, JoinLabelAnswers.READY);
        SingleOutputStreamOperator<PageScore> scores = split.union(answers)
                .keyBy(KeyedMatch::page, Types.LONG)
                .connect(totals)
                .process(new JoinLabelAnswers(settings), TypeInformation.of(PageScore.class))
                .uid(OperatorIds.JOIN_LABEL_ANSWERS)
                .name(OperatorIds.JOIN_LABEL_ANSWERS);
        DataStream<DeadLetter> deadLetters = routed.getSideOutput(DeadLetters.TAG)
                .union(split.getSideOutput(DeadLetters.TAG), scores.getSideOutput(DeadLetters.TAG));
        return new KeyedMatched(scores, deadLetters);
    }

    /** Per URL: what each page adds to, replaces in, or withdraws from its neighbourhoods. */
    public static DataStream<PrefixDelta> prefixDeltas(DataStream<PageScore> scores, DetectionSettings settings) {
        return scores.keyBy(UrlContributions.urlKey(settings.ignoredParameters()), Types.STRING)
                .process(
                        new UrlContributions(settings.urlRetentionMillis(), settings.neighbourhoodMaxDepth()),
                        TypeInformation.of(PrefixDelta.class))
                .uid(OperatorIds.URL_CONTRIBUTIONS)
                .name(OperatorIds.URL_CONTRIBUTIONS);
    }

    /**
     * Per prefix, continuously: badness and its bounds after every change, in fetch-time order (the one wait for the
     * watermark: see {@link NeighbourhoodAggregate}).
     */
    public static SingleOutputStreamOperator<PrefixScore> neighbourhoods(
            DataStream<PrefixDelta> deltas, DetectionSettings settings) {
        return deltas.keyBy(PrefixDelta::prefix)
                .process(
                        new NeighbourhoodAggregate(
                                settings.neighbourhoodMaxEvidence(),
                                settings.neighbourhoodThreshold().confidence(),
                                settings.neighbourhoodThreshold().coverage().maxSources()),
                        TypeInformation.of(PrefixScore.class))
                .uid(OperatorIds.NEIGHBOURHOOD_AGGREGATE)
                .name(OperatorIds.NEIGHBOURHOOD_AGGREGATE);
    }

    /**
     * The threshold statistic over all neighbourhoods (one task) and each neighbourhood's verdict against it:
     * {@code neighborhood} and {@code cleared} alerts, partitioned by prefix, so that the one sink task that writes a
     * prefix's alerts writes them in the verdicts' order (a round robin from the one task would hand a prefix's
     * alert and its {@code cleared} to two producers, whose records reach the topic in either order).
     */
    static DataStream<Alert> neighbourhoodAlerts(DataStream<PrefixScore> neighbourhoods, DetectionSettings settings) {
        return neighbourhoods
                .keyBy(NeighbourhoodVerdicts.ONE_KEY, Types.INT)
                .process(
                        new NeighbourhoodVerdicts(
                                settings.neighbourhoodThreshold(), settings.neighbourhoodReevaluateStep()),
                        TypeInformation.of(Alert.class))
                .uid(OperatorIds.NEIGHBOURHOOD_THRESHOLD)
                .name(OperatorIds.NEIGHBOURHOOD_THRESHOLD)
                .setParallelism(1)
                .setMaxParallelism(1)
                .keyBy(Alert::prefix, Types.STRING);
    }
}
