package org.reusedetector.detection.functions;

import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.util.Collector;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.QuiltBatch;
import org.reusedetector.model.QuiltName;
import org.reusedetector.shingle.QuiltStream;

/**
 * The quilt signal's first step: a page's sampled grams (computed by {@link ParseAndHash}), one record per index
 * shard that holds any of them, the page named by its holder id and its URL in the first record only.
 */
public final class QuiltGrams implements FlatMapFunction<HashedPage, QuiltBatch> {

    private static final long[] NO_HOLDERS = new long[0];
    private static final int[] NONE = new int[0];

    private final QuiltStream quilt;

    public QuiltGrams(QuiltStream quilt) {
        this.quilt = quilt;
    }

    /** Whether the page is judged (and indexed) at all: pages with too little text are neither. */
    static boolean judged(HashedPage page, QuiltStream quilt) {
        return page.quiltGrams() != null && page.quiltGrams().length >= Math.max(1, quilt.minGrams());
    }

    @Override
    public void flatMap(HashedPage page, Collector<QuiltBatch> out) {
        if (!judged(page, quilt)) {
            return; // too little text to judge
        }
        long[][] byShard = quilt.byShard(page.quiltGrams());
        int batches = 0;
        for (long[] shard : byShard) {
            batches += shard == null ? 0 : 1;
        }
        long self = QuiltStream.holderId(page.url());
        String url = page.url();
        for (int s = 0; s < byShard.length; s++) {
            if (byShard[s] != null) {
                out.collect(new QuiltBatch(self, url, page.eventTime(), s, batches, byShard[s], NONE, NO_HOLDERS));
                url = "";
            }
        }
    }

    /** A judged page's registration with {@link NameQuiltSources}, which names quilt sources by their holder ids. */
    public static FlatMapFunction<HashedPage, QuiltName> registrations(QuiltStream quilt) {
        return (page, out) -> {
            if (judged(page, quilt)) {
                out.collect(QuiltName.registration(QuiltStream.holderId(page.url()), page.url()));
            }
        };
    }
}
