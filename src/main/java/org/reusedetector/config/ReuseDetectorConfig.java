package org.reusedetector.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.reusedetector.page.Chunking;
import org.reusedetector.url.IgnoredParameters;
import org.reusedetector.url.RecursionRule;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads the detector's configuration: option defaults, then a YAML file, then {@code --set key=value}
 * overrides; validates every value at start and fails with the offending key. Keys under {@code flink.}
 * pass through to Flink's own configuration.
 */
public final class ReuseDetectorConfig {

    private static final Logger LOG = LoggerFactory.getLogger(ReuseDetectorConfig.class);
    private static final String NEIGHBORHOOD_PREFIX = "neighborhood.";
    private static final String DEPRECATED_NEIGHBORHOOD_PREFIX = "neighbourhood.";

    public static final String FLINK_PREFIX = "flink.";
    /** Keys under this prefix pass through to every Kafka client of the detector (TLS, SASL, timeouts). */
    public static final String KAFKA_PROPERTIES_PREFIX = "kafka.properties.";
    /**
     * Client settings the job fixes itself, for exactly-once or because another option names them: a
     * {@code kafka.properties.} entry for one of them fails at start rather than silently breaking a guarantee.
     */
    public static final Set<String> FIXED_KAFKA_PROPERTIES = Set.of(
            "bootstrap.servers",
            "group.id",
            "isolation.level",
            "enable.idempotence",
            "transactional.id",
            "key.serializer",
            "value.serializer",
            "key.deserializer",
            "value.deserializer",
            "enable.auto.commit");

    private final Configuration options;
    private final Configuration flink;
    private final Map<String, String> kafka;

    private ReuseDetectorConfig(Configuration options, Configuration flink, Map<String, String> kafka) {
        this.options = options;
        this.flink = flink;
        this.kafka = Map.copyOf(kafka);
    }

    public static ReuseDetectorConfig defaults() {
        return load(null, List.of());
    }

    public static ReuseDetectorConfig load(Path yamlFile, List<String> overrides) {
        Map<String, String> values = new LinkedHashMap<>();
        if (yamlFile != null) {
            try {
                JsonNode root = new ObjectMapper(new YAMLFactory()).readTree(Files.readString(yamlFile));
                if (root != null && !root.isNull() && !root.isMissingNode()) { // empty or comments only: nothing set
                    if (!root.isObject()) {
                        throw new ConfigException(yamlFile + ": the configuration must be a YAML mapping");
                    }
                    flatten("", root, values);
                }
            } catch (IOException e) {
                throw new ConfigException("cannot read configuration " + yamlFile + ": " + e.getMessage());
            }
        }
        for (String override : overrides) {
            int eq = override.indexOf('=');
            if (eq <= 0) {
                throw new ConfigException("--set expects key=value, got '" + override + "'");
            }
            values.put(
                    override.substring(0, eq).trim(), override.substring(eq + 1).trim());
        }
        return of(values);
    }

    /** Builds and validates a configuration from flat key/value pairs. */
    public static ReuseDetectorConfig of(Map<String, String> values) {
        Set<String> known =
                ReuseDetectorOptions.all().stream().map(ConfigOption::key).collect(Collectors.toSet());
        Configuration options = new Configuration();
        Configuration flink = new Configuration();
        Map<String, String> kafka = new TreeMap<>();
        for (Map.Entry<String, String> entry : values.entrySet()) {
            String key = currentKey(entry.getKey(), known);
            if (key.startsWith(FLINK_PREFIX)) {
                flink.setString(key.substring(FLINK_PREFIX.length()), entry.getValue());
            } else if (key.startsWith(KAFKA_PROPERTIES_PREFIX)) {
                String property = key.substring(KAFKA_PROPERTIES_PREFIX.length());
                if (property.isEmpty() || FIXED_KAFKA_PROPERTIES.contains(property)) {
                    throw new ConfigException("configuration key '" + key + "' cannot be set: "
                            + (property.isEmpty()
                                    ? "name a Kafka client property"
                                    : "the job sets " + property + " itself"));
                }
                if (entry.getValue() != null) {
                    kafka.put(property, entry.getValue());
                }
            } else if (!known.contains(key)) {
                throw new ConfigException("unknown configuration key '" + key + "'" + suggestion(key, known));
            } else if (entry.getValue() != null) {
                options.setString(key, entry.getValue());
            }
        }
        ReuseDetectorConfig config = new ReuseDetectorConfig(options, flink, kafka);
        config.validate();
        return config;
    }

    public <T> T get(ConfigOption<T> option) {
        try {
            return options.get(option);
        } catch (RuntimeException e) {
            throw new ConfigException("invalid value for '" + option.key() + "': " + rootMessage(e));
        }
    }

    public <T> Optional<T> getOptional(ConfigOption<T> option) {
        try {
            return options.getOptional(option);
        } catch (RuntimeException e) {
            throw new ConfigException("invalid value for '" + option.key() + "': " + rootMessage(e));
        }
    }

    /** How pages are chunked and which chunks are stop chunks, as configured ({@code chunking.*}, {@code stop-chunks.*}). */
    public Chunking chunking() {
        return new Chunking(
                get(ReuseDetectorOptions.CHUNK_TAGS),
                get(ReuseDetectorOptions.CHUNK_CONTENT_FORM),
                get(ReuseDetectorOptions.STOP_DEFAULT_LIST),
                getOptional(ReuseDetectorOptions.STOP_FILE).orElse(null));
    }

    /** The crawler-recursion rule of discovery, as configured ({@code recursion.*}). */
    public RecursionRule recursionRule() {
        return new RecursionRule(
                get(ReuseDetectorOptions.RECURSION_MAX_REPEATS),
                get(ReuseDetectorOptions.RECURSION_MIN_DISTINCT_REPEATED),
                get(ReuseDetectorOptions.RECURSION_PAIR_REPEATS));
    }

    /** A copy with some options replaced (used by commands whose flags map to options). */
    public ReuseDetectorConfig with(Map<String, String> more) {
        Map<String, String> values = new LinkedHashMap<>(options.toMap());
        flink.toMap().forEach((k, v) -> values.put(FLINK_PREFIX + k, v));
        kafka.forEach((k, v) -> values.put(KAFKA_PROPERTIES_PREFIX + k, v));
        values.putAll(more);
        return of(values);
    }

    /**
     * Kafka client properties given under {@code kafka.properties.} (prefix removed, sorted by name), for every
     * client: the job's sources and sinks, admin, replayer and publishers. May hold secrets: print them only
     * through {@code KafkaConnection}, which redacts.
     */
    public Map<String, String> kafkaProperties() {
        return kafka;
    }

    /** Flink settings given under {@code flink.}. */
    public Configuration flinkConfiguration() {
        return new Configuration(flink);
    }

    /**
     * All detector options with a value (set or default) as a flat map (for the job's global parameters), in
     * Flink's own string forms ({@code 10 s}, {@code p;div}) so that {@link #of} reads them back.
     */
    public Map<String, String> toMap() {
        Configuration typed = new Configuration();
        for (ConfigOption<?> option : ReuseDetectorOptions.all()) {
            copyValue(option, typed);
        }
        Map<String, String> strings = typed.toMap();
        Map<String, String> values = new LinkedHashMap<>();
        for (ConfigOption<?> option : ReuseDetectorOptions.all()) {
            if (strings.containsKey(option.key())) {
                values.put(option.key(), strings.get(option.key()));
            }
        }
        return values;
    }

    private <T> void copyValue(ConfigOption<T> option, Configuration into) {
        T value = get(option);
        if (value != null) {
            into.set(option, value);
        }
    }

    private void validate() {
        for (ConfigOption<?> option : ReuseDetectorOptions.all()) {
            getOptional(option);
        }
        positive(ReuseDetectorOptions.KAFKA_PARTITIONS);
        positive(ReuseDetectorOptions.KAFKA_REPLICATION);
        positive(ReuseDetectorOptions.MAX_BODY_BYTES);
        positive(ReuseDetectorOptions.PARALLELISM);
        positive(ReuseDetectorOptions.NEIGHBORHOOD_MIN_PAGES);
        positive(ReuseDetectorOptions.NEIGHBORHOOD_MAX_DEPTH);
        positive(ReuseDetectorOptions.DEAD_LETTER_MAX_ORIGINAL_BYTES);
        positive(ReuseDetectorOptions.MIN_MATCHED_CHUNKS);
        atLeastZero(ReuseDetectorOptions.NEIGHBORHOOD_MIN_EVIDENCE);
        unitInterval(ReuseDetectorOptions.NEIGHBORHOOD_THRESHOLD_FLOOR);
        unitInterval(ReuseDetectorOptions.NEIGHBORHOOD_THRESHOLD_CEILING);
        if (get(ReuseDetectorOptions.NEIGHBORHOOD_THRESHOLD_FLOOR)
                > get(ReuseDetectorOptions.NEIGHBORHOOD_THRESHOLD_CEILING)) {
            throw new ConfigException("invalid value for '" + ReuseDetectorOptions.NEIGHBORHOOD_THRESHOLD_FLOOR.key()
                    + "': must not exceed " + ReuseDetectorOptions.NEIGHBORHOOD_THRESHOLD_CEILING.key());
        }
        if (get(ReuseDetectorOptions.NEIGHBORHOOD_MIN_EVIDENCE) > get(ReuseDetectorOptions.NEIGHBORHOOD_MAX_EVIDENCE)) {
            throw new ConfigException("invalid value for '" + ReuseDetectorOptions.NEIGHBORHOOD_MIN_EVIDENCE.key()
                    + "': must not exceed " + ReuseDetectorOptions.NEIGHBORHOOD_MAX_EVIDENCE.key()
                    + " (evidence is counted from the hashes kept)");
        }
        if (get(ReuseDetectorOptions.STATUS_INTERVAL).isNegative()) {
            throw new ConfigException(
                    "invalid value for '" + ReuseDetectorOptions.STATUS_INTERVAL.key() + "': must not be negative");
        }
        atLeastZero(ReuseDetectorOptions.STOP_MIN_LENGTH);
        atLeastZero(ReuseDetectorOptions.MAX_EVIDENCE);
        atLeastZero(ReuseDetectorOptions.NEIGHBORHOOD_MAX_EVIDENCE);
        atLeastZero(ReuseDetectorOptions.NEIGHBORHOOD_MIN_NEIGHBORHOODS);
        atLeastZero(ReuseDetectorOptions.TEMPLATE_MIN_PAGES);
        atLeastZero(ReuseDetectorOptions.EMBEDDED_KAFKA_PORT);
        unitInterval(ReuseDetectorOptions.PAGE_THRESHOLD);
        unitInterval(ReuseDetectorOptions.TEMPLATE_MIN_SHARE);
        atLeastZero(ReuseDetectorOptions.DISCOVERY_MIN_CHUNK_LENGTH);
        validateDiscovery();
        try {
            IgnoredParameters.of(get(ReuseDetectorOptions.URL_IGNORED_PARAMETERS));
        } catch (IllegalArgumentException e) {
            throw new ConfigException(
                    "invalid value for '" + ReuseDetectorOptions.URL_IGNORED_PARAMETERS.key() + "': " + e.getMessage());
        }
        getOptional(ReuseDetectorOptions.NEIGHBORHOOD_FIXED_THRESHOLD).ifPresent(v -> {
            if (v < 0 || v > 1) {
                throw new ConfigException("invalid value for '"
                        + ReuseDetectorOptions.NEIGHBORHOOD_FIXED_THRESHOLD.key() + "': " + v + " is not in [0, 1]");
            }
        });
        if (get(ReuseDetectorOptions.NEIGHBORHOOD_REEVALUATE_STEP) <= 0) {
            throw new ConfigException("invalid value for '" + ReuseDetectorOptions.NEIGHBORHOOD_REEVALUATE_STEP.key()
                    + "': must be positive");
        }
        if (get(ReuseDetectorOptions.NEIGHBORHOOD_STDDEVS) < 0) {
            throw new ConfigException("invalid value for '" + ReuseDetectorOptions.NEIGHBORHOOD_STDDEVS.key()
                    + "': must not be negative");
        }
        if (get(ReuseDetectorOptions.CHUNK_TAGS).isEmpty()) {
            throw new ConfigException(
                    "invalid value for '" + ReuseDetectorOptions.CHUNK_TAGS.key() + "': name at least one element");
        }
        for (ConfigOption<Duration> d : List.of(
                ReuseDetectorOptions.CHECKPOINT_INTERVAL,
                ReuseDetectorOptions.NEIGHBORHOOD_URL_RETENTION,
                ReuseDetectorOptions.KAFKA_TRANSACTION_TIMEOUT)) {
            if (get(d).isZero() || get(d).isNegative()) {
                throw new ConfigException("invalid value for '" + d.key() + "': must be a positive duration");
            }
        }
        if (get(ReuseDetectorOptions.LABELS_KEYED_RESCORE_RETENTION).isNegative()) {
            throw new ConfigException("invalid value for '" + ReuseDetectorOptions.LABELS_KEYED_RESCORE_RETENTION.key()
                    + "': must not be negative");
        }
        positive(ReuseDetectorOptions.LABELS_KEYED_RESCORE_MAX_PAGES);
        if (get(ReuseDetectorOptions.KAFKA_TRANSACTION_TIMEOUT).compareTo(get(ReuseDetectorOptions.CHECKPOINT_INTERVAL))
                <= 0) {
            throw new ConfigException("invalid value for '" + ReuseDetectorOptions.KAFKA_TRANSACTION_TIMEOUT.key()
                    + "': must be longer than job.checkpoint-interval, or transactions abort before they commit");
        }
    }

    /** The ranges the discovery rules accept, checked here so that a bad value fails at start with its key. */
    private void validateDiscovery() {
        if (get(ReuseDetectorOptions.DISCOVERY_THRESHOLD_MODE) == ThresholdMode.FIXED) {
            long count = getOptional(ReuseDetectorOptions.DISCOVERY_THRESHOLD_COUNT)
                    .orElseThrow(() -> new ConfigException(ReuseDetectorOptions.DISCOVERY_THRESHOLD_COUNT.key()
                            + " is required with discovery.threshold.mode FIXED"));
            if (count < 1) {
                throw new ConfigException("invalid value for '" + ReuseDetectorOptions.DISCOVERY_THRESHOLD_COUNT.key()
                        + "': " + count + " must be at least 1");
            }
        } else {
            check(ReuseDetectorOptions.DISCOVERY_THRESHOLD_SCALE, v -> v > 0, "must be positive");
            check(ReuseDetectorOptions.DISCOVERY_THRESHOLD_EXPONENT, v -> v >= 0 && v <= 1, "is not in [0, 1]");
            check(ReuseDetectorOptions.DISCOVERY_THRESHOLD_MIN_COUNT, v -> v >= 1, "must be at least 1");
        }
        check(ReuseDetectorOptions.DISCOVERY_MIN_HOSTS, v -> v >= 1, "must be at least 1");
        check(ReuseDetectorOptions.DISCOVERY_MAX_TOP_HOST_SHARE, v -> v > 0 && v <= 1, "is not in (0, 1]");
        check(ReuseDetectorOptions.DISCOVERY_MAX_PAGES_PER_HOST, v -> v >= 1, "must be at least 1");
    }

    private <T> void check(ConfigOption<T> option, Predicate<T> valid, String otherwise) {
        T value = get(option);
        if (!valid.test(value)) {
            throw new ConfigException("invalid value for '" + option.key() + "': " + value + " " + otherwise);
        }
    }

    private void positive(ConfigOption<Integer> option) {
        if (get(option) <= 0) {
            throw new ConfigException("invalid value for '" + option.key() + "': " + get(option) + " must be positive");
        }
    }

    private void atLeastZero(ConfigOption<Integer> option) {
        if (get(option) < 0) {
            throw new ConfigException(
                    "invalid value for '" + option.key() + "': " + get(option) + " must not be negative");
        }
    }

    private void unitInterval(ConfigOption<Double> option) {
        double v = get(option);
        if (!(v >= 0 && v <= 1)) {
            throw new ConfigException("invalid value for '" + option.key() + "': " + v + " is not in [0, 1]");
        }
    }

    private static void flatten(String prefix, JsonNode node, Map<String, String> out) {
        if (node.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                flatten(prefix.isEmpty() ? field.getKey() : prefix + "." + field.getKey(), field.getValue(), out);
            }
        } else if (node.isArray()) {
            List<String> items = new ArrayList<>();
            node.forEach(item -> items.add(item.asText()));
            out.put(prefix, String.join(";", items));
        } else if (!node.isNull()) {
            out.put(prefix, node.asText());
        }
    }

    /**
     * The key under its one spelling: {@code neighbourhood.*} keys are accepted for {@code neighborhood.*} and logged as
     * deprecated (configuration, metrics and JSON spell it one way; docs/operations.md).
     */
    static String currentKey(String key, Set<String> known) {
        if (key.startsWith(DEPRECATED_NEIGHBORHOOD_PREFIX)) {
            String current = NEIGHBORHOOD_PREFIX + key.substring(DEPRECATED_NEIGHBORHOOD_PREFIX.length());
            if (known.contains(current)) {
                LOG.warn("Configuration key '{}' is deprecated: use '{}'", key, current);
                return current;
            }
        }
        return key;
    }

    private static String suggestion(String key, Set<String> known) {
        String tail = key.substring(key.lastIndexOf('.') + 1);
        List<String> close = known.stream()
                .filter(k -> k.endsWith("." + tail) || k.endsWith(tail))
                .sorted()
                .toList();
        return close.isEmpty() ? "" : " (did you mean " + String.join(", ", close) + "?)";
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.toString() : t.getMessage();
    }
}
