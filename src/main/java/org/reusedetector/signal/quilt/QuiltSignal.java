package org.reusedetector.signal.quilt;

import java.util.List;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.DetectionSignal;
import org.reusedetector.detection.DetectionWorkflow;
import org.reusedetector.model.Alert;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.shingle.SharedWords;
import org.reusedetector.signal.PageSignal;
import org.reusedetector.signal.SharedParts;

/**
 * Quilts, on with {@code shingles.quilt.enabled}, in the stream only: the parse step samples every page's k-grams;
 * each page's grams are answered by the recent-gram index (keyed by shard, one record a page and shard) with the ids
 * of the pages fetched before it (event time: {@link PatchGrams}), gathered again per page and judged by Najork's
 * rule; a quilt's sources are then named (keyed by holder, where every judged page registered its URL) and gathered
 * into the {@code quilt} alert. Quilts do not count in badness.
 */
public final class QuiltSignal implements DetectionSignal {

    /** {@link #name()}. */
    public static final String NAME = "quilt";

    // Operator uids: checkpoints find state by them, so they never change.
    public static final String QUILT_GRAMS = "quilt-grams";
    // the quilt index and judge hold pages by holder id (site bits + URL bits) since quilts3: new uids, the old state
    // is not restored
    public static final String PATCH_GRAMS = "patch-gram-holders";
    public static final String JUDGE_QUILTS = "judge-quilt-holders";
    public static final String QUILT_REGISTRATIONS = "quilt-registrations";
    public static final String NAME_QUILT_SOURCES = "name-quilt-sources";
    public static final String QUILT_ALERTS = "quilt-alerts";

    /** The counter of quilt alerts raised. */
    public static final String ALERTS_METRIC = "quiltAlerts";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<ConfigOption<?>> options() {
        return QuiltOptions.ALL;
    }

    @Override
    public List<Class<?>> commands() {
        return List.of(QuiltsCommand.class);
    }

    @Override
    public QuiltStream settingsOf(ReuseDetectorConfig config) {
        return QuiltOptions.enabledSettings(config);
    }

    /** The quilt signal's settings, or {@code null}: it is off. */
    public static QuiltStream settings(DetectionSettings settings) {
        return (QuiltStream) settings.signal(NAME);
    }

    /** The same settings with another quilt setting ({@code null}: off). */
    public static DetectionSettings withSettings(DetectionSettings settings, QuiltStream quilt) {
        return settings.withSignal(NAME, quilt);
    }

    @Override
    public boolean enabled(DetectionSettings settings) {
        return settings(settings) != null;
    }

    @Override
    public PageSignal pageSignal(DetectionSettings settings, SharedParts shared) {
        QuiltStream quilt = settings(settings);
        int k = quilt.params().k(); // the grams are the phrases of the quilt's own k
        return new QuiltPageSignal(
                shared.get(SharedWords.class, k, () -> new SharedWords(k)).reader(), quilt);
    }

    @Override
    public boolean streamOnly() {
        return true;
    }

    @Override
    public Added addTo(
            DetectionWorkflow.Parsed parsed,
            DataStream<HashedPage> toScore,
            DataStream<SourceRecord> labels,
            DetectionSettings settings) {
        QuiltStream quilt = settings(settings);
        SingleOutputStreamOperator<QuiltBatch> grams = parsed.hashedPages()
                .process(new QuiltGrams(quilt), TypeInformation.of(QuiltBatch.class))
                .uid(QUILT_GRAMS)
                .name(QUILT_GRAMS);
        DataStream<QuiltName> requests = grams.keyBy(QuiltBatch::shard, Types.INT)
                .transform(PATCH_GRAMS, TypeInformation.of(QuiltBatch.class), new PatchGrams(quilt))
                .uid(PATCH_GRAMS)
                .keyBy(QuiltBatch::page, Types.LONG)
                .transform(JUDGE_QUILTS, TypeInformation.of(QuiltName.class), new JudgeQuilts(quilt))
                .uid(JUDGE_QUILTS);
        DataStream<QuiltName> registrations = grams.getSideOutput(QuiltGrams.REGISTRATIONS);
        DataStream<Alert> alerts = registrations
                .union(requests)
                .keyBy(QuiltName::holder, Types.LONG)
                .process(new NameQuiltSources(quilt), TypeInformation.of(QuiltName.class))
                .uid(NAME_QUILT_SOURCES)
                .name(NAME_QUILT_SOURCES)
                .keyBy(QuiltAlerts::key, Types.STRING)
                .process(new QuiltAlerts(quilt), TypeInformation.of(Alert.class))
                .uid(QUILT_ALERTS)
                .name(QUILT_ALERTS);
        return new Added(toScore, alerts);
    }
}
