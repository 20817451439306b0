package org.reusedetector.discover;

import java.nio.file.Path;
import java.util.List;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.reusedetector.batch.BatchInputs;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.connector.FlinkPaths;
import org.reusedetector.connector.JsonLinesFileSink;
import org.reusedetector.connector.PojoTypes;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.DetectionWorkflow;
import org.reusedetector.detection.OperatorIds;
import org.reusedetector.index.HashIndex;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.Label;
import org.reusedetector.model.PageRecord;
import org.reusedetector.url.IgnoredParameters;
import org.reusedetector.url.Sites;

/**
 * Blind discovery over a whole corpus as a Flink BATCH workflow (paper §4.2, step 3b): count every eligible
 * chunk and file per host, then per hash (pages, distinct hosts, sites, pages on the top host); choose the
 * threshold from the number of pages counted; keep the frequent hashes that are spread across sites as label
 * candidates. Discovery is not distributive (a hash may pass the threshold only in the whole corpus), so the
 * workflow needs BATCH execution: the counts are complete only once the input has ended, and the thresholds,
 * known only once every page is counted, reach the classification through a broadcast that BATCH execution
 * reads first.
 *
 * <p>Raw pages and a hash index are counted by one engine: raw pages are parsed and hashed as detection does, and
 * from then on both are the same {@link HashedPage}s. Each page's URL is parsed and its eligible distinct hashes
 * picked where it is read ({@link PageHashes}); the pages are partitioned by site, each partition counts its hashes
 * ({@link PartitionCounts}) and sends them on as blocks to the partition that merges their range of hashes
 * ({@link RangeCounts}); only the hashes on several hosts go on, one record each, to the threshold and template
 * rules. From raw pages, the chunks' texts join those hashes before the rules.
 */
public final class DiscoveryWorkflow {

    private DiscoveryWorkflow() {}

    /**
     * The streams of a discovery run.
     *
     * @param frequent the hashes at or above their threshold, with verdicts (unordered)
     * @param labels the label candidates
     * @param histogram the frequency-occurrence curves of chunks and files
     * @param summary one record: what the run did
     * @param recursion the URLs left out as crawler recursion errors
     * @param pages every fetch as prepared for counting (each URL once as its latest fetch only after
     *     {@link #latestPrepared})
     */
    public record Result(
            DataStream<HashCount> frequent,
            DataStream<Label> labels,
            DataStream<HistogramRow> histogram,
            DataStream<DiscoverySummary> summary,
            DataStream<RecursionUrl> recursion,
            DataStream<PageHashes> pages) {}

    /**
     * Blind discovery of hashed pages, each URL counted once as its latest fetch (URL identity as the stream's and
     * detect's, {@code url.ignored-parameters}); pages with an unusable or a crawler-recursion URL are left out.
     *
     * @param samples chunk texts for review (see {@link #samples}), or {@code null}: labels then carry no text
     */
    public static Result build(
            DataStream<HashedPage> pages,
            DataStream<ChunkSample> samples,
            DiscoveryParams params,
            RecursionFilter recursion,
            IgnoredParameters ignored) {
        requireBatch(pages);
        DataStream<PageHashes> prepared = pages.process(
                        new DiscoveryFunctions.PrepareCounting(params, recursion, ignored),
                        PojoTypes.of(PageHashes.class))
                .uid(OperatorIds.DISCOVER_PREPARE_COUNTING)
                .name("discover: eligible hashes of a page");
        return count(prepared, samples, params);
    }

    /**
     * {@link #build} over the files of a hash index, each page's {@link PageHashes} made where the source reads it
     * ({@link PreparedIndexFormat}): in the source's reading thread, beside the counting.
     */
    public static Result buildFromIndexFiles(
            StreamExecutionEnvironment env,
            List<Path> files,
            DiscoveryParams params,
            RecursionFilter recursion,
            IgnoredParameters ignored) {
        DataStream<PageHashes> prepared = env.fromSource(
                        new PreparedIndexFormat(params, recursion, ignored).source(FlinkPaths.of(files)),
                        WatermarkStrategy.noWatermarks(),
                        OperatorIds.HASH_INDEX_SOURCE)
                .uid(OperatorIds.HASH_INDEX_SOURCE);
        requireBatch(prepared);
        return count(prepared, null, params);
    }

    private static Result count(
            DataStream<PageHashes> prepared, DataStream<ChunkSample> samples, DiscoveryParams params) {
        int ranges = Math.max(1, prepared.getExecutionEnvironment().getParallelism());
        // the operator that counts the pages, with the pages counted and the recursion URLs on its side outputs
        SingleOutputStreamOperator<?> counting;
        SingleOutputStreamOperator<Tally> spread;
        if (ranges == 1) {
            // with one partition, partitioning by site is the identity and its counts are the totals: the stages
            // then chain, the pages are handed on in memory instead of through a shuffle on disk, and no count
            // blocks are written and merged
            spread = prepared.transform(
                            "discover: count the hashes of all sites",
                            TypeInformation.of(Tally.class),
                            new DiscoveryFunctions.CountAll())
                    .uid(OperatorIds.DISCOVER_COUNT_SITES)
                    .name("discover: count the hashes of all sites");
            counting = spread;
        } else {
            SingleOutputStreamOperator<CountBlock> blocks = prepared.partitionCustom(
                            PartitionCounts::partition, PageHashes::partition)
                    .transform(
                            "discover: count the hashes of whole sites",
                            PojoTypes.of(CountBlock.class),
                            new DiscoveryFunctions.CountSites(ranges))
                    .uid(OperatorIds.DISCOVER_COUNT_SITES)
                    .name("discover: count the hashes of whole sites");
            spread = blocks.partitionCustom((Integer range, int partitions) -> range % partitions, CountBlock::range)
                    .transform(
                            "discover: merge the counts of a range of hashes",
                            TypeInformation.of(Tally.class),
                            new DiscoveryFunctions.MergeRanges())
                    .uid(OperatorIds.DISCOVER_MERGE_RANGES)
                    .name("discover: merge the counts of a range of hashes");
            counting = blocks;
        }
        return classify(
                withTexts(spread, samples),
                histogram(spread.getSideOutput(DiscoveryFunctions.HISTOGRAM_ROWS)),
                pageStats(counting.getSideOutput(DiscoveryFunctions.PAGE_STATS)),
                params,
                counting.getSideOutput(DiscoveryFunctions.RECURSION_URLS),
                prepared);
    }

    /** The hashes on several hosts with the texts of their chunks, when there are texts. */
    private static DataStream<Tally> withTexts(DataStream<Tally> spread, DataStream<ChunkSample> samples) {
        if (samples == null) {
            return spread;
        }
        return spread.union(samples.map(Tally::ofSample)
                        .uid(OperatorIds.DISCOVER_SAMPLES)
                        .name("discover: chunk texts"))
                .keyBy(Tally::hashKey)
                .reduce(Tally::withText)
                .uid(OperatorIds.DISCOVER_PER_HASH)
                .name("discover: texts of the hashes on several hosts")
                .filter(t -> t.hosts() > 0)
                .uid(OperatorIds.DISCOVER_COUNTED)
                .name("discover: drop texts of uncounted chunks");
    }

    private static DataStream<HistogramRow> histogram(DataStream<HistogramRow> points) {
        return points.keyBy(r -> r.kind() + ':' + r.occurrences())
                .reduce((a, b) -> new HistogramRow(a.kind(), a.occurrences(), a.items() + b.items()))
                .uid(OperatorIds.DISCOVER_HISTOGRAM)
                .name("discover: frequency-occurrence histogram");
    }

    private static DataStream<DiscoverySummary> pageStats(DataStream<DiscoverySummary> parts) {
        return parts.keyBy(s -> 0)
                .reduce(DiscoverySummary::merge)
                .uid(OperatorIds.DISCOVER_PAGE_STATS)
                .name("discover: pages counted");
    }

    /** The rules over the counts: thresholds from the pages counted, verdicts of the hashes on several hosts, the summary. */
    private static Result classify(
            DataStream<Tally> spread,
            DataStream<HistogramRow> histogram,
            DataStream<DiscoverySummary> pageStats,
            DiscoveryParams params,
            DataStream<RecursionUrl> recursion,
            DataStream<PageHashes> pages) {
        DataStream<DiscoveryThresholds> thresholds = pageStats
                .map(s -> DiscoveryThresholds.of(s.pages(), params.threshold()))
                .uid(OperatorIds.DISCOVER_THRESHOLDS)
                .name("discover: choose thresholds");

        DataStream<HashCount> frequent = spread.keyBy(Tally::hostSet, Types.LONG)
                .connect(thresholds.broadcast(DiscoveryFunctions.THRESHOLDS))
                .process(new DiscoveryFunctions.Classify(params.template()))
                .uid(OperatorIds.DISCOVER_CLASSIFY)
                .name("discover: threshold and template rules");

        String source = params.source();
        DataStream<Label> labels = frequent.filter(c -> c.verdict().published())
                .uid(OperatorIds.DISCOVER_LABELLED)
                .name("discover: labelled hashes")
                .map(c -> c.toLabel(source))
                .uid(OperatorIds.DISCOVER_LABELS)
                .name("discover: label records");

        DataStream<DiscoverySummary> summary = pageStats
                .union(
                        thresholds
                                .map(t -> DiscoverySummary.ofRun(params, t))
                                .uid(OperatorIds.DISCOVER_SUMMARY_RUN)
                                .name("discover: summary of rules"),
                        histogram
                                .map(DiscoverySummary::ofHistogram)
                                .uid(OperatorIds.DISCOVER_SUMMARY_HISTOGRAM)
                                .name("discover: summary of hashes"),
                        frequent.map(DiscoverySummary::ofFrequent)
                                .uid(OperatorIds.DISCOVER_SUMMARY_FREQUENT)
                                .name("discover: summary of verdicts"))
                .keyBy(s -> 0)
                .reduce(DiscoverySummary::merge)
                .uid(OperatorIds.DISCOVER_SUMMARY)
                .name("discover: summary");

        return new Result(frequent, labels, histogram, summary, recursion, pages);
    }

    /** Flink's setting of the codec of batch shuffles ({@code NONE} turns compression off). */
    static final String SHUFFLE_CODEC = "taskmanager.network.compression.codec";
    /** Flink's setting that hands records to chained operators as they are instead of as copies. */
    static final String OBJECT_REUSE = "pipeline.object-reuse";

    /**
     * The configuration for discovery from a hash index, where a {@code flink.} setting of the same key wins:
     * <ul>
     * <li>no compression of its shuffles: they carry SHA-1 hashes, which do not compress, so LZ4 would only
     * cost CPU on both sides;
     * <li>object reuse: otherwise every page read, every page's hashes and every count block is copied field by
     * field (its arrays too) on its way to the next chained operator. Safe here: the job's records are immutable,
     * and no operator of it keeps a record it was given beyond the call, except {@link RangeCounts}, which keeps
     * the blocks of example URLs that {@link PartitionCounts} makes afresh for each, and the families' reductions
     * and joins ({@link #families}), which keep records their upstream makes afresh for each.
     * </ul>
     */
    public static ReuseDetectorConfig forIndex(ReuseDetectorConfig config) {
        java.util.Map<String, String> settings = new java.util.HashMap<>();
        if (!config.flinkConfiguration().containsKey(SHUFFLE_CODEC)) {
            settings.put(ReuseDetectorConfig.FLINK_PREFIX + SHUFFLE_CODEC, "NONE");
        }
        if (!config.flinkConfiguration().containsKey(OBJECT_REUSE)) {
            settings.put(ReuseDetectorConfig.FLINK_PREFIX + OBJECT_REUSE, "true");
        }
        return settings.isEmpty() ? config : config.with(settings);
    }

    private static void requireBatch(DataStream<?> pages) {
        if (pages.getExecutionEnvironment().getConfiguration().get(ExecutionOptions.RUNTIME_MODE)
                != RuntimeExecutionMode.BATCH) {
            throw new IllegalArgumentException(
                    "blind discovery counts the whole corpus: set execution.runtime-mode to BATCH");
        }
    }

    /**
     * Blind discovery of a corpus, written to {@link DiscoveryOutput}'s part files in {@code dir} (call
     * {@link DiscoveryOutput#prepare} first, and {@link DiscoveryOutput#collect} when the job is done), with
     * the URLs left out as crawler recursion errors and, from raw pages, the dead letters.
     *
     * @param texts from raw pages, keep the text of labelled chunks for review (parses pages a second time)
     */
    public static void toFiles(
            BatchInputs.Pages pages,
            DiscoveryParams params,
            RecursionFilter recursion,
            DetectionSettings settings,
            boolean texts,
            Path dir) {
        toFiles(pages, null, params, recursion, settings, texts, dir);
    }

    /**
     * {@link #toFiles(BatchInputs.Pages, DiscoveryParams, RecursionFilter, DetectionSettings, boolean, Path)} where
     * {@code input} names the files of {@code pages}: a hash index is then read by a source of its own
     * ({@link #buildFromIndexFiles}) instead of {@code pages.indexed()}.
     */
    public static void toFiles(
            BatchInputs.Pages pages,
            Path input,
            DiscoveryParams params,
            RecursionFilter recursion,
            DetectionSettings settings,
            boolean texts,
            Path dir) {
        if (pages.index()) {
            Result indexed = input == null
                    ? build(pages.indexed(), null, params, recursion, settings.ignoredParameters())
                    : buildFromIndexFiles(
                            pages.indexed().getExecutionEnvironment(),
                            indexFiles(input),
                            params,
                            recursion,
                            settings.ignoredParameters());
            writeTo(indexed, dir);
            return;
        }
        DetectionWorkflow.Parsed parsed = DetectionWorkflow.parse(pages.raw(), settings, false);
        DataStream<ChunkSample> samples = null;
        if (texts) {
            DataStream<PageRecord> records = pages.raw()
                    .process(
                            new DiscoveryFunctions.UsablePages(settings.maxBodyBytes()),
                            TypeInformation.of(PageRecord.class))
                    .uid(OperatorIds.DISCOVER_PAGE_RECORDS)
                    .name("discover: page records");
            samples = samples(records, params);
        }
        writeTo(build(parsed.hashedPages(), samples, params, recursion, settings.ignoredParameters()), dir);
        JsonLinesFileSink.writeTo(
                parsed.deadLetters(),
                dir.resolve(DiscoveryOutput.DEAD_LETTERS),
                OperatorIds.DISCOVER_DEAD_LETTERS_SINK);
    }

    private static List<Path> indexFiles(Path input) {
        try {
            return HashIndex.list(input);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot list hash index " + input, e);
        }
    }

    private static void writeTo(Result result, Path dir) {
        DataStream<Family> families = families(latestPrepared(result.pages()), result.frequent());
        JsonLinesFileSink.writeTo(families, dir.resolve(DiscoveryOutput.FAMILIES_PART), FAMILY_SINK);
        JsonLinesFileSink.writeTo(
                result.frequent(), dir.resolve(DiscoveryOutput.FREQUENT_PART), OperatorIds.DISCOVER_FREQUENT_SINK);
        JsonLinesFileSink.writeTo(
                result.histogram(), dir.resolve(DiscoveryOutput.HISTOGRAM_PART), OperatorIds.DISCOVER_HISTOGRAM_SINK);
        JsonLinesFileSink.writeTo(
                result.summary(), dir.resolve(DiscoveryOutput.SUMMARY_PART), OperatorIds.DISCOVER_SUMMARY_SINK);
        JsonLinesFileSink.writeTo(
                result.recursion(), dir.resolve(DiscoveryOutput.RECURSION), OperatorIds.DISCOVER_RECURSION_SINK);
    }

    // the uids of the families' operators, unique within the discovery job
    static final String FAMILY_COUNTED = "discover-family-counted";
    static final String FAMILY_LATEST = "discover-family-latest-fetch";
    static final String FAMILY_PUBLISHED = "discover-family-published";
    static final String FAMILY_PAGES = "discover-family-pages";
    static final String FAMILY_PER_HOST = "discover-family-per-host";
    static final String FAMILY_HOST_PAGES = "discover-family-host-pages";
    static final String FAMILY_SITE_EVIDENCE = "discover-family-site-evidence";
    static final String FAMILY_LABELS = "discover-family-labels";
    static final String FAMILY_LABELS_PER_FAMILY = "discover-family-labels-per-family";
    static final String FAMILY_ASSEMBLE = "discover-family-assemble";
    static final String FAMILY_SINK = "discover-families-sink";

    /**
     * The copy families of a run ({@link Families}): the published hashes of {@code frequent} grouped by family, and
     * a second reading of the counted pages (each URL once) for their hosts: which families each page holds, and
     * whether each host's site publishes text of its own ({@link CopySide}). The published hashes reach every page
     * reader whole (a broadcast, kept in 50 to 100 bytes a hash); what travels per page is one record per family it
     * holds and one for its host.
     */
    public static DataStream<Family> families(DataStream<PageHashes> counted, DataStream<HashCount> frequent) {
        DataStream<HashCount> published = frequent.filter(c -> c.verdict().published())
                .uid(FAMILY_PUBLISHED)
                .name("discover: published hashes, for their families");
        SingleOutputStreamOperator<FamilyPage> pageFamilies = counted.connect(
                        published.broadcast(DiscoveryFunctions.FAMILY_HASHES))
                .process(new DiscoveryFunctions.PageFamiliesOf(), PojoTypes.of(FamilyPage.class))
                .uid(FAMILY_PAGES)
                .name("discover: families of a page");
        DataStream<FamilyPage> perHost = pageFamilies
                .keyBy(FamilyPage::key)
                .reduce(FamilyPage::add)
                .uid(FAMILY_PER_HOST)
                .name("discover: pages of a family on a host");
        DataStream<HostPages> hosts = pageFamilies
                .getSideOutput(DiscoveryFunctions.HOST_PAGES)
                .keyBy(HostPages::host)
                .reduce(HostPages::add)
                .uid(FAMILY_HOST_PAGES)
                .name("discover: pages of a host");
        DataStream<FamilyHost> evidence = perHost.keyBy(f -> Sites.of(f.host()), Types.STRING)
                .connect(hosts.keyBy(h -> Sites.of(h.host()), Types.STRING))
                .process(new DiscoveryFunctions.SiteEvidence(), PojoTypes.of(FamilyHost.class))
                .uid(FAMILY_SITE_EVIDENCE)
                .name("discover: the evidence of a site's family hosts");
        DataStream<FamilyLabels> labels = published
                .map(FamilyLabels::of, PojoTypes.of(FamilyLabels.class))
                .uid(FAMILY_LABELS)
                .name("discover: a published hash of a family")
                .keyBy(FamilyLabels::family)
                .reduce(FamilyLabels::merge)
                .uid(FAMILY_LABELS_PER_FAMILY)
                .name("discover: the published hashes of a family");
        return evidence.keyBy(FamilyHost::family)
                .connect(labels.keyBy(FamilyLabels::family))
                .process(new DiscoveryFunctions.AssembleFamily(), PojoTypes.of(Family.class))
                .uid(FAMILY_ASSEMBLE)
                .name("discover: a family");
    }

    /**
     * The counted pages, each URL once as its latest fetch (of equal times, either): what {@link PartitionCounts}
     * counts, for {@link #families}. A rolling index holds every fetch, and a revisit must not count twice.
     */
    public static DataStream<PageHashes> latestPrepared(DataStream<PageHashes> prepared) {
        return prepared.keyBy(PageHashes::identity)
                .reduce((a, b) -> a.eventTime() >= b.eventTime() ? a : b)
                .uid(FAMILY_LATEST)
                .name("discover: latest fetch of a URL, for its families")
                .filter(p -> p.fate() == PageHashes.COUNTED)
                .uid(FAMILY_COUNTED)
                .name("discover: counted pages, for their families");
    }

    /** Chunk texts from the raw pages (distinct countable chunks of each page), for {@link #build}. */
    public static DataStream<ChunkSample> samples(DataStream<PageRecord> rawPages, DiscoveryParams params) {
        return rawPages.flatMap(new DiscoveryFunctions.SampleChunks(params))
                .uid(OperatorIds.DISCOVER_SAMPLE_CHUNKS)
                .name("discover: chunk texts of a page");
    }
}
