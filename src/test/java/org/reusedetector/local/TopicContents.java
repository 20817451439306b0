package org.reusedetector.local;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/** Reads what a topic holds, for assertions in integration tests. */
public final class TopicContents {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    /** How long a read_committed read waits for open transactions' markers (a stuck transaction must not hang a test). */
    private static final Duration SETTLE = Duration.ofSeconds(3);

    private TopicContents() {}

    /** Every record of every partition up to the end offsets at the time of the call, committed ones only. */
    public static List<ConsumerRecord<String, String>> readAll(String bootstrapServers, String topic) {
        return readAll(bootstrapServers, topic, IsolationLevel.READ_COMMITTED);
    }

    /**
     * Every record of every partition up to the end offsets at the time of the call (for read_committed: up to
     * the last stable offset), partition by partition in offset order.
     */
    public static List<ConsumerRecord<String, String>> readAll(
            String bootstrapServers, String topic, IsolationLevel isolation) {
        return readAll(bootstrapServers, Map.of(), topic, isolation);
    }

    /** As {@link #readAll(String, String, IsolationLevel)}, with further client properties (TLS, SASL). */
    public static List<ConsumerRecord<String, String>> readAll(
            String bootstrapServers, Map<String, ?> clientProperties, String topic, IsolationLevel isolation) {
        Map<String, Object> config = new java.util.HashMap<>(clientProperties);
        config.putAll(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                isolation.toString().toLowerCase(Locale.ROOT),
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                false,
                ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG,
                32 * 1024 * 1024,
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class));
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config)) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic, TIMEOUT).stream()
                    .map(p -> new TopicPartition(topic, p.partition()))
                    .sorted((a, b) -> Integer.compare(a.partition(), b.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            if (isolation == IsolationLevel.READ_COMMITTED) {
                awaitSettledTransactions(config, partitions);
            }
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions, TIMEOUT);
            List<ConsumerRecord<String, String>> records = new ArrayList<>();
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (partitions.stream().anyMatch(tp -> consumer.position(tp, TIMEOUT) < end.get(tp))) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("did not reach the end of " + topic + " in " + TIMEOUT);
                }
                consumer.poll(Duration.ofMillis(200)).forEach(records::add);
            }
            records.sort((a, b) -> a.partition() != b.partition()
                    ? Integer.compare(a.partition(), b.partition())
                    : Long.compare(a.offset(), b.offset()));
            return records.stream()
                    .filter(r -> r.offset() < end.get(new TopicPartition(r.topic(), r.partition())))
                    .toList();
        }
    }

    /**
     * A transaction's commit returns before the broker has written its markers, so right after a job ends the last
     * stable offset can still lag the log end: waits (up to {@link #SETTLE}) until they agree, so that a read_committed
     * read sees every transaction the job committed.
     */
    private static void awaitSettledTransactions(Map<String, Object> consumerConfig, List<TopicPartition> partitions) {
        Map<String, Object> adminConfig = new java.util.HashMap<>();
        consumerConfig.forEach((key, value) -> {
            if (!key.startsWith("key.")
                    && !key.startsWith("value.")
                    && !key.equals(ConsumerConfig.ISOLATION_LEVEL_CONFIG)
                    && !key.equals(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG)
                    && !key.equals(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG)) {
                adminConfig.put(key, value);
            }
        });
        long deadline = System.nanoTime() + SETTLE.toNanos();
        try (Admin admin = Admin.create(adminConfig)) {
            Map<TopicPartition, OffsetSpec> latest = new java.util.HashMap<>();
            partitions.forEach(tp -> latest.put(tp, OffsetSpec.latest()));
            while (System.nanoTime() < deadline) {
                var stable = admin.listOffsets(latest, new ListOffsetsOptions(IsolationLevel.READ_COMMITTED))
                        .all()
                        .get();
                var logEnd = admin.listOffsets(latest, new ListOffsetsOptions(IsolationLevel.READ_UNCOMMITTED))
                        .all()
                        .get();
                if (partitions.stream()
                        .allMatch(
                                tp -> stable.get(tp).offset() == logEnd.get(tp).offset())) {
                    return;
                }
                Thread.sleep(100);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException e) {
            // best effort: the read below still returns what is committed
        }
    }

    /** The broker's ongoing transactions, as "transactional id (producer id, started at epoch ms, partitions)": what pins a last stable offset. */
    public static List<String> openTransactions(String bootstrapServers) {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrapServers))) {
            List<String> ids = admin
                    .listTransactions(new org.apache.kafka.clients.admin.ListTransactionsOptions()
                            .filterStates(List.of(org.apache.kafka.clients.admin.TransactionState.ONGOING)))
                    .all()
                    .get()
                    .stream()
                    .map(org.apache.kafka.clients.admin.TransactionListing::transactionalId)
                    .sorted()
                    .toList();
            List<String> described = new ArrayList<>();
            if (!ids.isEmpty()) {
                admin.describeTransactions(ids)
                        .all()
                        .get()
                        .forEach((id, d) -> described.add(id + " (producer " + d.producerId() + ", started "
                                + d.transactionStartTimeMs().orElse(-1) + ", " + d.topicPartitions() + ")"));
            }
            return described;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }
}
