package org.reusedetector.detection.functions;

import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.util.Collector;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.QuiltBatch;
import org.reusedetector.shingle.QuiltStream;

/**
 * The quilt signal's first step: a page's sampled grams (computed by {@link ParseAndHash}), one record per index
 * shard that holds any of them.
 */
public final class QuiltGrams implements FlatMapFunction<HashedPage, QuiltBatch> {

    private static final String[] NO_URLS = new String[0];
    private static final int[] NONE = new int[0];

    private final QuiltStream quilt;

    public QuiltGrams(QuiltStream quilt) {
        this.quilt = quilt;
    }

    @Override
    public void flatMap(HashedPage page, Collector<QuiltBatch> out) {
        long[] grams = page.quiltGrams();
        if (grams == null || grams.length < Math.max(1, quilt.minGrams())) {
            return; // too little text to judge
        }
        long[][] byShard = quilt.byShard(grams);
        int batches = 0;
        for (long[] shard : byShard) {
            batches += shard == null ? 0 : 1;
        }
        for (int s = 0; s < byShard.length; s++) {
            if (byShard[s] != null) {
                out.collect(new QuiltBatch(page.url(), page.eventTime(), s, batches, byShard[s], NO_URLS, NONE, NONE));
            }
        }
    }
}
