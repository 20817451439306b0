package org.reusedetector.detection.functions;

import java.util.Optional;
import java.util.SplittableRandom;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.metrics.Counter;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;
import org.reusedetector.detection.DeadLetters;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.JobCounter;
import org.reusedetector.detection.Metrics;
import org.reusedetector.labels.keyed.PageQueries;
import org.reusedetector.model.DeadLetter;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.KeyedMatch;
import org.reusedetector.model.LabelQuery;

/**
 * Keyed label mode: gives each page a join id, sends it to the join ({@link JoinLabelAnswers}) with the number of
 * answers to wait for, and its hashes, grouped per owning partition, to the label partitions ({@link #QUERIES}).
 * Crawler recursion errors become dead letters here, as {@link MatchLabels} does in broadcast mode.
 *
 * <p>Join ids are random 64-bit numbers: unique among the pages in flight with a probability of 1 - n²/2<sup>65</sup>
 * for n pages in flight at once, and nothing to keep across restores (a restored join resumes its own ids).
 */
public final class SplitPages extends ProcessFunction<HashedPage, KeyedMatch> {

    private static final long serialVersionUID = 1L;

    public static final OutputTag<LabelQuery> QUERIES = new OutputTag<>("label-queries") {};

    private final DetectionSettings settings;
    private final LabelPartitionKeys keys;
    private transient int[] partitionKeys;
    private transient SplittableRandom ids;
    private transient JobCounter deadLetters;
    private transient Counter queries;

    public SplitPages(DetectionSettings settings, LabelPartitionKeys keys) {
        this.settings = settings;
        this.keys = keys;
    }

    @Override
    public void open(OpenContext openContext) {
        partitionKeys = keys.keys();
        ids = new SplittableRandom(
                System.nanoTime() ^ ((long) getRuntimeContext().getTaskInfo().getIndexOfThisSubtask() << 48));
        deadLetters = JobCounter.register(getRuntimeContext(), Metrics.DEAD_LETTERS);
        queries = getRuntimeContext().getMetricGroup().counter(Metrics.LABEL_QUERIES);
    }

    @Override
    public void processElement(HashedPage page, Context ctx, Collector<KeyedMatch> out) throws Exception {
        Optional<DeadLetter> recursion = MatchLabels.recursionDeadLetter(settings, page);
        if (recursion.isPresent()) {
            deadLetters.inc();
            ctx.output(DeadLetters.TAG, recursion.get());
            return;
        }
        long id = ids.nextLong();
        var pageQueries = PageQueries.of(id, page, partitionKeys);
        out.collect(KeyedMatch.page(id, page, pageQueries.size()));
        for (LabelQuery query : pageQueries) {
            ctx.output(QUERIES, query);
        }
        queries.inc(pageQueries.size());
    }
}
