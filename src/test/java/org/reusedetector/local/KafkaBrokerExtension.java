package org.reusedetector.local;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.reusedetector.kafka.KafkaTopics;

/**
 * One real embedded Kafka broker ({@link EmbeddedKafkaBroker}, any free port, temporary data directory) shared
 * by every test class of the JVM that uses this extension. It starts before the first such class and stops
 * when the test run ends, so a run pays for one broker start however many classes use it.
 *
 * <pre>{@code
 * @ExtendWith(KafkaBrokerExtension.class)
 * class MyITCase {
 *     @Test
 *     void something() {
 *         String bootstrap = KafkaBrokerExtension.bootstrapServers();
 *         String topic = KafkaBrokerExtension.uniqueName("pages");
 *         KafkaTopics.ensure(bootstrap, List.of(new TopicSpec(topic, 2, (short) 1, Map.of())));
 *         ...
 *     }
 * }
 * }</pre>
 *
 * Because the broker is shared, use {@link #uniqueName(String)} for topics, consumer groups and transactional
 * ids. The broker does not create topics on first use: create them (e.g. with {@link KafkaTopics}).
 */
public final class KafkaBrokerExtension implements BeforeAllCallback {

    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(KafkaBrokerExtension.class);
    private static final AtomicInteger NAMES = new AtomicInteger();
    private static volatile EmbeddedKafkaBroker broker;

    @Override
    public void beforeAll(ExtensionContext context) {
        // The root context's store closes its resources when the whole run ends.
        context.getRoot()
                .getStore(NAMESPACE)
                .getOrComputeIfAbsent(SharedBroker.class, k -> new SharedBroker(), SharedBroker.class);
    }

    /** Bootstrap servers of the shared broker ({@code localhost:<port>}). */
    public static String bootstrapServers() {
        EmbeddedKafkaBroker current = broker;
        if (current == null) {
            throw new IllegalStateException(
                    "no broker: annotate the test class with @ExtendWith(KafkaBrokerExtension.class)");
        }
        return current.bootstrapServers();
    }

    /** A name no other test of this JVM gets: {@code <prefix>-<n>}. */
    public static String uniqueName(String prefix) {
        return prefix + "-" + NAMES.incrementAndGet();
    }

    private static final class SharedBroker implements ExtensionContext.Store.CloseableResource {

        SharedBroker() {
            broker = EmbeddedKafkaBroker.start(0, null);
        }

        @Override
        public void close() {
            EmbeddedKafkaBroker current = broker;
            broker = null;
            current.close();
        }
    }
}
