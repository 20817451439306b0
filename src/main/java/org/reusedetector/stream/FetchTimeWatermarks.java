package org.reusedetector.stream;

import java.util.function.LongSupplier;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.common.eventtime.WatermarkGenerator;
import org.apache.flink.api.common.eventtime.WatermarkOutput;

/**
 * Watermarks of one partition of the pages topic: the newest fetch time seen less {@code job.out-of-orderness}, so
 * that pages up to that much out of fetch order still take their place; and, once the partition has been quiet for a
 * while, the newest fetch time itself. Without that, the last pages of a crawl that has paused would wait for the next
 * page to be judged in their neighbourhoods. A page that comes after the pause and is older than the newest one is
 * then late (taken on arrival): a producer that pauses for longer than {@code quietMillis} and then sends older pages
 * gets no ordering guarantee for them.
 */
final class FetchTimeWatermarks<T> implements WatermarkGenerator<T> {

    private final long outOfOrdernessMillis;
    private final long quietMillis;
    private final LongSupplier clock;
    private long newest = Long.MIN_VALUE;
    private long lastEventAt;
    private long emitted = Long.MIN_VALUE;

    FetchTimeWatermarks(long outOfOrdernessMillis, long quietMillis, LongSupplier clock) {
        this.outOfOrdernessMillis = outOfOrdernessMillis;
        this.quietMillis = quietMillis;
        this.clock = clock;
        this.lastEventAt = clock.getAsLong();
    }

    @Override
    public void onEvent(T event, long eventTimestamp, WatermarkOutput output) {
        newest = Math.max(newest, eventTimestamp);
        lastEventAt = clock.getAsLong();
    }

    @Override
    public void onPeriodicEmit(WatermarkOutput output) {
        if (newest == Long.MIN_VALUE) {
            return;
        }
        boolean quiet = clock.getAsLong() - lastEventAt >= quietMillis;
        long watermark = quiet ? newest : newest - outOfOrdernessMillis - 1;
        if (watermark > emitted) {
            emitted = watermark;
            output.emitWatermark(new Watermark(watermark));
        }
    }
}
