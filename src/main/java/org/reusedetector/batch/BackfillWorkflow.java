package org.reusedetector.batch;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.co.BroadcastProcessFunction;
import org.apache.flink.util.Collector;
import org.reusedetector.connector.JsonLinesFileSink;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.DetectionSignal;
import org.reusedetector.detection.DetectionWorkflow;
import org.reusedetector.detection.OperatorIds;
import org.reusedetector.model.Alert;
import org.reusedetector.model.Copy;
import org.reusedetector.model.DeadLetter;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.PrefixDelta;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.score.Neighbourhood;
import org.reusedetector.score.NeighbourhoodThreshold;
import org.reusedetector.score.PageRule;
import org.reusedetector.score.RunningStats;
import org.reusedetector.score.SourceCoverage;
import org.reusedetector.signal.Signals;

/**
 * Backfill detection of a whole corpus ({@code detect}), in {@code RuntimeExecutionMode.BATCH}. Pages are
 * parsed, hashed, matched and scored by the streaming job's own operators ({@link DetectionWorkflow}), and
 * per-URL contributions use the same revisit rule; only the neighbourhood threshold differs, as it can in a
 * batch: it is exactly mean + k·σ over the final badness of all neighbourhoods, not a running estimate.
 */
public final class BackfillWorkflow {

    private BackfillWorkflow() {}

    public record Outputs(
            DataStream<PageResult> pages,
            DataStream<NeighbourhoodResult> neighbourhoods,
            DataStream<Alert> alerts,
            DataStream<BadnessStatistic> statistic,
            DataStream<DeadLetter> deadLetters) {}

    /**
     * The backfill of a corpus against a labels file, written to {@link BackfillOutput}'s files in {@code dir}
     * (call {@link BackfillOutput#prepare} first, and {@link BackfillOutput#finish} when the job is done).
     */
    public static void toFiles(
            StreamExecutionEnvironment env,
            BatchInputs.Pages pages,
            Path labelsFile,
            DetectionSettings settings,
            Path dir) {
        DataStream<SourceRecord> labels = BatchInputs.labels(env, labelsFile, settings.maxBodyBytes());
        Outputs outputs = pages.index()
                ? fromHashes(pages.indexed(), labels, settings)
                : fromPages(pages.raw(), labels, settings);
        JsonLinesFileSink.writeTo(outputs.pages(), dir.resolve(BackfillOutput.PAGES), OperatorIds.PAGES_FILE_SINK);
        JsonLinesFileSink.writeTo(
                outputs.neighbourhoods(),
                dir.resolve(BackfillOutput.NEIGHBORHOODS),
                OperatorIds.NEIGHBOURHOODS_FILE_SINK);
        JsonLinesFileSink.writeTo(outputs.alerts(), dir.resolve(BackfillOutput.ALERTS), OperatorIds.ALERTS_FILE_SINK);
        JsonLinesFileSink.writeTo(
                outputs.deadLetters(), dir.resolve(BackfillOutput.DEAD_LETTERS), OperatorIds.DEAD_LETTERS_FILE_SINK);
        JsonLinesFileSink.writeTo(
                outputs.statistic(), dir.resolve(BackfillOutput.STATISTIC), OperatorIds.STATISTIC_FILE_SINK);
    }

    /**
     * From raw page records (JSONL or WARC): parse and hash first, then the signals that run in a batch (a hash index
     * carries no signal's results, so {@link #fromHashes} has none).
     */
    public static Outputs fromPages(
            DataStream<SourceRecord> pages, DataStream<SourceRecord> labels, DetectionSettings settings) {
        List<DetectionSignal> signals = Signals.enabled(settings);
        DetectionWorkflow.Parsed parsed = DetectionWorkflow.parse(pages, settings, signals);
        DetectionWorkflow.Signalled signalled =
                DetectionWorkflow.addSignals(signals, parsed, labels, settings.withoutSnapshotWait());
        Outputs outputs = fromHashes(signalled.toScore(), labels, settings);
        return new Outputs(
                outputs.pages(),
                outputs.neighbourhoods(),
                signalled.joinAlerts(outputs.alerts()),
                outputs.statistic(),
                outputs.deadLetters().union(parsed.deadLetters()));
    }

    /** From hashed pages (a hash index, or pages hashed upstream). */
    public static Outputs fromHashes(
            DataStream<HashedPage> hashed, DataStream<SourceRecord> labels, DetectionSettings settings) {
        // in BATCH mode the broadcast side is read first; the keyed label mode is for the stream only
        DetectionSettings batch = settings.withoutSnapshotWait().withBroadcastLabels();
        DetectionWorkflow.Scored scored = DetectionWorkflow.score(hashed, labels, batch, Duration.ZERO);
        PageRule pageRule = batch.pageRule();
        DataStream<PageResult> pages = scored.scores()
                .map(score -> PageResult.of(score, pageRule), TypeInformation.of(PageResult.class))
                .uid(OperatorIds.PAGE_RESULTS)
                .name(OperatorIds.PAGE_RESULTS);

        int maxEvidence = batch.neighbourhoodMaxEvidence();
        // deltas sum to a neighbourhood's final totals whatever order they come in
        DataStream<PrefixDelta> finals = DetectionWorkflow.prefixDeltas(scored.scores(), batch)
                .keyBy(PrefixDelta::prefix)
                .reduce((a, b) -> a.plus(
                        b,
                        Neighbourhood.mergeEvidence(a.evidence(), b.evidence(), maxEvidence),
                        SourceCoverage.merge(a.sources(), b.sources())))
                .uid(OperatorIds.FINAL_NEIGHBOURHOODS)
                .name(OperatorIds.FINAL_NEIGHBOURHOODS);

        NeighbourhoodThreshold rule = batch.neighbourhoodThreshold().forWholeCorpus();
        DataStream<BadnessStatistic> statistic = finals.filter(f -> f.pagesDelta() > 0 && rule.counts(f.pagesDelta()))
                .map(f -> BadnessStatistic.of(badness(f)), TypeInformation.of(BadnessStatistic.class))
                .keyBy(s -> 0, Types.INT)
                .reduce(BadnessStatistic::plus)
                .uid(OperatorIds.BADNESS_STATISTIC)
                .name(OperatorIds.BADNESS_STATISTIC)
                .setParallelism(1);

        DataStream<NeighbourhoodResult> neighbourhoods = finals.filter(f -> f.pagesDelta() > 0)
                .connect(statistic.broadcast(STATISTIC))
                .process(new JudgeNeighbourhoods(rule), TypeInformation.of(NeighbourhoodResult.class))
                .uid(OperatorIds.JUDGE_NEIGHBOURHOODS)
                .name(OperatorIds.JUDGE_NEIGHBOURHOODS);

        DataStream<Alert> neighbourhoodAlerts = neighbourhoods
                .filter(NeighbourhoodResult::bad)
                .map(
                        n -> Alert.neighborhood(
                                n.prefix(),
                                n.badness(),
                                orNaN(n.threshold()),
                                n.pages(),
                                n.eventTime(),
                                n.evidence(),
                                n.copies(),
                                orNaN(n.badnessLow()),
                                orNaN(n.badnessHigh())),
                        TypeInformation.of(Alert.class))
                .uid(OperatorIds.NEIGHBOURHOOD_ALERTS_BATCH)
                .name(OperatorIds.NEIGHBOURHOOD_ALERTS_BATCH);

        DataStream<Alert> alerts = scored.pageAlerts().union(neighbourhoodAlerts);
        return new Outputs(pages, neighbourhoods, alerts, statistic, scored.invalidLabels());
    }

    static final MapStateDescriptor<String, BadnessStatistic> STATISTIC =
            new MapStateDescriptor<>("badness-statistic", Types.STRING, TypeInformation.of(BadnessStatistic.class));

    private static double orNaN(Double value) {
        return value == null ? Double.NaN : value;
    }

    private static Double known(double value) {
        return Double.isFinite(value) ? value : null;
    }

    static int evidenceCount(PrefixDelta totals) {
        return totals.evidence() == null ? 0 : totals.evidence().length;
    }

    /** A neighbourhood's badness from its final totals (scorable and matched chunks). */
    static double badness(PrefixDelta totals) {
        return Neighbourhood.badness(totals.chunksDelta(), totals.matchedDelta());
    }

    /** Marks each neighbourhood bad or not against the exact statistic (read first: it is the broadcast side). */
    static final class JudgeNeighbourhoods
            extends BroadcastProcessFunction<PrefixDelta, BadnessStatistic, NeighbourhoodResult> {
        private final NeighbourhoodThreshold rule;
        private transient double threshold;

        JudgeNeighbourhoods(NeighbourhoodThreshold rule) {
            this.rule = rule;
        }

        @Override
        public void open(OpenContext openContext) {
            threshold = Double.NaN;
        }

        @Override
        public void processBroadcastElement(BadnessStatistic statistic, Context ctx, Collector<NeighbourhoodResult> out)
                throws Exception {
            ctx.getBroadcastState(STATISTIC).put("all", statistic);
        }

        @Override
        public void processElement(PrefixDelta totals, ReadOnlyContext ctx, Collector<NeighbourhoodResult> out)
                throws Exception {
            if (Double.isNaN(threshold)) {
                BadnessStatistic statistic = ctx.getBroadcastState(STATISTIC).get("all");
                RunningStats stats = statistic == null ? new RunningStats() : statistic.toRunningStats();
                threshold = rule.threshold(stats);
            }
            double badness = badness(totals);
            Copy[] copies =
                    SourceCoverage.copies(totals.sources(), rule.coverage().maxSources());
            double[] bounds = rule.confidence()
                    .bounds(
                            totals.pagesDelta(),
                            totals.chunksDelta(),
                            totals.matchedDelta(),
                            totals.chunksSquaredDelta(),
                            totals.matchedSquaredDelta(),
                            totals.productsDelta());
            out.collect(new NeighbourhoodResult(
                    totals.prefix(),
                    totals.pagesDelta(),
                    badness,
                    rule.turnsBad(totals.pagesDelta(), badness, bounds[0], threshold, evidenceCount(totals), copies),
                    known(threshold),
                    totals.eventTime(),
                    totals.evidence(),
                    copies,
                    known(bounds[0]),
                    known(bounds[1])));
        }
    }
}
