package org.reusedetector.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.kafka.KafkaLimits;
import org.reusedetector.kafka.KafkaTopics;
import org.reusedetector.kafka.TopicSpec;

@ExtendWith(KafkaBrokerExtension.class)
class EmbeddedKafkaBrokerITCase {

    private final String bootstrap = KafkaBrokerExtension.bootstrapServers();

    @Test
    void createsTheDetectorTopicsOnceWithTheirPolicies() throws Exception {
        List<TopicSpec> specs = KafkaTopics.detectorTopics(
                KafkaBrokerExtension.uniqueName("pages"),
                KafkaBrokerExtension.uniqueName("labels"),
                KafkaBrokerExtension.uniqueName("alerts"),
                KafkaBrokerExtension.uniqueName("verdicts"),
                KafkaBrokerExtension.uniqueName("dead-letters"),
                2,
                (short) 1);

        Map<String, Integer> created = KafkaTopics.ensure(bootstrap, specs);
        Map<String, Integer> again = KafkaTopics.ensure(bootstrap, specs);

        assertThat(created)
                .containsOnlyKeys(specs.stream().map(TopicSpec::name).toList())
                .allSatisfy((name, partitions) -> assertThat(partitions).isEqualTo(2));
        assertThat(again).isEqualTo(created);
        try (Admin admin = admin()) {
            Map<String, String> policies = Map.of(
                    specs.get(0).name(),
                    "delete",
                    specs.get(1).name(),
                    "compact",
                    specs.get(2).name(),
                    "delete",
                    specs.get(3).name(),
                    "compact",
                    specs.get(4).name(),
                    "delete");
            for (Map.Entry<String, String> expected : policies.entrySet()) {
                ConfigResource topic = new ConfigResource(ConfigResource.Type.TOPIC, expected.getKey());
                Config config =
                        admin.describeConfigs(List.of(topic)).all().get().get(topic);
                assertThat(config.get("cleanup.policy").value())
                        .as(expected.getKey())
                        .isEqualTo(expected.getValue());
                assertThat(config.get("max.message.bytes").value())
                        .isEqualTo(Integer.toString(KafkaLimits.MAX_RECORD_BYTES));
            }
        }
    }

    @Test
    void keepsTheSizeOfAnExistingTopicButRejectsAWrongCleanupPolicy() throws Exception {
        String labels = KafkaBrokerExtension.uniqueName("labels");
        try (Admin admin = admin()) {
            admin.createTopics(List.of(new NewTopic(labels, 3, (short) 1).configs(Map.of("cleanup.policy", "delete"))))
                    .all()
                    .get();
        }
        TopicSpec compacted = new TopicSpec(labels, 1, (short) 1, Map.of("cleanup.policy", "compact"));
        TopicSpec anyPolicy = new TopicSpec(labels, 1, (short) 1, Map.of());

        assertThatThrownBy(() -> KafkaTopics.ensure(bootstrap, List.of(compacted)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(labels)
                .hasMessageContaining("cleanup.policy=delete");
        assertThat(KafkaTopics.ensure(bootstrap, List.of(anyPolicy))).containsExactly(Map.entry(labels, 3));
    }

    @Test
    void producesAndConsumes() throws Exception {
        String topic = createTopic(2);
        try (KafkaProducer<String, String> producer = producer(Map.of())) {
            for (int i = 0; i < 10; i++) {
                producer.send(new ProducerRecord<>(topic, "k" + i, "v" + i)).get();
            }
        }

        List<ConsumerRecord<String, String>> records = TopicContents.readAll(bootstrap, topic);

        assertThat(records)
                .extracting(r -> r.key() + "=" + r.value())
                .containsExactlyInAnyOrder(
                        "k0=v0", "k1=v1", "k2=v2", "k3=v3", "k4=v4", "k5=v5", "k6=v6", "k7=v7", "k8=v8", "k9=v9");
    }

    @Test
    void readCommittedConsumersSeeCommittedTransactionsOnly() throws Exception {
        String topic = createTopic(2);
        Map<String, Object> transactional = Map.of(
                ProducerConfig.TRANSACTIONAL_ID_CONFIG,
                KafkaBrokerExtension.uniqueName("tx"),
                // what Flink's exactly-once Kafka sink asks for by default; the broker must allow it
                ProducerConfig.TRANSACTION_TIMEOUT_CONFIG,
                (int) TimeUnit.HOURS.toMillis(1));
        try (KafkaProducer<String, String> producer = producer(transactional)) {
            producer.initTransactions();
            producer.beginTransaction();
            producer.send(new ProducerRecord<>(topic, "a", "committed-1"));
            producer.send(new ProducerRecord<>(topic, "b", "committed-2"));
            producer.commitTransaction();
            producer.beginTransaction();
            producer.send(new ProducerRecord<>(topic, "a", "aborted-1"));
            producer.send(new ProducerRecord<>(topic, "b", "aborted-2"));
            producer.flush();
            producer.abortTransaction();
        }

        List<ConsumerRecord<String, String>> committed =
                TopicContents.readAll(bootstrap, topic, IsolationLevel.READ_COMMITTED);
        List<ConsumerRecord<String, String>> everything =
                TopicContents.readAll(bootstrap, topic, IsolationLevel.READ_UNCOMMITTED);

        assertThat(committed).extracting(ConsumerRecord::value).containsExactlyInAnyOrder("committed-1", "committed-2");
        assertThat(everything)
                .extracting(ConsumerRecord::value)
                .containsExactlyInAnyOrder("committed-1", "committed-2", "aborted-1", "aborted-2");
    }

    @Test
    void keepsTopicsInItsDataDirectoryAcrossRestartsOnAFixedPort(@TempDir Path dataDir) throws Exception {
        int port = freePort();
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start(port, dataDir)) {
            assertThat(broker.bootstrapServers()).isEqualTo("localhost:" + port);
            assertThat(broker.port()).isEqualTo(port);
            KafkaTopics.ensure(broker.bootstrapServers(), List.of(new TopicSpec("kept", 1, (short) 1, Map.of())));
            try (KafkaProducer<String, String> producer = producer(broker.bootstrapServers(), Map.of())) {
                producer.send(new ProducerRecord<>("kept", "key", "before restart"))
                        .get();
            }
        }

        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start(port, dataDir)) {
            assertThat(broker.bootstrapServers()).isEqualTo("localhost:" + port);
            assertThat(TopicContents.readAll(broker.bootstrapServers(), "kept"))
                    .extracting(r -> r.key() + "=" + r.value())
                    .containsExactly("key=before restart");
        }
        assertThat(dataDir).isNotEmptyDirectory();
    }

    @Test
    void saysSoWhenItsPortIsTaken() {
        int taken = Integer.parseInt(bootstrap.substring(bootstrap.lastIndexOf(':') + 1));

        assertThatThrownBy(() -> EmbeddedKafkaBroker.start(taken, null))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("port " + taken)
                .hasMessageContaining("port in use");
    }

    private String createTopic(int partitions) {
        String topic = KafkaBrokerExtension.uniqueName("topic");
        KafkaTopics.ensure(bootstrap, List.of(new TopicSpec(topic, partitions, (short) 1, Map.of())));
        return topic;
    }

    private Admin admin() {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap));
    }

    private KafkaProducer<String, String> producer(Map<String, Object> settings) {
        return producer(bootstrap, settings);
    }

    private static KafkaProducer<String, String> producer(String bootstrapServers, Map<String, Object> settings) {
        Map<String, Object> config = new HashMap<>(settings);
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        return new KafkaProducer<>(config);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
