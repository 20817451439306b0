package org.reusedetector.kafka;

import java.util.Collections;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;

/**
 * How every Kafka client of the detector reaches the cluster: the bootstrap servers and the
 * {@code kafka.properties.*} of the configuration (security protocol, TLS stores, SASL mechanism and JAAS
 * login, timeouts), applied on top of each client's own defaults. {@link #toString()} redacts secrets, so a
 * connection may be logged.
 *
 * @param bootstrapServers the cluster
 * @param properties client properties, passed as they are
 */
public record KafkaConnection(String bootstrapServers, Map<String, String> properties) {

    /** What replaces a secret value wherever a configuration is printed or logged. */
    public static final String REDACTED = "******";

    public KafkaConnection {
        properties = Collections.unmodifiableMap(new TreeMap<>(properties));
    }

    /** A connection without client properties (plaintext, no authentication). */
    public static KafkaConnection plain(String bootstrapServers) {
        return new KafkaConnection(bootstrapServers, Map.of());
    }

    /** The configured cluster ({@code kafka.bootstrap-servers}) with the configured client properties. */
    public static KafkaConnection of(ReuseDetectorConfig config) {
        return of(config.get(ReuseDetectorOptions.KAFKA_BOOTSTRAP_SERVERS), config);
    }

    /** The given cluster (say, the embedded broker) with the configured client properties. */
    public static KafkaConnection of(String bootstrapServers, ReuseDetectorConfig config) {
        return new KafkaConnection(bootstrapServers, config.kafkaProperties());
    }

    /** A client configuration: {@code defaults}, then the client properties, then the bootstrap servers. */
    public Map<String, Object> clientConfig(Map<String, Object> defaults) {
        Map<String, Object> config = new HashMap<>(defaults);
        config.putAll(properties);
        config.put("bootstrap.servers", bootstrapServers);
        return config;
    }

    /** The client properties as {@link Properties} (for Flink's Kafka source and sink builders). */
    public Properties clientProperties() {
        Properties result = new Properties();
        result.putAll(properties);
        return result;
    }

    /**
     * True for a property whose value is a secret: passwords (TLS key and store passwords, SASL), JAAS
     * configurations (they hold the SASL password), tokens, keys and secrets of OAuth and cloud logins.
     */
    public static boolean isSecret(String property) {
        String key = property.toLowerCase(Locale.ROOT);
        return key.contains("password")
                || key.contains("jaas")
                || key.contains("secret")
                || key.contains("token")
                || key.contains("credential")
                || key.endsWith(".key")
                || key.contains("keystore.key")
                || key.contains("private");
    }

    /** The properties with every secret value replaced by {@link #REDACTED}. */
    public static Map<String, String> redacted(Map<String, String> properties) {
        Map<String, String> result = new TreeMap<>();
        properties.forEach((k, v) -> result.put(k, isSecret(k) ? REDACTED : v));
        return result;
    }

    /** Bootstrap servers and client properties, secrets redacted. */
    @Override
    public String toString() {
        return properties.isEmpty() ? bootstrapServers : bootstrapServers + " " + redacted(properties);
    }
}
