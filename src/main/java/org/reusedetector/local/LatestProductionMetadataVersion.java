package org.reusedetector.local;

import java.lang.reflect.Method;
import org.apache.kafka.common.test.TestKitNodes;

/**
 * Formats the embedded broker with Kafka's latest production metadata version instead of the test kit's
 * default, the latest unreleased one. {@code MetadataVersion} lives in kafka-server-common, which the test
 * kit brings at runtime scope only, hence the reflective call to the kit's public setter.
 */
final class LatestProductionMetadataVersion {

    private static final String METADATA_VERSION = "org.apache.kafka.server.common.MetadataVersion";

    private LatestProductionMetadataVersion() {}

    static void apply(TestKitNodes.Builder builder) {
        try {
            Class<?> type = Class.forName(METADATA_VERSION);
            Object latestProduction = type.getField("LATEST_PRODUCTION").get(null);
            Method setter = TestKitNodes.Builder.class.getMethod("setBootstrapMetadataVersion", type);
            setter.invoke(builder, latestProduction);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(
                    "Kafka's test kit lacks " + METADATA_VERSION + ".LATEST_PRODUCTION or "
                            + "TestKitNodes.Builder.setBootstrapMetadataVersion: a Kafka version other than 4.2 on the classpath?",
                    e);
        }
    }
}
