package org.reusedetector.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/** The pages source of a bounded run takes its stopping offsets, the topic's end, only once the replay has ended. */
class ReplayBarrierTest {

    private static final List<TopicPartition> PARTITIONS =
            List.of(new TopicPartition("pages", 0), new TopicPartition("pages", 1));

    /** End offsets that grow as the replay writes: what a source took before the end would stop too early. */
    private static final class Topic implements OffsetsInitializer.PartitionOffsetsRetriever {
        volatile long end;

        @Override
        public Map<TopicPartition, Long> endOffsets(Collection<TopicPartition> partitions) {
            return partitions.stream().collect(Collectors.toMap(p -> p, p -> end));
        }

        @Override
        public Map<TopicPartition, Long> committedOffsets(Collection<TopicPartition> partitions) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Map<TopicPartition, Long> beginningOffsets(Collection<TopicPartition> partitions) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Map<TopicPartition, OffsetAndTimestamp> offsetsForTimes(Map<TopicPartition, Long> timestamps) {
            throw new UnsupportedOperationException();
        }
    }

    @Test
    void stoppingOffsetsAreTheEndAfterTheReplay() throws Exception {
        String barrier = ReplayBarrier.open();
        try {
            Topic topic = new Topic();
            OffsetsInitializer stopping = ReplayBarrier.stoppingOffsets(barrier, Duration.ofMinutes(1));
            CompletableFuture<Map<TopicPartition, Long>> offsets =
                    CompletableFuture.supplyAsync(() -> stopping.getPartitionOffsets(PARTITIONS, topic));
            topic.end = 10;
            Thread.sleep(200);
            assertThat(offsets).isNotDone();
            topic.end = 42;
            ReplayBarrier.passed(barrier);
            assertThat(offsets.get(10, TimeUnit.SECONDS))
                    .containsOnlyKeys(PARTITIONS)
                    .containsValue(42L);
        } finally {
            ReplayBarrier.close(barrier);
        }
    }

    @Test
    void aFailedReplayFailsTheSource() {
        String barrier = ReplayBarrier.open();
        try {
            ReplayBarrier.failed(barrier, new IllegalStateException("broker gone"));
            OffsetsInitializer stopping = ReplayBarrier.stoppingOffsets(barrier, Duration.ofMinutes(1));
            assertThatThrownBy(() -> stopping.getPartitionOffsets(PARTITIONS, new Topic()))
                    .hasMessageContaining("replay of the pages failed")
                    .hasMessageContaining("broker gone");
        } finally {
            ReplayBarrier.close(barrier);
        }
    }
}
