package org.reusedetector.detection;

import org.apache.flink.api.common.accumulators.LongMaximum;
import org.apache.flink.api.common.accumulators.LongMinimum;
import org.apache.flink.api.common.functions.RuntimeContext;

/**
 * Wall-clock span of a bounded run's processing, from the first page parsed to the last page matched, as two
 * accumulators merged over every subtask (minimum of the starts, maximum of the ends). A run's net runtime also
 * holds the job's start and its final checkpoint, which a checkpoint interval longer than the run turns into a
 * wait of up to one interval; the benchmarks compare signals off and on by this span instead.
 */
public final class ProcessingSpan {

    private ProcessingSpan() {}

    /** The start: called by the operator that parses pages, on its first page. */
    public static Start start(RuntimeContext context) {
        // operators chained into one task share its accumulators: the first registers, the others reuse it
        Object registered = context.getAccumulator(Metrics.FIRST_PAGE_PARSED_MILLIS);
        if (registered instanceof LongMinimum first) {
            return new Start(first);
        }
        LongMinimum first = new LongMinimum();
        context.addAccumulator(Metrics.FIRST_PAGE_PARSED_MILLIS, first);
        return new Start(first);
    }

    /** The end: called by every operator that finishes a page's processing, on each page. */
    public static End end(RuntimeContext context) {
        Object registered = context.getAccumulator(Metrics.LAST_PAGE_MATCHED_MILLIS);
        if (registered instanceof LongMaximum last) {
            return new End(last);
        }
        LongMaximum last = new LongMaximum();
        context.addAccumulator(Metrics.LAST_PAGE_MATCHED_MILLIS, last);
        return new End(last);
    }

    public static final class Start {
        private final LongMinimum first;
        private boolean marked;

        private Start(LongMinimum first) {
            this.first = first;
        }

        public void mark() {
            if (!marked) {
                first.add(System.currentTimeMillis());
                marked = true;
            }
        }
    }

    public static final class End {
        private final LongMaximum last;

        private End(LongMaximum last) {
            this.last = last;
        }

        public void mark() {
            last.add(System.currentTimeMillis());
        }
    }
}
