package org.reusedetector.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.common.eventtime.WatermarkOutput;
import org.junit.jupiter.api.Test;

class FetchTimeWatermarksTest {

    private final AtomicLong now = new AtomicLong(1_000_000);
    private final List<Long> emitted = new ArrayList<>();
    private final WatermarkOutput output = new WatermarkOutput() {
        @Override
        public void emitWatermark(Watermark watermark) {
            emitted.add(watermark.getTimestamp());
        }

        @Override
        public void markIdle() {}

        @Override
        public void markActive() {}
    };

    @Test
    void theWatermarkTrailsTheNewestFetchTimeByTheBoundUntilThePartitionIsQuiet() {
        var generator = new FetchTimeWatermarks<String>(60_000, 30_000, now::get);
        generator.onPeriodicEmit(output);
        assertThat(emitted).isEmpty(); // no page yet: no watermark

        generator.onEvent("a", 500_000, output);
        generator.onEvent("b", 400_000, output); // out of order, within the bound
        generator.onPeriodicEmit(output);
        assertThat(emitted).containsExactly(500_000L - 60_000 - 1);

        now.addAndGet(29_999);
        generator.onPeriodicEmit(output);
        assertThat(emitted).hasSize(1); // not quiet yet, nothing new

        now.addAndGet(1);
        generator.onPeriodicEmit(output);
        assertThat(emitted).containsExactly(500_000L - 60_000 - 1, 500_000L); // quiet: caught up

        generator.onEvent("c", 450_000, output); // late after the pause
        generator.onPeriodicEmit(output);
        assertThat(emitted).hasSize(2); // watermarks never go back
    }
}
