package org.reusedetector.detection.functions;

import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RuntimeContext;
import org.apache.flink.api.common.state.BroadcastState;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ReadOnlyBroadcastState;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.metrics.Counter;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.functions.co.BroadcastProcessFunction;
import org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.Metrics;
import org.reusedetector.format.SnapshotMarker;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.PageScore;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.state.VersionedStateSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Holds pages until this run's label snapshot has loaded (its marker seen on every labels partition, see
 * {@link LabelSnapshotGate}), then hands them, and every page after them, to the matcher it wraps
 * ({@link MatchLabels}, or a signal's matcher such as the near-duplicate and near-copy ones): a page read before its label must
 * not be missed. Label records go straight to the matcher; markers stay here.
 *
 * <p>Memory is bounded: at most {@code job.held-pages.max} held pages per parallel instance are kept in operator
 * list state (on the heap); the ones past that go to keyed state (RocksDB, on disk), keyed by page URL, which is why
 * the matchers run on a stream keyed by URL ({@link #PAGE_URL}). Both survive checkpoints and restores. Once the
 * snapshot has loaded, the pages on the heap are matched first, in arrival order, then the spilled ones, URL by
 * URL, each URL's pages in arrival order (a URL with spilled pages spills its later ones too, so revisits stay in
 * order).
 */
public final class HoldUntilLabelsLoaded<OUT>
        extends KeyedBroadcastProcessFunction<String, HashedPage, SourceRecord, OUT> implements CheckpointedFunction {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(HoldUntilLabelsLoaded.class);

    /** What the matchers' page input is keyed by: the page URL (where spilled pages are kept). */
    public static final KeySelector<HashedPage, String> PAGE_URL = HashedPage::url;

    private final BroadcastProcessFunction<HashedPage, SourceRecord, OUT> matcher;
    private final MapStateDescriptor<String, String> gateState;
    private final String heldPagesName;
    private final String run;
    private final int partitions;
    private final int heapLimit;

    private transient LabelSnapshotGate gate;
    private transient ListState<HashedPage> heldOnHeap;
    private transient long heapCount;
    private transient ListStateDescriptor<HashedPage> spilledDescriptor;
    private transient ListState<HashedPage> spilled;
    private transient Counter held;
    private transient Counter spills;

    /**
     * @param gateState the matcher's broadcast state that also keeps the gate's markers (see {@link LabelSnapshotGate})
     * @param heldPagesName name of the operator list state of held pages (as the matcher named it before, so that
     *     its checkpoints restore); the spilled pages are keyed state named {@code <name>-spilled}
     */
    public HoldUntilLabelsLoaded(
            BroadcastProcessFunction<HashedPage, SourceRecord, OUT> matcher,
            MapStateDescriptor<String, String> gateState,
            String heldPagesName,
            DetectionSettings settings) {
        this.matcher = matcher;
        this.gateState = gateState;
        this.heldPagesName = heldPagesName;
        this.run = settings.labelSnapshotRun();
        this.partitions = settings.labelPartitions();
        this.heapLimit = settings.heldPagesMax();
    }

    /**
     * Whether a key of the matcher's broadcast state is the gate's own (its markers, see {@code gateState}), not a
     * label: a matcher that reads all its labels skips these.
     */
    public static boolean isGateKey(String key) {
        return LabelSnapshotGate.isOwnKey(key);
    }

    /** Chunk-label matching of every page, held until the snapshot has loaded. */
    public static HoldUntilLabelsLoaded<PageScore> matchLabels(DetectionSettings settings) {
        return new HoldUntilLabelsLoaded<>(new MatchLabels(settings), LabelState.SNAPSHOT, "held-pages", settings);
    }

    @Override
    public void setRuntimeContext(RuntimeContext context) {
        super.setRuntimeContext(context);
        matcher.setRuntimeContext(context);
    }

    @Override
    public void initializeState(FunctionInitializationContext context) throws Exception {
        heldOnHeap = context.getOperatorStateStore()
                .getListState(new ListStateDescriptor<>(
                        heldPagesName, new VersionedStateSerializer<>(new HashedPageFormat())));
        heapCount = 0;
        for (HashedPage ignored : heldOnHeap.get()) {
            heapCount++;
        }
        gate = new LabelSnapshotGate(run, partitions);
        gate.restore(
                context.getOperatorStateStore().getBroadcastState(gateState).get(LabelSnapshotGate.READY));
        if (matcher instanceof CheckpointedFunction checkpointed) {
            checkpointed.initializeState(context);
        }
    }

    @Override
    public void snapshotState(FunctionSnapshotContext context) throws Exception {
        if (matcher instanceof CheckpointedFunction checkpointed) {
            checkpointed.snapshotState(context);
        }
    }

    @Override
    public void open(OpenContext openContext) throws Exception {
        // no TTL: every spilled page is read and cleared once the snapshot has loaded, and none is written after that
        spilledDescriptor = new ListStateDescriptor<>(
                heldPagesName + "-spilled", new VersionedStateSerializer<>(new HashedPageFormat()));
        spilled = getRuntimeContext().getListState(spilledDescriptor);
        var group = getRuntimeContext().getMetricGroup();
        held = group.counter(Metrics.PAGES_HELD);
        spills = group.counter(Metrics.PAGES_HELD_SPILLED);
        group.gauge(Metrics.LABEL_SNAPSHOT_LOADED, () -> gate != null && gate.ready() ? 1 : 0);
        matcher.open(openContext);
    }

    @Override
    public void close() throws Exception {
        matcher.close();
    }

    @Override
    public void processElement(HashedPage page, ReadOnlyContext ctx, Collector<OUT> out) throws Exception {
        if (gate.ready()) {
            matcher.processElement(page, readOnly(ctx), out);
            return;
        }
        held.inc();
        if (heapCount < heapLimit && !spilled.get().iterator().hasNext()) {
            heldOnHeap.add(page);
            heapCount++;
        } else {
            spilled.add(page);
            spills.inc();
        }
    }

    @Override
    public void processBroadcastElement(SourceRecord record, Context ctx, Collector<OUT> out) throws Exception {
        var marker = SnapshotMarker.parse(record.value());
        if (marker.isEmpty()) {
            matcher.processBroadcastElement(record, readWrite(ctx), out);
            return;
        }
        if (gate.onMarker(marker.get(), ctx.getBroadcastState(gateState))) {
            release(ctx, out);
        }
    }

    private void release(Context ctx, Collector<OUT> out) throws Exception {
        BroadcastProcessFunction<HashedPage, SourceRecord, OUT>.ReadOnlyContext view = readOnly(ctx);
        long fromHeap = 0;
        for (HashedPage page : heldOnHeap.get()) {
            matcher.processElement(page, view, out);
            fromHeap++;
        }
        heldOnHeap.clear();
        heapCount = 0;
        long[] fromState = {0};
        ctx.applyToKeyedState(spilledDescriptor, (url, pages) -> {
            for (HashedPage page : pages.get()) {
                matcher.processElement(page, view, out);
                fromState[0]++;
            }
            pages.clear();
        });
        LOG.info(
                "Label snapshot {} loaded; {} matched {} pages held until then ({} from keyed state)",
                run,
                matcher.getClass().getSimpleName(),
                fromHeap + fromState[0],
                fromState[0]);
    }

    /** Pages held on the heap now (operator state); the rest are in keyed state. */
    long heldOnHeap() {
        return heapCount;
    }

    // --- the matcher sees the contexts of the function it is -------------------------------------------------

    private BroadcastProcessFunction<HashedPage, SourceRecord, OUT>.ReadOnlyContext readOnly(ReadOnlyContext ctx) {
        return readOnlyView(
                ctx::getBroadcastState, ctx::timestamp, ctx::output, ctx::currentProcessingTime, ctx::currentWatermark);
    }

    /** Released pages are matched from the broadcast side, with its (read-write) context seen read-only. */
    private BroadcastProcessFunction<HashedPage, SourceRecord, OUT>.ReadOnlyContext readOnly(Context ctx) {
        return readOnlyView(
                ctx::getBroadcastState, ctx::timestamp, ctx::output, ctx::currentProcessingTime, ctx::currentWatermark);
    }

    /** The two contexts' common base is package-private in Flink, so each passes its methods (generic ones by reference). */
    private interface StateView {
        <K, V> ReadOnlyBroadcastState<K, V> get(MapStateDescriptor<K, V> descriptor);
    }

    private interface SideOutput {
        <X> void emit(OutputTag<X> tag, X value);
    }

    private BroadcastProcessFunction<HashedPage, SourceRecord, OUT>.ReadOnlyContext readOnlyView(
            StateView state,
            Supplier<Long> timestamp,
            SideOutput output,
            LongSupplier processingTime,
            LongSupplier watermark) {
        return matcher.new ReadOnlyContext() {
            @Override
            public <K, V> ReadOnlyBroadcastState<K, V> getBroadcastState(MapStateDescriptor<K, V> descriptor) {
                return state.get(descriptor);
            }

            @Override
            public Long timestamp() {
                return timestamp.get();
            }

            @Override
            public <X> void output(OutputTag<X> tag, X value) {
                output.emit(tag, value);
            }

            @Override
            public long currentProcessingTime() {
                return processingTime.getAsLong();
            }

            @Override
            public long currentWatermark() {
                return watermark.getAsLong();
            }
        };
    }

    private BroadcastProcessFunction<HashedPage, SourceRecord, OUT>.Context readWrite(Context ctx) {
        return matcher.new Context() {
            @Override
            public <K, V> BroadcastState<K, V> getBroadcastState(MapStateDescriptor<K, V> descriptor) {
                return ctx.getBroadcastState(descriptor);
            }

            @Override
            public Long timestamp() {
                return ctx.timestamp();
            }

            @Override
            public <X> void output(OutputTag<X> tag, X value) {
                ctx.output(tag, value);
            }

            @Override
            public long currentProcessingTime() {
                return ctx.currentProcessingTime();
            }

            @Override
            public long currentWatermark() {
                return ctx.currentWatermark();
            }
        };
    }
}
