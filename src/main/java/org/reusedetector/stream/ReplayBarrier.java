package org.reusedetector.stream;

import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.kafka.clients.consumer.OffsetResetStrategy;
import org.apache.kafka.common.TopicPartition;

/**
 * A replay into the pages topic that runs while a bounded job on a local mini cluster starts, so that the job's start
 * (cluster, tasks, state, the labelled set) and the replay overlap. The job's pages source takes its stopping offsets
 * (the topic's end, as a bounded run always does) only once the replay has ended: {@link #stoppingOffsets}. The
 * barrier lives in this JVM, so a job submitted to a cluster cannot use it; there the replay runs before the job.
 */
public final class ReplayBarrier {

    private static final Map<String, CompletableFuture<Void>> REPLAYS = new ConcurrentHashMap<>();

    private ReplayBarrier() {}

    /** A new barrier, open until {@link #passed} or {@link #failed}; its id goes into the job's wiring. */
    public static String open() {
        String id = UUID.randomUUID().toString();
        REPLAYS.put(id, new CompletableFuture<>());
        return id;
    }

    /** The replay ended: the job may take the topic's end as its stopping offsets. */
    public static void passed(String id) {
        future(id).complete(null);
    }

    /** The replay failed: the job fails too (its pages source cannot know where to stop). */
    public static void failed(String id, Throwable cause) {
        future(id).completeExceptionally(cause);
    }

    /** Forgets a barrier whose job has ended. */
    public static void close(String id) {
        REPLAYS.remove(id);
    }

    /** Stopping offsets: the topic's end once the replay behind barrier {@code id} has ended. */
    static OffsetsInitializer stoppingOffsets(String id, Duration timeout) {
        return new AfterReplay(id, timeout.toMillis());
    }

    private static CompletableFuture<Void> future(String id) {
        CompletableFuture<Void> future = REPLAYS.get(id);
        if (future == null) {
            throw new IllegalStateException("no replay " + id + " in this JVM");
        }
        return future;
    }

    /** Waits for the replay (on the source enumerator's worker thread, so only the pages' splits wait), then latest. */
    private record AfterReplay(String id, long timeoutMillis) implements OffsetsInitializer {
        @Override
        public Map<TopicPartition, Long> getPartitionOffsets(
                Collection<TopicPartition> partitions, PartitionOffsetsRetriever retriever) {
            try {
                future(id).get(timeoutMillis, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the replay of the pages", e);
            } catch (ExecutionException e) {
                throw new IllegalStateException("the replay of the pages failed: " + e.getCause(), e.getCause());
            } catch (TimeoutException e) {
                throw new IllegalStateException("the replay of the pages did not end within " + timeoutMillis + " ms");
            }
            return OffsetsInitializer.latest().getPartitionOffsets(partitions, retriever);
        }

        @Override
        public OffsetResetStrategy getAutoOffsetResetStrategy() {
            return OffsetsInitializer.latest().getAutoOffsetResetStrategy();
        }
    }
}
