package org.reusedetector.local;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.network.ListenerName;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNode;
import org.apache.kafka.common.test.TestKitNodes;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.kafka.KafkaLimits;
import org.reusedetector.kafka.KafkaTopics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real single-node Apache Kafka broker in this JVM: KRaft mode, broker and controller combined in one node,
 * started with Kafka's own {@link KafkaClusterTestKit}. It is the detector's embedded default when no
 * bootstrap servers are configured, and the broker of the integration tests.
 *
 * <p><b>Port.</b> The test kit binds its broker and controller listeners to ephemeral ports it pre-binds
 * itself, whatever port they are configured with. Clients therefore get a listener of their own,
 * {@value #CLIENT_LISTENER}, which binds the requested port ({@code embedded.kafka-port}; 0 picks a free one);
 * {@link #bootstrapServers()} names it. The kit's listeners stay on ephemeral ports.
 *
 * <p><b>Data.</b> With a data directory ({@code embedded.data-dir}) the logs and the KRaft metadata live there
 * and survive a restart: the first start formats the directory, later starts read the cluster id back from
 * its {@code meta.properties} and reuse it. A directory is used by one broker at a time (Kafka locks it).
 * Without a data directory the broker uses a temporary one, deleted on {@link #close()}. Caveat of the kit:
 * if building the node fails (an invalid setting, not a busy port), it deletes the directory, so point
 * {@code embedded.data-dir} at a directory that holds nothing but the broker's data.
 *
 * <p><b>Settings.</b> Replication factors and minimum in-sync replicas of Kafka's internal topics are 1, so
 * that consumer groups, transactions and exactly-once sinks work on one node; transactions may last up to
 * {@link #TRANSACTION_MAX_TIMEOUT_MS} (Flink's Kafka sink asks for an hour by default); records may be up to
 * {@link KafkaLimits#MAX_RECORD_BYTES} (a real cluster needs the same, see {@link KafkaLimits}). Topics are
 * not created automatically: create them with {@link KafkaTopics} (an auto-created labels topic would not be
 * compacted). The metadata version is Kafka's latest production version, not the kit's unstable default.
 *
 * <p><b>Faults.</b> Where a standalone broker would exit on a fatal fault (one in loading or applying its
 * metadata, say), the kit's fault handler only logs it at ERROR and lets the node run on; {@link #close()}
 * then fails with the first such fault. The first start on a directory formats it; Kafka's storage formatter
 * prints two lines to standard output, which the kit gives no way to redirect: they are caught and logged at
 * DEBUG instead (see {@link #formatQuietly}).
 */
public final class EmbeddedKafkaBroker implements AutoCloseable {

    /** Name of the listener clients connect to; it binds the configured port. */
    public static final String CLIENT_LISTENER = "LOCAL";
    /** Longest transaction the broker allows: above the Kafka sink's default of one hour. */
    public static final long TRANSACTION_MAX_TIMEOUT_MS = TimeUnit.HOURS.toMillis(2);

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedKafkaBroker.class);
    private static final String META_PROPERTIES = "meta.properties";

    private final KafkaClusterTestKit kit;
    private final String bootstrapServers;
    private final Path dataDir;
    private final Thread shutdownHook;
    private boolean closed;

    private EmbeddedKafkaBroker(KafkaClusterTestKit kit, String bootstrapServers, Path dataDir) {
        this.kit = kit;
        this.bootstrapServers = bootstrapServers;
        this.dataDir = dataDir;
        // A broker stopped with its JVM (Ctrl-C) still shuts down cleanly, so the next start skips log recovery.
        this.shutdownHook = new Thread(this::closeOnExit, "embedded-kafka-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /** Starts a broker on {@code embedded.kafka-port} with its data in {@code embedded.data-dir}. */
    public static EmbeddedKafkaBroker start(ReuseDetectorConfig config) {
        return start(
                config.get(ReuseDetectorOptions.EMBEDDED_KAFKA_PORT),
                Path.of(config.get(ReuseDetectorOptions.EMBEDDED_DATA_DIR)));
    }

    /**
     * Starts a broker and waits until it accepts clients.
     *
     * @param port port of the client listener on localhost; 0 for any free port
     * @param dataDir directory of the broker's data, kept after {@link #close()}; {@code null} for a temporary
     *     directory deleted on close
     */
    public static EmbeddedKafkaBroker start(int port, Path dataDir) {
        return start(port, dataDir, Map.of());
    }

    /**
     * As {@link #start(int, Path)}, with further broker settings applied last: say, a SASL or TLS client
     * listener ({@code listener.security.protocol.map} with {@value #CLIENT_LISTENER}{@code :SASL_PLAINTEXT} and
     * the listener's {@code listener.name.local.*} settings) to test secured clients against.
     */
    public static EmbeddedKafkaBroker start(int port, Path dataDir, Map<String, ?> extraSettings) {
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("invalid port " + port);
        }
        long startNanos = System.nanoTime();
        KafkaClusterTestKit kit = null;
        try {
            TestKitNodes nodes = nodes(dataDir);
            boolean formatted =
                    dataDir != null && readClusterId(singleNode(nodes)).isPresent();
            KafkaClusterTestKit.Builder builder =
                    new KafkaClusterTestKit.Builder(nodes).setDeleteOnClose(dataDir == null);
            brokerSettings(port).forEach(builder::setConfigProp);
            extraSettings.forEach(builder::setConfigProp);
            kit = builder.build();
            if (!formatted) {
                formatQuietly(kit);
            }
            kit.startup();
            kit.waitForReadyBrokers();
            int boundPort =
                    kit.brokers().values().iterator().next().boundPort(ListenerName.normalised(CLIENT_LISTENER));
            EmbeddedKafkaBroker broker = new EmbeddedKafkaBroker(kit, "localhost:" + boundPort, dataDir);
            LOG.info(
                    "Embedded Kafka broker listening on {} (data in {}, started in {} ms)",
                    broker.bootstrapServers,
                    dataDir == null ? "a temporary directory" : dataDir.toAbsolutePath(),
                    (System.nanoTime() - startNanos) / 1_000_000);
            return broker;
        } catch (Exception e) {
            if (kit != null) {
                closeQuietly(kit, e);
            }
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw new IllegalStateException(
                    "cannot start the embedded Kafka broker on port " + port
                            + (dataDir == null ? "" : " with data in " + dataDir.toAbsolutePath()) + ": "
                            + rootMessage(e),
                    e);
        }
    }

    /** Bootstrap servers of the client listener, {@code localhost:<port>}. */
    public String bootstrapServers() {
        return bootstrapServers;
    }

    /** The port clients connect to (the bound one when started with port 0). */
    public int port() {
        return Integer.parseInt(bootstrapServers.substring(bootstrapServers.lastIndexOf(':') + 1));
    }

    /** The data directory, empty when the broker runs on a temporary one. */
    public Optional<Path> dataDir() {
        return Optional.ofNullable(dataDir);
    }

    /** Stops the broker; with a temporary directory, deletes it. Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: this is the hook itself, or the hook waits for this call
        }
        try {
            kit.close();
            LOG.debug("Embedded Kafka broker on {} stopped", bootstrapServers);
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw new IllegalStateException("stopping the embedded Kafka broker on " + bootstrapServers + " failed", e);
        }
    }

    private void closeOnExit() {
        try {
            close();
        } catch (RuntimeException e) {
            LOG.warn("Stopping the embedded Kafka broker at exit failed", e);
        }
    }

    /** The broker settings on top of the kit's; see the class comment for why. */
    static Map<String, Object> brokerSettings(int port) {
        Map<String, Object> settings = new LinkedHashMap<>();
        // The kit's listeners (EXTERNAL for brokers, CONTROLLER) keep their pre-bound ephemeral ports.
        settings.put(
                "listeners",
                "EXTERNAL://localhost:0,CONTROLLER://localhost:0," + CLIENT_LISTENER + "://localhost:" + port);
        settings.put(
                "listener.security.protocol.map",
                "EXTERNAL:PLAINTEXT,CONTROLLER:PLAINTEXT," + CLIENT_LISTENER + ":PLAINTEXT");
        settings.put("group.initial.rebalance.delay.ms", "0");
        settings.put("offsets.topic.replication.factor", "1");
        settings.put("offsets.topic.num.partitions", "4");
        settings.put("transaction.state.log.replication.factor", "1");
        settings.put("transaction.state.log.min.isr", "1");
        settings.put("transaction.state.log.num.partitions", "4");
        settings.put("transaction.max.timeout.ms", Long.toString(TRANSACTION_MAX_TIMEOUT_MS));
        settings.put("share.coordinator.state.topic.replication.factor", "1");
        settings.put("share.coordinator.state.topic.min.isr", "1");
        settings.put("default.replication.factor", "1");
        settings.put("min.insync.replicas", "1");
        settings.put("message.max.bytes", Integer.toString(KafkaLimits.MAX_RECORD_BYTES));
        settings.put("replica.fetch.max.bytes", Integer.toString(KafkaLimits.MAX_RECORD_BYTES));
        settings.put("auto.create.topics.enable", "false");
        // The kit enables unreleased protocol and feature versions for Kafka's own tests; a data directory
        // formatted with them might not open with another Kafka version.
        settings.put("unstable.api.versions.enable", "false");
        settings.put("unstable.feature.versions.enable", "false");
        return settings;
    }

    private static TestKitNodes nodes(Path dataDir) throws IOException {
        TestKitNodes.Builder builder = nodesBuilder(dataDir);
        if (dataDir == null) {
            return builder.build();
        }
        // The node's directory is the kit's choice: build once to learn it, again with a stored cluster id.
        TestKitNodes nodes = builder.build();
        Optional<String> clusterId = readClusterId(singleNode(nodes));
        if (clusterId.isEmpty()) {
            return nodes;
        }
        return nodesBuilder(dataDir).setClusterId(clusterId.get()).build();
    }

    private static TestKitNodes.Builder nodesBuilder(Path dataDir) throws IOException {
        TestKitNodes.Builder builder = new TestKitNodes.Builder()
                .setCombined(true)
                .setNumBrokerNodes(1)
                .setNumControllerNodes(1);
        LatestProductionMetadataVersion.apply(builder);
        if (dataDir != null) {
            Files.createDirectories(dataDir);
            builder.setBaseDirectory(dataDir.toAbsolutePath());
        }
        return builder;
    }

    private static TestKitNode singleNode(TestKitNodes nodes) {
        return nodes.brokerNodes().values().iterator().next();
    }

    private static Optional<String> readClusterId(TestKitNode node) {
        Path meta = Path.of(node.metadataDirectory(), META_PROPERTIES);
        if (!Files.isRegularFile(meta)) {
            return Optional.empty();
        }
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(meta)) {
            properties.load(reader);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + meta, e);
        }
        String clusterId = properties.getProperty("cluster.id");
        if (clusterId == null || clusterId.isBlank()) {
            throw new IllegalStateException(meta + " has no cluster.id: not a Kafka data directory?");
        }
        return Optional.of(clusterId.trim());
    }

    /**
     * Formats the data directory with standard output caught for the moment: the formatter's two lines
     * ("Bootstrap metadata: ...", "Formatting metadata directory ...") are routine and go to the DEBUG log.
     * Nothing else runs yet that writes to standard output (the broker has not started).
     */
    private static void formatQuietly(KafkaClusterTestKit kit) throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream caught = new ByteArrayOutputStream();
        synchronized (System.class) {
            System.setOut(new PrintStream(caught, true, StandardCharsets.UTF_8));
            try {
                kit.format();
            } finally {
                System.setOut(original);
            }
        }
        caught.toString(StandardCharsets.UTF_8).lines().forEach(line -> LOG.debug("Kafka storage formatter: {}", line));
    }

    /** The kit wraps the telling failure (a busy port, a locked directory) in several layers. */
    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() == null ? root.toString() : root.getMessage();
        return root instanceof BindException ? "port in use (" + message + ")" : message;
    }

    private static void closeQuietly(KafkaClusterTestKit kit, Exception cause) {
        try {
            kit.close();
        } catch (Exception e) {
            cause.addSuppressed(e);
        }
    }
}
