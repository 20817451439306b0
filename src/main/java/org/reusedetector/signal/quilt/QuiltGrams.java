package org.reusedetector.signal.quilt;

import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.runtime.state.KeyGroupRangeAssignment;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;
import org.reusedetector.model.HashedPage;

/**
 * The quilt signal's first step: a page's sampled grams (computed in the parse step, {@link QuiltPageSignal}), one record per index
 * shard that holds any of them, the page named by its holder id and its URL in the first record only; and, in {@link
 * #REGISTRATIONS}, the page's registration with {@link NameQuiltSources}, which names quilt sources by their holder
 * ids (one operator for both, so the page is handed over, and copied, once).
 */
public final class QuiltGrams extends ProcessFunction<HashedPage, QuiltBatch> {

    /** Judged pages' registrations with {@link NameQuiltSources}. */
    public static final OutputTag<QuiltName> REGISTRATIONS = new OutputTag<>(QuiltSignal.QUILT_REGISTRATIONS) {};

    private static final long[] NO_HOLDERS = new long[0];
    private static final int[] NONE = new int[0];

    private final QuiltStream quilt;
    private transient int[] shardKeys;

    public QuiltGrams(QuiltStream quilt) {
        this.quilt = quilt;
    }

    @Override
    public void open(OpenContext openContext) {
        shardKeys = shardKeys(quilt.shards(), getRuntimeContext().getTaskInfo().getMaxNumberOfParallelSubtasks());
    }

    /**
     * The index's key for each shard: an int in key group s · G / shards (G the job's key groups, its max parallelism),
     * so that the shards are spread evenly over the key groups and thus over the index's subtasks, whatever the
     * parallelism (Flink gives each subtask a contiguous range of key groups; the shard numbers themselves hash to key
     * groups at random, and 4 of them can all land on one of 2 subtasks). The keys depend on G only, which a job keeps
     * across restores and rescaling, so the index's state stays where it is found.
     */
    static int[] shardKeys(int shards, int keyGroups) {
        int[] keys = new int[shards];
        for (int s = 0; s < shards; s++) {
            int group = (int) ((long) s * keyGroups / shards);
            int key = 0;
            while (KeyGroupRangeAssignment.assignToKeyGroup(key, keyGroups) != group) {
                key++;
            }
            keys[s] = key;
        }
        return keys;
    }

    /** Whether the page is judged (and indexed) at all: pages with too little text are neither. */
    static boolean judged(HashedPage page, QuiltStream quilt) {
        long[] grams = page.result(QuiltPageSignal.GRAMS);
        return grams != null && grams.length >= Math.max(1, quilt.minGrams());
    }

    @Override
    public void processElement(HashedPage page, Context ctx, Collector<QuiltBatch> out) {
        if (!judged(page, quilt)) {
            return; // too little text to judge
        }
        long self = QuiltStream.holderId(page.url());
        ctx.output(REGISTRATIONS, QuiltName.registration(self, page.url()));
        long[][] byShard = quilt.byShard(page.result(QuiltPageSignal.GRAMS));
        int batches = 0;
        for (long[] shard : byShard) {
            batches += shard == null ? 0 : 1;
        }
        String url = page.url();
        for (int s = 0; s < byShard.length; s++) {
            if (byShard[s] != null) {
                out.collect(new QuiltBatch(
                        self, url, page.eventTime(), shardKeys[s], batches, byShard[s], NONE, NO_HOLDERS));
                url = "";
            }
        }
    }
}
