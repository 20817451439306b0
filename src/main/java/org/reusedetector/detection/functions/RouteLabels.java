package org.reusedetector.detection.functions;

import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.metrics.Counter;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;
import org.reusedetector.detection.DeadLetters;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.Metrics;
import org.reusedetector.format.LabelCodec;
import org.reusedetector.format.SnapshotMarker;
import org.reusedetector.labels.keyed.PageQueries;
import org.reusedetector.model.DeadLetterReason;
import org.reusedetector.model.Label;
import org.reusedetector.model.PartitionLabel;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.page.Sha1;

/**
 * Keyed label mode: sends each label record to the partition that owns its hash, and a copy of each snapshot marker to
 * every partition. A marker's copies travel the channels its labels took, after them, so a partition that has the
 * markers of every labels-topic partition has every label written before them. Invalid labels become dead letters
 * here, once each (in broadcast mode every matcher sees every label and one of them reports it).
 */
public final class RouteLabels extends ProcessFunction<SourceRecord, PartitionLabel> {

    private static final long serialVersionUID = 1L;

    private final DetectionSettings settings;
    private final LabelPartitionKeys keys;
    private transient Counter invalidLabels;

    public RouteLabels(DetectionSettings settings, LabelPartitionKeys keys) {
        this.settings = settings;
        this.keys = keys;
    }

    @Override
    public void open(OpenContext openContext) {
        invalidLabels = getRuntimeContext().getMetricGroup().counter(Metrics.LABELS_INVALID);
    }

    @Override
    public void processElement(SourceRecord record, Context ctx, Collector<PartitionLabel> out) {
        var marker = SnapshotMarker.parse(record.value());
        if (marker.isPresent()) {
            for (int p = 0; p < keys.partitions(); p++) {
                out.collect(new PartitionLabel(
                        keys.keyOf(p), null, marker.get().run(), marker.get().partition()));
            }
            return;
        }
        Label label;
        try {
            label = LabelCodec.parse(record.value());
        } catch (IllegalArgumentException e) {
            invalidLabels.inc();
            ctx.output(
                    DeadLetters.TAG,
                    DeadLetters.of(
                            DeadLetterReason.INVALID_LABEL,
                            e.getMessage(),
                            record,
                            settings.deadLetterMaxOriginalChars()));
            return;
        }
        if (Label.KIND_IMATCH.equals(label.kind()) || Label.KIND_SHINGLE.equals(label.kind())) {
            return; // matched by the near-duplicate and near-copy signals, not as chunks
        }
        int partition = PageQueries.partitionOf(Sha1.fromHex(label.hash()), 0, keys.partitions());
        out.collect(new PartitionLabel(keys.keyOf(partition), label, null, 0));
    }
}
