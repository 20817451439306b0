package org.reusedetector.discover;

import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.streaming.api.functions.co.BroadcastProcessFunction;
import org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import org.apache.flink.streaming.api.functions.co.KeyedCoProcessFunction;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.BoundedOneInput;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.PageRecord;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.page.HtmlChunker;
import org.reusedetector.page.PageRecordParser;
import org.reusedetector.page.Sha1;
import org.reusedetector.url.IgnoredParameters;

/** The thin Flink functions of {@link DiscoveryWorkflow}; the rules live in the plain classes they call. */
public final class DiscoveryFunctions {

    private DiscoveryFunctions() {}

    /** Side output of {@link CountSites} and {@link CountAll}: the pages counted and left out of their partition. */
    public static final OutputTag<DiscoverySummary> PAGE_STATS =
            new OutputTag<>("discover-page-stats", TypeInformation.of(DiscoverySummary.class));

    /** Side output of {@link CountSites} and {@link CountAll}: the URLs they left out as crawler recursion errors. */
    public static final OutputTag<RecursionUrl> RECURSION_URLS =
            new OutputTag<>("discover-recursion-urls", TypeInformation.of(RecursionUrl.class));

    /** Side output of {@link MergeRanges}: its part of the frequency-occurrence histogram. */
    public static final OutputTag<HistogramRow> HISTOGRAM_ROWS =
            new OutputTag<>("discover-histogram-rows", TypeInformation.of(HistogramRow.class));

    /** Side output of {@link PageFamiliesOf}: each page as one page of its host. */
    public static final OutputTag<HostPages> HOST_PAGES =
            new OutputTag<>("discover-host-pages", TypeInformation.of(HostPages.class));

    /**
     * The broadcast of the published hashes to {@link PageFamiliesOf}. Nothing is kept in this state: the function
     * builds a compact index of its own (see there).
     */
    static final MapStateDescriptor<String, HashCount> FAMILY_HASHES =
            new MapStateDescriptor<>("discover-family-hashes", Types.STRING, TypeInformation.of(HashCount.class));

    static final MapStateDescriptor<String, DiscoveryThresholds> THRESHOLDS = new MapStateDescriptor<>(
            "discover-thresholds", Types.STRING, TypeInformation.of(DiscoveryThresholds.class));
    static final String THRESHOLDS_KEY = "thresholds";

    /**
     * Applies the broadcast thresholds and the template rule, keyed by host-set fingerprint. In the count modes
     * a hash at or above the threshold gets its verdict at once. In {@link ThresholdRule.Mode#STRUCTURE} every
     * hash on enough hosts gets a verdict; candidates wait for the end of their key (BATCH execution fires a
     * key's timers once all its records are in) and are labelled together when enough of them share the hosts:
     * at least the host set's own group threshold, from the pages they sit on
     * ({@link DiscoveryThresholds#groupThreshold(long)}).
     */
    public static final class Classify
            extends KeyedBroadcastProcessFunction<Long, Tally, DiscoveryThresholds, HashCount> {
        private final TemplateRule template;
        private transient ListState<HashCount> candidates;
        private transient ValueState<Long> groupSize;
        private transient ValueState<Long> smallestExamplePage;

        public Classify(TemplateRule template) {
            this.template = template;
        }

        @Override
        public void open(OpenContext context) {
            candidates = getRuntimeContext()
                    .getListState(
                            new ListStateDescriptor<>("discover-candidates", TypeInformation.of(HashCount.class)));
            groupSize = getRuntimeContext().getState(new ValueStateDescriptor<>("discover-group-size", Types.LONG));
            smallestExamplePage = getRuntimeContext()
                    .getState(new ValueStateDescriptor<>("discover-group-smallest-example-page", Types.LONG));
        }

        @Override
        public void processBroadcastElement(DiscoveryThresholds thresholds, Context ctx, Collector<HashCount> out)
                throws Exception {
            ctx.getBroadcastState(THRESHOLDS).put(THRESHOLDS_KEY, thresholds);
        }

        @Override
        public void processElement(Tally t, ReadOnlyContext ctx, Collector<HashCount> out) throws Exception {
            DiscoveryThresholds thresholds = thresholds(ctx);
            long threshold = thresholds.forKind(t.kind());
            if (t.count() < threshold) {
                return;
            }
            Verdict verdict = template.classify(t.kind(), t.count(), t.hosts(), t.sites(), t.topHostPages(), threshold);
            if (thresholds.groupThreshold() == 0) {
                out.collect(t.toCount(verdict, 0));
            } else if (verdict == Verdict.LABEL) {
                candidates.add(t.toCount(Verdict.LABEL, 0));
                Long size = groupSize.value();
                groupSize.update(size == null ? 1 : size + 1);
                Long smallest = smallestExamplePage.value();
                smallestExamplePage.update(
                        smallest == null ? t.exampleChunks() : Math.min(smallest, t.exampleChunks()));
                ctx.timerService().registerEventTimeTimer(Long.MAX_VALUE);
            } else if (verdict != Verdict.FEW_HOSTS) {
                out.collect(t.toCount(verdict, 0)); // hashes on one or two hosts are every corpus's bulk: not listed
            }
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<HashCount> out) throws Exception {
            long size = groupSize.value() == null ? 0 : groupSize.value();
            long smallest = smallestExamplePage.value() == null ? 0 : smallestExamplePage.value();
            boolean copiedSite = size >= thresholds(ctx).groupThreshold(smallest);
            for (HashCount c : candidates.get()) {
                out.collect(c.judged(copiedSite ? Verdict.LABEL : Verdict.SMALL_GROUP, size, ctx.getCurrentKey()));
            }
            candidates.clear();
            groupSize.clear();
            smallestExamplePage.clear();
        }

        private static DiscoveryThresholds thresholds(ReadOnlyContext ctx) throws Exception {
            DiscoveryThresholds thresholds = ctx.getBroadcastState(THRESHOLDS).get(THRESHOLDS_KEY);
            if (thresholds == null) {
                // BATCH execution reads the broadcast side first; without it the threshold is unknown
                throw new IllegalStateException(
                        "discovery thresholds not known: run the discovery workflow in BATCH mode");
            }
            return thresholds;
        }
    }

    /** Valid page records (invalid ones are dead-lettered by the parse step that runs beside this one). */
    public static final class UsablePages extends ProcessFunction<SourceRecord, PageRecord> {
        private final int maxBodyBytes;
        private transient PageRecordParser parser;

        public UsablePages(int maxBodyBytes) {
            this.maxBodyBytes = maxBodyBytes;
        }

        @Override
        public void open(OpenContext context) {
            parser = new PageRecordParser(maxBodyBytes);
        }

        @Override
        public void processElement(SourceRecord record, Context ctx, Collector<PageRecord> out) {
            try {
                out.collect(parser.parse(record.value()));
            } catch (PageRecordParser.Rejected e) {
                // counted and dead-lettered by ParseAndHash
            }
        }
    }

    /** A raw page → the texts of its countable chunks, so that frequent chunks can be shown for review. */
    public static final class SampleChunks extends RichFlatMapFunction<PageRecord, ChunkSample> {
        private final DiscoveryParams params;
        private transient HtmlChunker chunker;
        private transient Sha1 sha1;

        public SampleChunks(DiscoveryParams params) {
            this.params = params;
        }

        @Override
        public void open(OpenContext context) {
            chunker = params.chunking().chunker();
            sha1 = new Sha1();
        }

        @Override
        public void flatMap(PageRecord page, Collector<ChunkSample> out) {
            for (ChunkSample sample : ChunkSample.of(page.body(), chunker, params.minChunkLength(), sha1)) {
                out.collect(sample);
            }
        }
    }

    /** A hashed page → what {@link CountSites} counts of it ({@link PartitionCounts.Prepare}), before the shuffle. */
    public static final class PrepareCounting extends ProcessFunction<HashedPage, PageHashes> {
        private final DiscoveryParams params;
        private final RecursionFilter recursion;
        private final IgnoredParameters ignored;
        private transient PartitionCounts.Prepare prepare;

        public PrepareCounting(DiscoveryParams params, RecursionFilter recursion, IgnoredParameters ignored) {
            this.params = params;
            this.recursion = recursion;
            this.ignored = ignored;
        }

        @Override
        public void open(OpenContext context) {
            prepare = new PartitionCounts.Prepare(params.eligibility(), recursion, ignored);
        }

        @Override
        public void processElement(HashedPage page, Context ctx, Collector<PageHashes> out) {
            out.collect(prepare.of(page));
        }
    }

    /**
     * Counts the pages of whole sites ({@link PartitionCounts}) until its input has ended, then hands the counts on
     * ({@link #emitCounts}) and sends page statistics and recursion URLs to side outputs.
     */
    abstract static class CountPages<OUT> extends AbstractStreamOperator<OUT>
            implements OneInputStreamOperator<PageHashes, OUT>, BoundedOneInput {
        private transient PartitionCounts counts;

        @Override
        public void open() throws Exception {
            super.open();
            counts = new PartitionCounts();
        }

        @Override
        public void processElement(StreamRecord<PageHashes> page) {
            counts.add(page.getValue());
        }

        @Override
        public void endInput() {
            emitCounts(counts);
            output.collect(PAGE_STATS, new StreamRecord<>(counts.pageStats()));
            for (String url : counts.recursionUrls()) {
                output.collect(RECURSION_URLS, new StreamRecord<>(new RecursionUrl(url)));
            }
            counts = null;
        }

        /** Hands on the counts of every page of this partition, its input having ended. */
        abstract void emitCounts(PartitionCounts counts);
    }

    /**
     * Counts the pages of whole sites and sends the counts on as blocks for {@code ranges} ranges of hashes.
     * A BATCH-only operator: its input must be partitioned by {@link PageHashes#partition}.
     */
    public static final class CountSites extends CountPages<CountBlock> {
        private final int ranges;

        public CountSites(int ranges) {
            this.ranges = ranges;
        }

        @Override
        void emitCounts(PartitionCounts counts) {
            int source = getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
            counts.finish(source, ranges, block -> output.collect(new StreamRecord<>(block)));
        }
    }

    /**
     * With a single partition: counts every page and hands on the totals as {@link MergeRanges} would (its counts
     * are already the totals: nothing to merge); histogram rows go to a side output.
     */
    public static final class CountAll extends CountPages<Tally> {

        @Override
        void emitCounts(PartitionCounts counts) {
            counts.finish(
                    t -> output.collect(new StreamRecord<>(t)),
                    row -> output.collect(HISTOGRAM_ROWS, new StreamRecord<>(row)));
        }
    }

    /**
     * Merges the count blocks of its ranges of hashes ({@link RangeCounts}) once its input has ended: the hashes on
     * several hosts as tallies, the histogram rows to a side output.
     */
    public static final class MergeRanges extends AbstractStreamOperator<Tally>
            implements OneInputStreamOperator<CountBlock, Tally>, BoundedOneInput {
        private transient RangeCounts counts;

        @Override
        public void open() throws Exception {
            super.open();
            counts = new RangeCounts();
        }

        @Override
        public void processElement(StreamRecord<CountBlock> block) {
            counts.add(block.getValue());
        }

        @Override
        public void endInput() {
            counts.finish(
                    t -> output.collect(new StreamRecord<>(t)),
                    row -> output.collect(HISTOGRAM_ROWS, new StreamRecord<>(row)));
            counts = null;
        }
    }

    /**
     * A counted page → one {@link FamilyPage} per family it holds, and itself as a {@link HostPages} to a side output
     * ({@link PageFamilies}). The published hashes arrive on the broadcast side, which BATCH execution reads whole
     * before any page; they are kept in a {@link FamilyIndex} of this instance rather than in broadcast state (a map of
     * objects, several times larger). That is safe in BATCH execution only: a failed task runs again from its inputs,
     * the broadcast side first.
     */
    public static final class PageFamiliesOf extends BroadcastProcessFunction<PageHashes, HashCount, FamilyPage> {
        private transient FamilyIndex index;
        private transient PageFamilies families;

        @Override
        public void open(OpenContext context) {
            index = new FamilyIndex();
            families = new PageFamilies(index);
        }

        @Override
        public void processBroadcastElement(HashCount published, Context ctx, Collector<FamilyPage> out) {
            index.add(published.hash(), published.family(), published.verdict() == Verdict.LABEL);
        }

        @Override
        public void processElement(PageHashes page, ReadOnlyContext ctx, Collector<FamilyPage> out) {
            ctx.output(HOST_PAGES, families.of(page, out::collect));
        }
    }

    /**
     * Per site: the evidence about each family host of the site ({@link Families#ofSite}), once all the site's
     * family pages and host totals are in (BATCH execution fires a key's timers at its end).
     */
    public static final class SiteEvidence extends KeyedCoProcessFunction<String, FamilyPage, HostPages, FamilyHost> {
        private transient ListState<FamilyPage> families;
        private transient ListState<HostPages> hosts;

        @Override
        public void open(OpenContext context) {
            families = getRuntimeContext()
                    .getListState(
                            new ListStateDescriptor<>("discover-site-families", TypeInformation.of(FamilyPage.class)));
            hosts = getRuntimeContext()
                    .getListState(
                            new ListStateDescriptor<>("discover-site-hosts", TypeInformation.of(HostPages.class)));
        }

        @Override
        public void processElement1(FamilyPage family, Context ctx, Collector<FamilyHost> out) throws Exception {
            families.add(family);
            ctx.timerService().registerEventTimeTimer(Long.MAX_VALUE);
        }

        @Override
        public void processElement2(HostPages host, Context ctx, Collector<FamilyHost> out) throws Exception {
            hosts.add(host);
            ctx.timerService().registerEventTimeTimer(Long.MAX_VALUE);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<FamilyHost> out) throws Exception {
            for (FamilyHost h : Families.ofSite(ctx.getCurrentKey(), list(families.get()), list(hosts.get()))) {
                out.collect(h);
            }
            families.clear();
            hosts.clear();
        }
    }

    /**
     * Per family: its record ({@link Families#assemble}) from its published hashes and its hosts' evidence, once all
     * are in.
     */
    public static final class AssembleFamily extends KeyedCoProcessFunction<String, FamilyHost, FamilyLabels, Family> {
        private transient ListState<FamilyHost> hosts;
        private transient ValueState<FamilyLabels> labels;

        @Override
        public void open(OpenContext context) {
            hosts = getRuntimeContext()
                    .getListState(
                            new ListStateDescriptor<>("discover-family-hosts", TypeInformation.of(FamilyHost.class)));
            labels = getRuntimeContext()
                    .getState(new ValueStateDescriptor<>(
                            "discover-family-labels", TypeInformation.of(FamilyLabels.class)));
        }

        @Override
        public void processElement1(FamilyHost host, Context ctx, Collector<Family> out) throws Exception {
            hosts.add(host);
            ctx.timerService().registerEventTimeTimer(Long.MAX_VALUE);
        }

        @Override
        public void processElement2(FamilyLabels family, Context ctx, Collector<Family> out) throws Exception {
            labels.update(family);
            ctx.timerService().registerEventTimeTimer(Long.MAX_VALUE);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<Family> out) throws Exception {
            Family family = Families.assemble(labels.value(), list(hosts.get()));
            if (family != null) {
                out.collect(family);
            }
            hosts.clear();
            labels.clear();
        }
    }

    private static <T> java.util.List<T> list(Iterable<T> items) {
        java.util.List<T> list = new java.util.ArrayList<>();
        if (items != null) {
            items.forEach(list::add);
        }
        return list;
    }
}
