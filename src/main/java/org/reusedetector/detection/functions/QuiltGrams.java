package org.reusedetector.detection.functions;

import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.util.Collector;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.QuiltGram;

/** The quilt signal's first step: one record per sampled gram of a page (computed by {@link ParseAndHash}). */
public final class QuiltGrams implements FlatMapFunction<HashedPage, QuiltGram> {

    private static final String[] NONE = new String[0];

    private final int minGrams;

    public QuiltGrams(int minGrams) {
        this.minGrams = minGrams;
    }

    @Override
    public void flatMap(HashedPage page, Collector<QuiltGram> out) {
        long[] grams = page.quiltGrams();
        if (grams == null || grams.length < Math.max(1, minGrams)) {
            return; // too little text to judge
        }
        for (long gram : grams) {
            out.collect(new QuiltGram(page.url(), page.eventTime(), gram, grams.length, NONE));
        }
    }
}
