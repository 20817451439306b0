package org.reusedetector.detection;

import java.io.Serializable;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.util.OutputTag;
import org.reusedetector.model.Alert;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.SourceRecord;

/**
 * One signal beside the chunk hashes, as the detection topology sees it: its part of the parse step
 * ({@link #pageSignal}) and the operators it adds after it ({@link #addTo}). The configuration turns it on
 * ({@link #enabled}). The signals themselves live in package {@code signal}, which lists them ({@code signal.Signals});
 * the jobs hand the enabled ones to {@link DetectionWorkflow} and the batch backfill, so that this package imports no
 * signal.
 *
 * <p>A signal either only adds alerts, or also changes the pages that go on to be scored (the near-copy signal marks
 * near copies, whose badness the label match then raises). Implementations hold no state: the settings come with
 * every call; they are serializable, since the parse step ships with the signals it feeds.
 */
public interface DetectionSignal extends Serializable {

    /** The signal's name: in {@code benchmark signals --signals}. */
    String name();

    /** Whether the configuration turns this signal on. */
    boolean enabled(DetectionSettings settings);

    /** The signal's part of the parse step, for one parse thread; what it shares with other signals comes from {@code shared}. */
    PageSignal pageSignal(DetectionSettings settings, SharedParts shared);

    /**
     * The parse step's side output that takes this signal's results on pages of their own, cut down to URL, time and
     * size (see {@code PageSignals}); {@code null} (the default): they go on the page that goes on.
     */
    default OutputTag<HashedPage> ownPages() {
        return null;
    }

    /**
     * Adds the signal's operators; every one keeps its uid ({@link OperatorIds}) so that checkpoints restore.
     *
     * @param parsed the parse step's pages and side outputs (this signal's own pages: {@link DetectionWorkflow.Parsed#ownPages})
     * @param toScore the pages that go on to be scored, as the signals before this one left them
     * @param labels the labels stream, which each matcher broadcasts into its own state
     * @param settings the job's settings (in a batch, without the wait for a label snapshot)
     */
    Added addTo(
            DetectionWorkflow.Parsed parsed,
            DataStream<HashedPage> toScore,
            DataStream<SourceRecord> labels,
            DetectionSettings settings);

    /** What a signal added: the pages that go on to be scored ({@code toScore} itself when it does not change them), and its alerts. */
    record Added(DataStream<HashedPage> toScore, DataStream<Alert> alerts) {}
}
