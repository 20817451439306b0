package org.reusedetector.discover;

import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.Label;
import org.reusedetector.model.PageRecord;

/**
 * Blind discovery over a whole corpus as a Flink BATCH workflow (paper §4.2, step 3b): count every eligible
 * chunk and file per host, then per hash (pages, distinct hosts, pages on the top host); choose the
 * threshold from the number of pages counted; keep the frequent hashes that are spread across sites as label
 * candidates. Discovery is not distributive (a hash may pass the threshold only in the whole corpus), so the
 * workflow needs BATCH execution: keyed reductions then emit one final record per key, and the thresholds,
 * known only once every page is counted, reach the classification through a broadcast that BATCH execution
 * reads first.
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
     */
    public record Result(DataStream<HashCount> frequent, DataStream<Label> labels, DataStream<HistogramRow> histogram,
            DataStream<DiscoverySummary> summary) {}

    /**
     * Builds the workflow.
     *
     * @param pages the hashed corpus (bounded)
     * @param samples chunk texts for review (see {@link #samples}), or {@code null}: labels then carry no text
     * @param params rules and lists
     * @param recursion pages it flags are left out (crawler recursion errors)
     */
    public static Result build(DataStream<HashedPage> pages, DataStream<ChunkSample> samples, DiscoveryParams params, RecursionFilter recursion) {
        if (pages.getExecutionEnvironment().getConfiguration().get(ExecutionOptions.RUNTIME_MODE) != RuntimeExecutionMode.BATCH) {
            throw new IllegalArgumentException("blind discovery counts the whole corpus: set execution.runtime-mode to BATCH");
        }
        SingleOutputStreamOperator<Tally> pageTallies = pages
                .process(new DiscoveryFunctions.PageTallies(params, recursion)).uid("discover-page-tallies").name("discover: hashes of a page");

        DataStream<Tally> siteLevel = pageTallies
                .keyBy(Tally::hostKey).reduce(Tally::addPages).uid("discover-per-host").name("discover: pages per hash and host")
                .map(Tally::asHostLevel).uid("discover-host-level").name("discover: one host of a hash")
                .keyBy(Tally::siteKey).reduce(Tally::addHostsOfSite).uid("discover-per-site").name("discover: hosts per hash and site")
                .map(Tally::asSiteLevel).uid("discover-site-level").name("discover: one site of a hash");
        if (samples != null) {
            siteLevel = siteLevel.union(samples.map(Tally::ofSample).uid("discover-samples").name("discover: chunk texts"));
        }
        DataStream<Tally> perHash = siteLevel
                .keyBy(Tally::hashKey).reduce(Tally::addSites).uid("discover-per-hash").name("discover: pages, hosts and sites per hash")
                .filter(t -> t.hosts() > 0).uid("discover-counted").name("discover: drop texts of uncounted chunks");

        DataStream<HistogramRow> histogram = perHash
                .map(t -> new HistogramRow(t.kind(), t.count(), 1)).uid("discover-histogram-points").name("discover: histogram point")
                .keyBy(r -> r.kind() + ':' + r.occurrences())
                .reduce((a, b) -> new HistogramRow(a.kind(), a.occurrences(), a.items() + b.items()))
                .uid("discover-histogram").name("discover: frequency-occurrence histogram");

        DataStream<DiscoverySummary> pageStats = pageTallies.getSideOutput(DiscoveryFunctions.PAGE_STATS)
                .keyBy(s -> 0).reduce(DiscoverySummary::merge).uid("discover-page-stats").name("discover: pages counted");
        DataStream<DiscoveryThresholds> thresholds = pageStats
                .map(s -> DiscoveryThresholds.of(s.pages(), s.countedChunks(), params.threshold())).uid("discover-thresholds")
                .name("discover: choose thresholds");

        // hashes on one host can be neither a label nor a stop chunk: they stay out of the shuffle
        DataStream<HashCount> frequent = perHash
                .filter(t -> t.hosts() > 1).uid("discover-spread").name("discover: hashes on several hosts")
                .keyBy(Tally::hostSet, Types.LONG)
                .connect(thresholds.broadcast(DiscoveryFunctions.THRESHOLDS))
                .process(new DiscoveryFunctions.Classify(params.template())).uid("discover-classify").name("discover: threshold and template rules");

        String source = params.source();
        DataStream<Label> labels = frequent
                .filter(c -> c.verdict().published()).uid("discover-labelled").name("discover: labelled hashes")
                .map(c -> c.toLabel(source)).uid("discover-labels").name("discover: label records");

        DataStream<DiscoverySummary> summary = pageStats
                .union(thresholds.map(t -> DiscoverySummary.ofRun(params, t)).uid("discover-summary-run").name("discover: summary of rules"),
                        histogram.map(DiscoverySummary::ofHistogram).uid("discover-summary-histogram").name("discover: summary of hashes"),
                        frequent.map(DiscoverySummary::ofFrequent).uid("discover-summary-frequent").name("discover: summary of verdicts"))
                .keyBy(s -> 0).reduce(DiscoverySummary::merge).uid("discover-summary").name("discover: summary");

        return new Result(frequent, labels, histogram, summary);
    }

    /** Chunk texts from the raw pages (distinct countable chunks of each page), for {@link #build}. */
    public static DataStream<ChunkSample> samples(DataStream<PageRecord> rawPages, DiscoveryParams params) {
        return rawPages.flatMap(new DiscoveryFunctions.SampleChunks(params)).uid("discover-sample-chunks").name("discover: chunk texts of a page");
    }
}
