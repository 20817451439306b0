package org.reusedetector.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.reusedetector.config.ConfigException;
import org.reusedetector.config.ReuseDetectorConfig;

class KafkaConnectionTest {

    private static final String JAAS =
            "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"detector\" password=\"p4ss-w0rd\";";

    @Test
    void kafkaPropertiesPassThroughToEveryClientConfigurationAfterTheClientsDefaults() {
        ReuseDetectorConfig config = ReuseDetectorConfig.load(
                null,
                List.of(
                        "kafka.bootstrap-servers=broker:9093",
                        "kafka.properties.security.protocol=SASL_SSL",
                        "kafka.properties.sasl.mechanism=PLAIN",
                        "kafka.properties.sasl.jaas.config=" + JAAS,
                        "kafka.properties.compression.type=zstd"));
        KafkaConnection connection = KafkaConnection.of(config);

        Map<String, Object> client = connection.clientConfig(Map.of("compression.type", "lz4", "acks", "all"));
        assertThat(client)
                .containsEntry("bootstrap.servers", "broker:9093")
                .containsEntry("security.protocol", "SASL_SSL")
                .containsEntry("sasl.jaas.config", JAAS)
                .containsEntry("compression.type", "zstd")
                .containsEntry("acks", "all");
        assertThat(connection.clientProperties()).containsEntry("sasl.mechanism", "PLAIN");
    }

    @Test
    void theConfigurationKeepsKafkaPropertiesThroughCopies() {
        ReuseDetectorConfig config = ReuseDetectorConfig.load(null, List.of("kafka.properties.security.protocol=SSL"))
                .with(Map.of("job.parallelism", "3"));
        assertThat(config.kafkaProperties()).containsExactly(Map.entry("security.protocol", "SSL"));
    }

    @Test
    void settingsTheJobFixesForExactlyOnceCannotBeOverridden() {
        assertThatThrownBy(() ->
                        ReuseDetectorConfig.load(null, List.of("kafka.properties.isolation.level=read_uncommitted")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("kafka.properties.isolation.level");
        assertThatThrownBy(() -> ReuseDetectorConfig.load(null, List.of("kafka.properties.bootstrap.servers=x:1")))
                .isInstanceOf(ConfigException.class);
    }

    @Test
    void secretsAreRedactedWhereverTheConnectionIsPrinted() {
        KafkaConnection connection = new KafkaConnection(
                "broker:9093",
                Map.of(
                        "sasl.jaas.config", JAAS,
                        "ssl.truststore.password", "trust-secret",
                        "ssl.keystore.password", "store-secret",
                        "ssl.key.password", "key-secret",
                        "sasl.oauthbearer.client.credentials.client.secret", "oauth-secret",
                        "security.protocol", "SASL_SSL"));
        String printed = connection.toString() + KafkaConnection.redacted(connection.properties());
        assertThat(printed)
                .doesNotContain("p4ss-w0rd", "trust-secret", "store-secret", "key-secret", "oauth-secret")
                .contains("SASL_SSL", "broker:9093", KafkaConnection.REDACTED);
        assertThat(KafkaConnection.isSecret("ssl.truststore.location")).isFalse();
        assertThat(KafkaConnection.isSecret("sasl.mechanism")).isFalse();
    }
}
