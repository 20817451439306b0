package org.reusedetector.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates the detector's topics when they are missing and waits until they are usable. Safe to run at every
 * start, also by several processes at once: a topic that exists is left as it is, except that its cleanup
 * policy is checked (a labels topic that is not compacted would lose labels to retention).
 */
public final class KafkaTopics {

    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

    private static final Logger LOG = LoggerFactory.getLogger(KafkaTopics.class);
    private static final Duration POLL_INTERVAL = Duration.ofMillis(100);

    private KafkaTopics() {}

    /** The detector's topics named in the configuration ({@code kafka.topics.*}, {@code kafka.partitions}, ...). */
    public static List<TopicSpec> detectorTopics(ReuseDetectorConfig config) {
        return detectorTopics(
                config.get(ReuseDetectorOptions.TOPIC_PAGES),
                config.get(ReuseDetectorOptions.TOPIC_LABELS),
                config.get(ReuseDetectorOptions.TOPIC_ALERTS),
                config.get(ReuseDetectorOptions.TOPIC_VERDICTS),
                config.get(ReuseDetectorOptions.TOPIC_DEAD_LETTERS),
                config.get(ReuseDetectorOptions.KAFKA_PARTITIONS),
                config.get(ReuseDetectorOptions.KAFKA_REPLICATION).shortValue());
    }

    /**
     * {@link #detectorTopics(String, String, String, String, String, int, short)} with the default verdicts topic
     * ({@code kafka.topics.verdicts}).
     */
    public static List<TopicSpec> detectorTopics(
            String pages, String labels, String alerts, String deadLetters, int partitions, short replicationFactor) {
        return detectorTopics(
                pages,
                labels,
                alerts,
                ReuseDetectorOptions.TOPIC_VERDICTS.defaultValue(),
                deadLetters,
                partitions,
                replicationFactor);
    }

    /**
     * Pages, alerts and dead letters expire by retention ({@code cleanup.policy=delete}); labels and verdicts are
     * compacted, one live record per label key or URL prefix. All accept records up to {@link KafkaLimits#MAX_RECORD_BYTES}.
     */
    public static List<TopicSpec> detectorTopics(
            String pages,
            String labels,
            String alerts,
            String verdicts,
            String deadLetters,
            int partitions,
            short replicationFactor) {
        Map<String, String> delete = topicConfig(TopicConfig.CLEANUP_POLICY_DELETE);
        return List.of(
                new TopicSpec(pages, partitions, replicationFactor, delete),
                new TopicSpec(labels, partitions, replicationFactor, topicConfig(TopicConfig.CLEANUP_POLICY_COMPACT)),
                new TopicSpec(alerts, partitions, replicationFactor, delete),
                new TopicSpec(verdicts, partitions, replicationFactor, topicConfig(TopicConfig.CLEANUP_POLICY_COMPACT)),
                new TopicSpec(deadLetters, partitions, replicationFactor, delete));
    }

    /** {@link #ensure(String, List, Duration)} with the {@link #DEFAULT_TIMEOUT}. */
    public static Map<String, Integer> ensure(String bootstrapServers, List<TopicSpec> topics) {
        return ensure(KafkaConnection.plain(bootstrapServers), topics, DEFAULT_TIMEOUT);
    }

    /** {@link #ensure(KafkaConnection, List, Duration)} with the {@link #DEFAULT_TIMEOUT}. */
    public static Map<String, Integer> ensure(KafkaConnection connection, List<TopicSpec> topics) {
        return ensure(connection, topics, DEFAULT_TIMEOUT);
    }

    /** {@link #ensure(KafkaConnection, List, Duration)} on a plaintext connection. */
    public static Map<String, Integer> ensure(String bootstrapServers, List<TopicSpec> topics, Duration timeout) {
        return ensure(KafkaConnection.plain(bootstrapServers), topics, timeout);
    }

    /**
     * Creates the topics that are missing, waits until every partition of every topic has a leader, and checks
     * the cleanup policy of each.
     *
     * @return the partition count of each topic, by name, in the order given
     * @throws IllegalStateException if a topic cannot be created, does not become usable within the timeout, or
     *     exists with another cleanup policy
     */
    public static Map<String, Integer> ensure(KafkaConnection connection, List<TopicSpec> topics, Duration timeout) {
        String bootstrapServers = connection.bootstrapServers();
        long deadline = System.nanoTime() + timeout.toNanos();
        return call(
                connection,
                timeout,
                "creating topics on " + bootstrapServers,
                "create topics on " + bootstrapServers,
                admin -> {
                    List<String> created = create(admin, topics);
                    Map<String, Integer> partitions = awaitLeaders(admin, topics, deadline);
                    checkCleanupPolicies(admin, topics);
                    LOG.info(
                            "Kafka topics ready on {}: partitions {}, created {}",
                            bootstrapServers,
                            partitions,
                            created);
                    return partitions;
                });
    }

    /**
     * The records a topic holds now (its partitions' end offsets less their start offsets; with transactions the
     * commit markers count too). The topic must exist.
     */
    public static long recordCount(KafkaConnection connection, String topic) {
        return call(
                connection,
                DEFAULT_TIMEOUT,
                "reading the offsets of " + topic,
                "read the offsets of " + topic,
                admin -> {
                    TopicDescription description = admin.describeTopics(List.of(topic))
                            .allTopicNames()
                            .get()
                            .get(topic);
                    Map<TopicPartition, OffsetSpec> earliest = new HashMap<>();
                    Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
                    description.partitions().forEach(p -> {
                        earliest.put(new TopicPartition(topic, p.partition()), OffsetSpec.earliest());
                        latest.put(new TopicPartition(topic, p.partition()), OffsetSpec.latest());
                    });
                    long count = 0;
                    for (var end : admin.listOffsets(latest).all().get().entrySet()) {
                        count += end.getValue().offset();
                    }
                    for (var start : admin.listOffsets(earliest).all().get().entrySet()) {
                        count -= start.getValue().offset();
                    }
                    return count;
                });
    }

    /** A call of an admin client, whose futures throw the checked exceptions of {@link java.util.concurrent.Future#get}. */
    @FunctionalInterface
    private interface AdminCall<T> {
        T on(Admin admin) throws InterruptedException, ExecutionException;
    }

    /**
     * Runs {@code call} on an admin client of the connection; an interrupt or a failed request becomes an
     * {@link IllegalStateException} saying what was being done ("interrupted while {@code doing}", "cannot {@code
     * action}: cause").
     */
    private static <T> T call(
            KafkaConnection connection, Duration timeout, String doing, String action, AdminCall<T> call) {
        try (Admin admin = admin(connection, timeout)) {
            return call.on(admin);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while " + doing, e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "cannot " + action + ": " + e.getCause().getMessage(), e.getCause());
        }
    }

    /** An admin client on the connection whose calls give up after {@code timeout}. */
    static Admin admin(KafkaConnection connection, Duration timeout) {
        int timeoutMs = (int) Math.min(Integer.MAX_VALUE, timeout.toMillis());
        return Admin.create(connection.clientConfig(Map.of(
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
                timeoutMs,
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG,
                Math.min(timeoutMs, 30_000))));
    }

    /**
     * Waits until the group coordinator of each consumer group answers. On a new cluster the first group
     * creates Kafka's offsets topic; a source that commits its offsets before that has finished gets
     * {@code CoordinatorNotAvailable} (harmless: the next checkpoint commits again, but it alarms users).
     * Asking for each group's committed offsets makes the coordinator load first. Gives up quietly after
     * {@code timeout}: the job does not depend on it.
     */
    public static void awaitGroupCoordinators(KafkaConnection connection, List<String> groupIds, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try (Admin admin = admin(connection, timeout)) {
            for (String group : groupIds) {
                while (true) {
                    try {
                        admin.listConsumerGroupOffsets(group)
                                .partitionsToOffsetAndMetadata()
                                .get();
                        break;
                    } catch (ExecutionException e) {
                        if (!(e.getCause() instanceof RetriableException) || System.nanoTime() > deadline) {
                            LOG.info(
                                    "Group coordinator of {} not ready yet ({}); the job's first offset commits may be retried",
                                    group,
                                    e.getCause().getMessage());
                            return;
                        }
                        Thread.sleep(POLL_INTERVAL.toMillis());
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Map<String, String> topicConfig(String cleanupPolicy) {
        return Map.of(
                TopicConfig.CLEANUP_POLICY_CONFIG,
                cleanupPolicy,
                TopicConfig.MAX_MESSAGE_BYTES_CONFIG,
                Integer.toString(KafkaLimits.MAX_RECORD_BYTES));
    }

    /** Creates all topics at once; those that already exist are fine. Returns the names created. */
    private static List<String> create(Admin admin, List<TopicSpec> topics)
            throws InterruptedException, ExecutionException {
        List<NewTopic> newTopics = topics.stream()
                .map(t -> new NewTopic(t.name(), t.partitions(), t.replicationFactor()).configs(t.configs()))
                .toList();
        Map<String, KafkaFuture<Void>> results = admin.createTopics(newTopics).values();
        List<String> created = new ArrayList<>();
        for (Map.Entry<String, KafkaFuture<Void>> result : results.entrySet()) {
            try {
                result.getValue().get();
                created.add(result.getKey());
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof TopicExistsException)) {
                    throw e;
                }
                LOG.debug("Topic {} exists", result.getKey());
            }
        }
        return created;
    }

    /**
     * A topic is usable once every partition has a leader that serves it. Metadata can name a leader a moment
     * before the leader has the partition ready; an idempotent producer that meets that gap may get its first
     * batch refused while a later one is accepted, and then cannot deliver the first. Listing the partitions'
     * end offsets asks the leaders themselves.
     */
    private static Map<String, Integer> awaitLeaders(Admin admin, List<TopicSpec> topics, long deadline)
            throws InterruptedException, ExecutionException {
        List<String> names = topics.stream().map(TopicSpec::name).toList();
        while (true) {
            String notReady;
            try {
                Map<String, TopicDescription> descriptions =
                        admin.describeTopics(names).allTopicNames().get();
                notReady = names.stream()
                        .filter(name -> !hasLeaders(descriptions.get(name)))
                        .findFirst()
                        .orElse(null);
                if (notReady == null) {
                    Map<TopicPartition, OffsetSpec> partitions = new HashMap<>();
                    descriptions.forEach((name, description) -> description
                            .partitions()
                            .forEach(
                                    p -> partitions.put(new TopicPartition(name, p.partition()), OffsetSpec.latest())));
                    admin.listOffsets(partitions).all().get();
                    Map<String, Integer> counts = new LinkedHashMap<>();
                    names.forEach(name ->
                            counts.put(name, descriptions.get(name).partitions().size()));
                    return counts;
                }
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof RetriableException)) {
                    throw e;
                }
                notReady = e.getCause().getMessage();
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("topics not usable in time: " + notReady);
            }
            Thread.sleep(POLL_INTERVAL.toMillis());
        }
    }

    private static boolean hasLeaders(TopicDescription description) {
        return description != null
                && !description.partitions().isEmpty()
                && description.partitions().stream()
                        .map(TopicPartitionInfo::leader)
                        .allMatch(leader -> leader != null && !leader.isEmpty());
    }

    private static void checkCleanupPolicies(Admin admin, List<TopicSpec> topics)
            throws InterruptedException, ExecutionException {
        List<TopicSpec> checked =
                topics.stream().filter(t -> t.cleanupPolicy() != null).toList();
        if (checked.isEmpty()) {
            return;
        }
        List<ConfigResource> resources = checked.stream()
                .map(t -> new ConfigResource(ConfigResource.Type.TOPIC, t.name()))
                .toList();
        Map<ConfigResource, Config> configs =
                admin.describeConfigs(resources).all().get();
        for (TopicSpec topic : checked) {
            ConfigEntry entry = configs.get(new ConfigResource(ConfigResource.Type.TOPIC, topic.name()))
                    .get(TopicConfig.CLEANUP_POLICY_CONFIG);
            String actual = entry == null ? null : entry.value();
            if (actual == null || !policies(actual).equals(policies(topic.cleanupPolicy()))) {
                throw new IllegalStateException("topic " + topic.name() + " exists with cleanup.policy=" + actual
                        + " but must have "
                        + topic.cleanupPolicy()
                        + ": alter it (kafka-configs.sh --alter --entity-type topics --entity-name "
                        + topic.name() + " --add-config cleanup.policy=" + topic.cleanupPolicy() + ") or delete it");
            }
        }
    }

    private static Set<String> policies(String value) {
        return Arrays.stream(value.split(","))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .collect(Collectors.toSet());
    }
}
